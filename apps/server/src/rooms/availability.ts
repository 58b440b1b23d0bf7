// When a seat can act: now, or at the earliest later time without anything else happening (a `rate` limit lapsing).
import type { GameEngine } from '../games/types.ts';

/** How far ahead to look for a time a seat could act (rate limits are at most seconds). */
export const LOOKAHEAD_MS = 10_000;

/** Whether `seat` has a legal action at `now` (the engine's `canAct` when it has one). */
export function canAct(engine: GameEngine, state: unknown, seat: number, now: number): boolean {
  return engine.canAct ? engine.canAct(state, seat, now) : engine.legalActions(state, seat, now).length > 0;
}

/**
 * The earliest logical time after `now`, before the next game timer is due and within
 * LOOKAHEAD_MS, at which `seat` could act on `state` as it is; null when it cannot within that
 * span. A bisection on `canAct`: time-based availability the runtime exposes (`rate` limits)
 * only ever lapses, and a timer firing or an action changes the state, after which the caller
 * asks again.
 *
 * @example
 * const at = earliestAct(engine, state, seat, now); if (at !== null) clock.setTimer(at - now, wake);
 */
export function earliestAct(engine: GameEngine, state: unknown, seat: number, now: number): number | null {
  const deadline = engine.nextDeadline(state);
  let hi = Math.min(now + LOOKAHEAD_MS, deadline ?? Infinity);
  if (hi <= now || !canAct(engine, state, seat, hi)) return null;
  let lo = now;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (canAct(engine, state, seat, mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}
