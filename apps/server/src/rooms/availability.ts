// When a seat can act: now, or at the earliest later time without anything else happening (a `rate` limit lapsing).
import type { GameEngine } from '../games/types.ts';

/** How far ahead to look for a time a seat could act (rate limits are at most seconds). */
export const LOOKAHEAD_MS = 10_000;

/** Whether `seat` has a legal action at `now` (the engine's `canAct` when it has one). */
export function canAct(engine: GameEngine, state: unknown, seat: number, now: number): boolean {
  return engine.canAct ? engine.canAct(state, seat, now) : engine.legalActions(state, seat, now).length > 0;
}

/**
 * The earliest logical time after `now`, no later than the next game timer and within
 * LOOKAHEAD_MS, at which `seat` could act on `state` as it is; null when it cannot within that
 * span, or when the engine cannot say (no `nextActionAt`). The engine computes it exactly (the
 * runtime's `nextActionAt`: its `rate` limits' lapses); a timer firing or an action changes the
 * state, after which the caller asks again.
 *
 * @example
 * const at = earliestAct(engine, state, seat, now); if (at !== null) clock.setTimer(at - now, wake);
 */
export function earliestAct(engine: GameEngine, state: unknown, seat: number, now: number): number | null {
  const at = engine.nextActionAt?.(state, seat, now) ?? null;
  if (at === null || at <= now || at > now + LOOKAHEAD_MS) return null;
  const deadline = engine.nextDeadline(state);
  return deadline !== null && at > deadline ? null : at;
}
