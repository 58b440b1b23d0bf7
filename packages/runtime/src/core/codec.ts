// The wire form of actions: shape checks, decoding args into the engine's number buffer,
// and encoding enumerated candidates back (cards as the seat's view ids).
import type { EngineParts } from './engine-parts.ts';
import { NONE, type ParamDef, type Rejection } from './game-def.ts';
import { cardOfViewId, viewIdOf } from '../views/view-ids.ts';
import { expectOf, racedZone } from '../arbitration/checks.ts';
import { cardZoneOf } from './state.ts';

export type ArgValue = number | string | boolean | number[];

/** What a legal-action entry leaves to the player: choose `min`..`max` of `from` for `param`. */
export interface ChoiceSpec {
  /** The parameter to fill in `args` with a list of card ids. */
  param: string;
  /** The candidate cards (the seat's view ids), in zone order. */
  from: number[];
  min: number;
  /** At most `from.length`. */
  max: number;
}

/** An action as a client sends it (and as legalActions lists it). */
export interface Action {
  type: string;
  args?: Record<string, ArgValue>;
  /** For `races` actions: the raced zone's height and top card (view id) as the client saw it. */
  expect?: { height: number; top: number | null };
  /** Optional: the round the client saw; a different one is rejected `round/over`. */
  round?: number;
  /**
   * Only in legal-action lists: a counted choice left to the player (`cs: 3 cards in hand(me)`).
   * The client sends the action with `args[choose.param]` set to the chosen ids, without `choose`.
   */
  choose?: ChoiceSpec;
  /**
   * Only in a server's log: how the server ranked a contested play (arbitration/compensation.ts):
   * its estimated send time, arrival, the delay credited and why. `apply` ignores it (the decision
   * is the log's order and times); a server never takes it from a client.
   */
  timing?: ActionTiming;
}

/** A contested play's ranking as a log records it. */
export interface ActionTiming {
  sent: number;
  arrived: number;
  credited: number;
  basis: 'arrival' | 'delay' | 'window' | 'view';
  /** Its place among the plays decided together (0: first). */
  rank: number;
}

function invalid(message: string): Rejection {
  return { code: 'input/invalid', message };
}

/** Checks the outer shape of an action; null when well-formed. */
export function checkShape(action: unknown): Rejection | null {
  if (typeof action !== 'object' || action === null || Array.isArray(action)) return invalid('An action must be an object like { type, args }.');
  const a = action as Record<string, unknown>;
  if (typeof a.type !== 'string' || a.type === '') return invalid('An action needs a "type": the action\'s name.');
  // for…in with an own-property test: the same keys as Object.keys, without an array per action.
  for (const k in a) {
    if (!Object.hasOwn(a, k)) continue;
    if (k === 'choose') return invalid('"choose" only describes a choice in the legal actions: send the chosen card ids in "args" instead.');
    if (k !== 'type' && k !== 'args' && k !== 'expect' && k !== 'round' && k !== 'timing') return invalid(`Unknown field "${k}" in the action.`);
  }
  if (a.args !== undefined) {
    if (typeof a.args !== 'object' || a.args === null || Array.isArray(a.args)) return invalid('"args" must be an object of named parameters.');
    const args = a.args as Record<string, unknown>;
    for (const k in args) {
      if (!Object.hasOwn(args, k)) continue;
      const v = args[k];
      const ok =
        (typeof v === 'number' && Number.isFinite(v)) ||
        typeof v === 'string' ||
        typeof v === 'boolean' ||
        (Array.isArray(v) && v.every((x) => typeof x === 'number' && Number.isFinite(x)));
      if (!ok) return invalid(`Parameter "${k}" must be a number, a string, a boolean or a list of numbers.`);
    }
  }
  if (a.expect !== undefined) {
    const x = a.expect as Record<string, unknown> | null;
    if (
      typeof x !== 'object' || x === null ||
      typeof x.height !== 'number' || !Number.isInteger(x.height) || x.height < 0 ||
      !(x.top === null || (typeof x.top === 'number' && Number.isInteger(x.top)))
    ) return invalid('"expect" must be { height: a whole number ≥ 0, top: a card id or null }.');
  }
  if (a.round !== undefined && (typeof a.round !== 'number' || !Number.isInteger(a.round))) return invalid('"round" must be a whole number.');
  return null;
}

function zoneName(e: EngineParts, z: number): string {
  return z < 0 ? 'nowhere' : e.def.zones[e.s.zoneDecl[z]].name;
}

/** Whether `seat` sees the face of `card` where it lies now. */
export function seesCard(e: EngineParts, seat: number, card: number): boolean {
  const z = cardZoneOf(e.s, card);
  return ((e.visibleMask(z, e.s.zones[z].indexOf(card)) >> seat) & 1) === 1;
}

function decodeCard(e: EngineParts, seat: number, p: ParamDef & { zone: unknown }, v: unknown): number | Rejection {
  if (typeof v !== 'number' || !Number.isInteger(v)) return invalid(`Parameter "${p.name}" must be a card id (a number).`);
  const card = cardOfViewId(e.s, seat, v);
  const zone = (p as { zone: (x: EngineParts) => number }).zone(e);
  if (card < 0 || cardZoneOf(e.s, card) !== zone || !seesCard(e, seat, card)) {
    return { code: 'card/not_in_zone', message: `That card is not in ${zoneName(e, zone)} (any more).` };
  }
  return card;
}

const NO_ARGS: Readonly<Record<string, ArgValue>> = Object.freeze({});

/** Decodes `args` for action `ai` into e.args / e.lists; null when they are valid. */
export function decodeArgs(e: EngineParts, ai: number, seat: number, args: Record<string, ArgValue> | undefined): Rejection | null {
  const a = e.def.actions[ai];
  const given = args ?? NO_ARGS;
  // Plain loops: no key array or closure per action received (checkShape has vetted `args`).
  for (const k in given) {
    if (!Object.hasOwn(given, k)) continue;
    let known = false;
    for (let i = 0; i < a.params.length && !known; i++) known = a.params[i].name === k;
    if (!known) return invalid(`${a.name} has no parameter "${k}".`);
  }
  const buf = e.args;
  for (let i = 0; i < a.params.length; i++) {
    const p = a.params[i];
    const v = given[p.name];
    buf[i] = NONE;
    e.absent[i] = 0;
    if (p.when !== undefined && !p.when(e, buf)) {
      e.absent[i] = 1;
      if (v !== undefined) return invalid(`Parameter "${p.name}" is not taken here.`);
      continue;
    }
    if (v === undefined) return invalid(`Parameter "${p.name}" is missing.`);
    switch (p.kind) {
      case 'card': {
        const c = decodeCard(e, seat, p, v);
        if (typeof c !== 'number') return c;
        buf[i] = c;
        if (p.where !== undefined && !p.where(e, buf)) {
          return { code: 'card/not_in_zone', message: `${e.show(c)} cannot be chosen for "${p.name}".` };
        }
        break;
      }
      case 'cards': {
        if (!Array.isArray(v)) return invalid(`Parameter "${p.name}" must be a list of card ids.`);
        const list: number[] = [];
        for (const x of v) {
          const c = decodeCard(e, seat, p, x);
          if (typeof c !== 'number') return c;
          if (list.includes(c)) {
            if (p.count !== undefined) return { code: 'choice/duplicate', message: `Parameter "${p.name}" names a card twice.` };
            return invalid(`Parameter "${p.name}" names a card twice.`);
          }
          list.push(c);
        }
        if (p.where !== undefined) {
          for (const c of list) {
            buf[i] = c;
            if (!p.where(e, buf)) return { code: 'card/not_in_zone', message: `${e.show(c)} cannot be chosen for "${p.name}".` };
          }
        }
        if (p.count !== undefined && (list.length < p.count.min || list.length > p.count.max)) {
          const n = p.count.min === p.count.max ? `${p.count.min}` : `${p.count.min} to ${p.count.max}`;
          return { code: 'choice/count', message: `Choose ${n} card${p.count.max === 1 ? '' : 's'} for "${p.name}", not ${list.length}.` };
        }
        e.lists[i] = list;
        buf[i] = i;
        break;
      }
      case 'pile': {
        if (v === 'new' && p.orNew) break;
        if (typeof v !== 'number' || !e.s.families[p.family].includes(v)) {
          return invalid(`Parameter "${p.name}" must be a pile of ${e.def.zones[p.family].name}${p.orNew ? ' or "new"' : ''}.`);
        }
        buf[i] = v;
        break;
      }
      case 'enum': {
        const values = e.def.enums[p.enumIndex].values;
        const k = typeof v === 'string' ? values.indexOf(v) : -1;
        if (k < 0) return invalid(`Parameter "${p.name}" must be one of ${values.join(', ')}.`);
        buf[i] = k;
        break;
      }
      case 'bool':
        if (typeof v !== 'boolean') return invalid(`Parameter "${p.name}" must be true or false.`);
        buf[i] = v ? 1 : 0;
        break;
      case 'int':
        if (typeof v !== 'number' || !Number.isInteger(v) || v < p.min || v > p.max) {
          return invalid(`Parameter "${p.name}" must be a whole number from ${p.min} to ${p.max}.`);
        }
        buf[i] = v;
        break;
      case 'player':
        if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= e.s.players) {
          return invalid(`Parameter "${p.name}" must be a seat from 0 to ${e.s.players - 1}.`);
        }
        buf[i] = v;
        break;
    }
  }
  return null;
}

/** The wire action for the candidate in e.args (cards as `seat`'s view ids). */
export function encodeAction(e: EngineParts, ai: number, seat: number): Action {
  const a = e.def.actions[ai];
  const out: Action = { type: a.name };
  if (a.params.length > 0) {
    const args: Record<string, ArgValue> = {};
    for (let i = 0; i < a.params.length; i++) {
      const p = a.params[i];
      const v = e.args[i];
      if (e.absent[i] === 1) continue;
      switch (p.kind) {
        case 'card':
          args[p.name] = viewIdOf(e.s, seat, v);
          break;
        case 'cards':
          args[p.name] = e.lists[i].map((c) => viewIdOf(e.s, seat, c));
          break;
        case 'pile':
          args[p.name] = v >= 0 ? v : 'new';
          break;
        case 'enum':
          args[p.name] = e.def.enums[p.enumIndex].values[v];
          break;
        case 'bool':
          args[p.name] = v === 1;
          break;
        default:
          args[p.name] = v;
      }
    }
    out.args = args;
  }
  if (a.races !== undefined) {
    const z = racedZone(e, ai);
    if (z >= 0) out.expect = expectOf(e, z, seat);
  }
  return out;
}
