// A game's tables as the server describes them (GET /api/games/:id/def) and small lookups over them.

import type { ClientAction, ClientDef, ClientParam, ClientZone } from '@decksmith/protocol';
import type { EnumDef, LayoutDef } from '@decksmith/runtime';

export type { ClientDef } from '@decksmith/protocol';
export type { AttrDef, EnumDef, FaceTable, LayoutDef } from '@decksmith/runtime';
export type ParamDef = ClientParam;
export type ActionDef = ClientAction;
export type ZoneDef = ClientZone;
export type PlaceAt = LayoutDef['places'][number]['at'];

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
