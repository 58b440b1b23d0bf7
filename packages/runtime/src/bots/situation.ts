// Who may act now, whether a seat may let the moment pass, and whether the moment is real-time.
import { canAct } from '../core/api.ts';
import { NONE, type GameDef } from '../core/game-def.ts';
import type { GameState } from '../core/state.ts';
import { nextDeadline } from '../timers/timers.ts';

/** Seats with at least one legal action at `now`. */
export function actingSeats(def: GameDef, state: GameState, now: number = state.lastAt): number[] {
  const out: number[] = [];
  if (state.result !== null) return out;
  for (let p = 0; p < state.players; p++) if (canAct(def, state, p, now)) out.push(p);
  return out;
}

/**
 * Whether actions now are a real-time affair (everyone may act at once, first come first
 * served): a `realtime` stage, or an open window.
 */
export function isRealtime(def: GameDef, state: GameState): boolean {
  if (state.result !== null || state.stage === NONE) return false;
  if (state.window !== NONE) return true;
  return def.stages[def.rounds.stages[state.stage]!]!.kind === 'realtime';
}

/**
 * Whether `seat` may let the moment pass instead of acting: not when it is the current
 * player of a turn stage (no blocking window open), nor when the game would stall (no timer
 * pending and nobody else able to act).
 */
export function mayWait(def: GameDef, state: GameState, seat: number, now: number = state.lastAt): boolean {
  if (state.result !== null || state.stage === NONE) return false;
  const sd = def.stages[def.rounds.stages[state.stage]!]!;
  if (sd.kind === 'turns' && state.current === seat && state.windowBlocking === 0) return false;
  if (nextDeadline(state) !== null) return true;
  for (let p = 0; p < state.players; p++) if (p !== seat && canAct(def, state, p, now)) return true;
  return false;
}
