// Who acts next in a searched future: logical time moves on by a human-like step, due timers
// fire, and a seat is drawn among those that can act. Shared by ISMCTS's tree walk and its
// reference rollout (public API); rollout.ts plays the same steps in place.
import { tick } from '../core/api.ts';
import type { GameDef } from '../core/game-def.ts';
import type { GameState } from '../core/state.ts';
import { nextInt, type RngState } from '../rng/index.ts';
import { nextDeadline } from '../timers/timers.ts';
import { normal } from './reaction.ts';
import { actingSeats } from './situation.ts';

/** How far logical time moves between two acts: a log-normal around `stepMs` (draws one normal from rng). */
export function stepAfter(now: number, stepMs: number, rng: RngState): number {
  return now + Math.round(stepMs * Math.exp(0.5 * normal(rng)));
}

/** At most this many timer firings or waits per step (a game whose timers only re-arm stops). */
export const MOVER_GUARD = 64;

/**
 * Moves logical time on by one human-like step, fires due timers, and draws who acts next
 * among the seats that can; mover −1 when the game is over or stalls.
 */
export function nextMover(def: GameDef, state: GameState, now0: number, rng: RngState, stepMs: number): { state: GameState; now: number; mover: number } {
  let st = state;
  let now = stepAfter(now0, stepMs, rng);
  for (let guard = 0; guard < MOVER_GUARD && st.result === null; guard++) {
    const due = nextDeadline(st);
    if (due !== null && due <= now) {
      st = tick(def, st, now).state;
      continue;
    }
    const seats = actingSeats(def, st, now);
    if (seats.length > 0) return { state: st, now, mover: seats[nextInt(rng, seats.length)]! };
    if (due === null) break;
    now = due;
  }
  return { state: st, now, mover: -1 };
}
