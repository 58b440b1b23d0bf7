// The pure API: legalActions, apply, tick, result. The caller's state is never mutated:
// apply and tick work on a copy-on-write copy through the Engine (see engine.ts).
import { nextActionTime } from '../arbitration/next-action.ts';
import { nextDeadline, runDue } from '../timers/timers.ts';
import type { Action } from './codec.ts';
import { engineFor, type Engine } from './engine.ts';
import type { GameEvent } from './events.ts';
import type { GameDef, Rejection } from './game-def.ts';
import { enumerateLegal, hasLegal } from './legal.ts';
import { perform } from './perform.ts';
import type { GameResult, GameState } from './state.ts';
import { rememberNames } from '../views/action-names.ts';

export type ApplyResult = { state: GameState; events: GameEvent[] } | { rejected: Rejection };

/**
 * Every action `seat` may take now, with parameters enumerated and guards checked, in the
 * wire form the seat would send (cards as its view ids; `expect` filled for races).
 * `now` (default: the state's last time) matters only to `rate` limits and time-reading guards.
 *
 * @example
 * const moves = legalActions(def, state, 0);
 * const r = apply(def, state, 0, moves[0], now);
 */
export function legalActions(def: GameDef, state: GameState, seat: number, now?: number): Action[] {
  const e = engineFor(def);
  const out: Action[] = [];
  e.busy = true;
  try {
    e.begin(state, now ?? state.lastAt, false);
    enumerateLegal(e, seat, out);
    // At the state's own time this is also what its view lists as the seat's actions.
    if (now === undefined || now === state.lastAt) rememberNames(def, state, seat, out);
  } finally {
    e.busy = false;
  }
  return out;
}

/**
 * `legalActions` with every counted choice (`cs: 3 cards in hand(me)`, listed there as one entry
 * with `choose`) replaced by concrete choices that pass its guard: all of them when there are at
 * most CHOICE_SAMPLES, else a deterministic sample of that many (core/choice.ts). What bots and
 * tools that must send a concrete action pick from; `randomPlayout` draws from the same list.
 *
 * @example
 * const moves = sampledActions(def, state, 0); // every entry can be sent as it is
 */
export function sampledActions(def: GameDef, state: GameState, seat: number, now?: number): Action[] {
  const e = engineFor(def);
  const out: Action[] = [];
  e.busy = true;
  try {
    e.begin(state, now ?? state.lastAt, false);
    enumerateLegal(e, seat, out, true);
  } finally {
    e.busy = false;
  }
  return out;
}

/** Whether `seat` has any legal action now (cheaper than legalActions when some exist). */
export function canAct(def: GameDef, state: GameState, seat: number, now?: number): boolean {
  const e = engineFor(def);
  e.busy = true;
  try {
    e.begin(state, now ?? state.lastAt, false);
    return hasLegal(e, seat);
  } finally {
    e.busy = false;
  }
}

/**
 * The earliest logical time after `now` (default: the state's last time) at which `seat` could
 * act on `state` as it is — no timer fired, nobody else acting — or null when nothing but a
 * change of state can give it a legal action. Exact for what time alone changes in the runtime:
 * a `rate` limit lapsing (each lapse of the seat's limited actions is tried in turn and
 * confirmed with `canAct` at that time). A timer due earlier (`nextDeadline`) still fires first.
 *
 * @example
 * if (!canAct(def, state, seat, now)) {
 *   const at = nextActionAt(def, state, seat, now); // e.g. now + 300 when a `rate 300ms` lapses
 *   if (at !== null) wakeAt(at);
 * }
 */
export function nextActionAt(def: GameDef, state: GameState, seat: number, now?: number): number | null {
  const e = engineFor(def);
  e.busy = true;
  try {
    e.begin(state, now ?? state.lastAt, false);
    const at = nextActionTime(e, seat);
    return at < 0 ? null : at;
  } finally {
    e.busy = false;
  }
}

/**
 * Performs `seat`'s action at logical time `now` (ms). Timers due by `now` fire first (as
 * `tick` would); then the built-in checks, the guard, the hook, the effect, turn passing and
 * triggers. A rejection is a value and nothing changes (the caller should still `tick`).
 *
 * @example
 * const r = apply(def, state, 2, { type: 'play', args: { c: 41213 } }, 5_000);
 * if ('rejected' in r) show(r.rejected.message); else state = r.state;
 */
export function apply(def: GameDef, state: GameState, seat: number, action: Action, now: number): ApplyResult {
  if (typeof now !== 'number' || !Number.isFinite(now)) return { rejected: { code: 'input/invalid', message: 'The time must be a finite number of ms.' } };
  const e = engineFor(def);
  e.busy = true;
  try {
    return performAt(e, state, seat, action, now);
  } finally {
    e.busy = false;
  }
}

/**
 * `apply`'s steps on a busy engine: the timers due by `now` fire, then `rig` (scenarios fix the
 * action's chance draws there, after the timers have used the RNG), then the action.
 */
export function performAt(e: Engine, state: GameState, seat: number, action: Action, now: number, rig?: () => void): ApplyResult {
  const t = Math.max(now, state.lastAt);
  e.begin(state, t, true);
  runDue(e, t);
  rig?.();
  const r = perform(e, seat, action);
  if (r !== null) return { rejected: r };
  if (e.restAt === e.clock) e.settled = e.s;
  e.returned();
  return { state: e.s, events: e.events };
}

/**
 * Fires every timer due at or before `now` (turn timers, window timeouts, idle timers, pause
 * continuations and pause stages), in deadline order, each followed by triggers. Returns the
 * same state object when nothing was due.
 *
 * @example
 * const at = nextDeadline(state); if (at !== null && at <= now) ({ state } = tick(def, state, now));
 */
export function tick(def: GameDef, state: GameState, now: number): { state: GameState; events: GameEvent[] } {
  const e = engineFor(def);
  e.busy = true;
  try {
    const t = Math.max(now, state.lastAt);
    e.begin(state, t, true);
    if (!runDue(e, t)) return { state, events: [] };
    if (e.restAt === e.clock) e.settled = e.s;
    e.returned();
    return { state: e.s, events: e.events };
  } finally {
    e.busy = false;
  }
}

/** The result when the game is over, else null. */
export function result(_def: GameDef, state: GameState): GameResult | null {
  return state.result;
}

/**
 * Whether the game can no longer move on its own: not over, no seat has a legal action now or
 * later (`nextActionAt`: a rate limit lapsing) and no timer is pending (a rule-file stalemate;
 * `decksmith play` reports it as stuck).
 *
 * @example
 * if (isStalled(def, state)) report('stuck');
 */
export function isStalled(def: GameDef, state: GameState): boolean {
  if (state.result !== null || nextDeadline(state) !== null) return false;
  for (let seat = 0; seat < state.players; seat++) if (canAct(def, state, seat) || nextActionAt(def, state, seat) !== null) return false;
  return true;
}
