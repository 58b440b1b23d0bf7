// A game's tables as the server describes them (GET /api/games/:id/def) and small lookups over them.

export interface EnumDef {
  name: string;
  values: readonly string[];
  symbols: readonly string[];
}

export interface AttrDef {
  name: string;
  enumIndex: number;
  numberSymbols?: Readonly<Record<number, string>>;
}

export interface FaceTable {
  kinds: readonly string[];
  attrs: readonly AttrDef[];
  kind: readonly number[];
  values: readonly (readonly number[])[];
  notation: readonly string[];
}

export type ParamDef =
  | { name: string; kind: 'card' | 'cards' | 'bool' | 'player'; optional: boolean }
  | { name: string; kind: 'pile'; family: number; orNew: boolean; optional: boolean }
  | { name: string; kind: 'enum'; enumIndex: number; optional: boolean }
  | { name: string; kind: 'int'; min: number; max: number; optional: boolean };

export interface ActionDef {
  name: string;
  who: 'current' | 'any' | 'role';
  role?: string;
  during: readonly string[];
  params: readonly ParamDef[];
  races: boolean;
  /** Constant rate in ms; or the option it reads (`rateOption`); `rated` when it has one at all. */
  rate?: number;
  rateOption?: string;
  rated?: boolean;
  once?: boolean;
}

export interface ZoneDef {
  name: string;
  scope: 'shared' | 'player' | 'side';
  shape: 'pile' | 'fan' | 'row' | 'piles';
  slots?: number;
  visibility: string;
}

export type PlaceAt = 'bottom' | 'top' | 'centre' | 'around' | 'side';

export interface LayoutDef {
  colours: Readonly<Record<string, string>>;
  cards: Readonly<Record<string, { fill?: readonly string[]; corner?: string; centre?: string }>>;
  places: readonly { zone: string; of: 'me' | 'others' | 'shared'; at: PlaceAt }[];
}

export interface ClientDef {
  id: string;
  title: string;
  summary: string;
  minPlayers: number;
  maxPlayers: number;
  enums: readonly EnumDef[];
  faces: FaceTable;
  zones: readonly ZoneDef[];
  vars: readonly { name: string; scope: string; type?: unknown }[];
  scoreVar: number;
  dice: readonly { name: string; faces: readonly number[] }[];
  roles: readonly string[];
  stages: readonly { name: string; kind: string; steps?: readonly string[]; turnTimer?: string; idle?: readonly string[] }[];
  windows: readonly { name: string; blocking: boolean; timed: boolean }[];
  actions: readonly ActionDef[];
  winner: { by: 'lowest' | 'highest' };
  layout: LayoutDef;
  /** Option names and defaults (older servers may not send them). */
  options?: readonly { name: string; default: number }[];
}

/** An action's rate in ms at a table with these options, or null when it has none (or it is unknown). */
export function rateOf(def: ClientDef, type: string, options: Readonly<Record<string, unknown>> = {}): number | null {
  const a = actionDef(def, type);
  if (!a) return null;
  if (typeof a.rate === 'number') return a.rate;
  if (a.rateOption) {
    const v = options[a.rateOption] ?? def.options?.find((o) => o.name === a.rateOption)?.default;
    return typeof v === 'number' ? v : null;
  }
  return null;
}

/** `draw_card` → "Draw card"; `go-out` → "Go out"; `RunEnd` → "Run end". */
export function humanize(name: string): string {
  const s = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function actionDef(def: ClientDef, type: string): ActionDef | undefined {
  return def.actions.find((a) => a.name === type);
}

export function zoneDef(def: ClientDef, name: string): ZoneDef | undefined {
  return def.zones.find((z) => z.name === name);
}

/** The enum a die's faces are drawn from: the one whose values its faces enumerate, preferring coloured enums. */
export function dieEnum(def: ClientDef, dieName: string): EnumDef | undefined {
  const die = def.dice.find((d) => d.name === dieName);
  if (!die) return undefined;
  const n = new Set(die.faces).size;
  const fits = def.enums.filter((e) => e.values.length === n && die.faces.every((f) => f >= 0 && f < e.values.length));
  return fits.find((e) => e.values.some((v) => def.layout.colours[v])) ?? fits[0];
}

/**
 * The enum a variable holds: its declared type when the server sends one, else the enum whose
 * name is the variable's name (`colour` ↔ `Colour`).
 */
export function varEnum(def: ClientDef, varName: string): EnumDef | undefined {
  const v = def.vars.find((x) => x.name === varName);
  const t = v?.type as { enumIndex?: number } | undefined;
  if (t && typeof t.enumIndex === 'number') return def.enums[t.enumIndex];
  return def.enums.find((e) => e.name.toLowerCase() === varName.toLowerCase());
}

/** A value of an enum for people: its symbol when it has a short one, else its name. */
export function enumLabel(e: EnumDef, ordinal: number): string {
  const name = e.values[ordinal] ?? String(ordinal);
  return humanize(name);
}
