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
  /** A symbol per colour for colour-blind play (language.md §14). */
  symbols?: Readonly<Record<string, string>>;
  /** Readable names of enum values, actions, zones, kinds, stages and windows (language.md §14). */
  names?: Readonly<Record<string, string>>;
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
  /** `type` is the declared type (`number`, `bool`, `player?`, `enum:Colour?` …; see the runtime's VarDef). */
  vars: readonly { name: string; scope: string; type?: string }[];
  scoreVar: number;
  /** `enum`: the enum whose ordinals the faces are (absent for numeric dice). */
  dice: readonly { name: string; faces: readonly number[]; enum?: string }[];
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

/** The enum a die's faces are (`DieDef.enum`, from the rule file's `die d: Enum`), if any. */
export function dieEnum(def: ClientDef, dieName: string): EnumDef | undefined {
  const die = def.dice.find((d) => d.name === dieName);
  return die?.enum === undefined ? undefined : def.enums.find((e) => e.name === die.enum);
}

/**
 * The enum a variable holds, from its declared type (`VarDef.type`: `enum:Colour`, or
 * `enum:Colour?` when it may be none).
 */
export function varEnum(def: ClientDef, varName: string): EnumDef | undefined {
  const type = def.vars.find((x) => x.name === varName)?.type;
  const m = typeof type === 'string' ? /^enum:(\w+)\??$/.exec(type) : null;
  return m ? def.enums.find((e) => e.name === m[1]) : undefined;
}

/** A value of an enum for people: its symbol when it has a short one, else its name. */
export function enumLabel(e: EnumDef, ordinal: number): string {
  const name = e.values[ordinal] ?? String(ordinal);
  return humanize(name);
}
