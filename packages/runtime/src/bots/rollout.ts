// ISMCTS's random rollout: a few random steps after the tree, before the position is judged.
//
// `rollout` plays them in place on one private working copy, as the fast random-playout path
// does (no copy per action, no wire actions, no events, no view ids); `rolloutReference` plays
// the very same steps through the public API (legalActions, apply, tick) and is kept for the
// differential test and as the fallback. Both draw the same numbers from `rng` in the same
// order, so they reach the same state: same cards in the same places, variables, flow and game
// RNG; only the per-viewer id epochs differ (nobody is shown a rollout).
import { availability } from '../arbitration/checks.ts';
import { apply, sampledActions } from '../core/api.ts';
import { engineFor, type Engine } from '../core/engine.ts';
import type { GameDef } from '../core/game-def.ts';
import { run } from '../core/perform.ts';
import type { GameState } from '../core/state.ts';
import { cloneRng, nextInt, type RngState } from '../rng/index.ts';
import { nextDeadline, runDue } from '../timers/timers.ts';
import { MOVER_GUARD, nextMover, stepAfter } from './next-mover.ts';
import { fire, moverCandidates, seatsWithLegal } from './playout.ts';
import { kernelApply, kernelCandidates, kernelCovers, kernelSeats } from './kernel.ts';

export interface RolloutInput {
  state: GameState;
  /** Logical time of the position (ms). */
  now: number;
  /** Random steps at most. */
  depth: number;
  /** The round the search started in: the rollout stops when it ends. */
  round: number;
  /** The search's generator (drawn from: a step's time, its mover, its action). */
  rng: RngState;
  /** Median logical time between two acts (ms). */
  stepMs: number;
}

export interface RolloutEnd {
  state: GameState;
  /** Whether the rollout stopped because the search's round ended. */
  roundOver: boolean;
}

/**
 * The rollout through the public API: until `depth` steps are played, the game is over or the
 * round ends, each step draws its time and mover (next-mover.ts), then one of the mover's
 * `sampledActions` uniformly, and applies it; a stall or a refused action ends it.
 */
export function rolloutReference(def: GameDef, input: RolloutInput): RolloutEnd {
  const { rng, depth, round, stepMs } = input;
  let st = input.state;
  let now = input.now;
  let roundOver = st.round !== round;
  for (let d = 0; d < depth && st.result === null && !roundOver; d++) {
    const next = nextMover(def, st, now, rng, stepMs);
    st = next.state;
    now = next.now;
    if (next.mover < 0) break;
    const legal = sampledActions(def, st, next.mover, now);
    if (legal.length === 0) break;
    const r = apply(def, st, next.mover, legal[nextInt(rng, legal.length)]!, now);
    if ('rejected' in r) break;
    st = r.state;
    roundOver = st.round !== round;
  }
  return { state: st, roundOver };
}

/**
 * `rolloutReference`'s result, computed in place. The caller's state is not changed; the returned
 * state is a fresh one, not to be handed to an engine call that writes. Where the in-place steps
 * cannot follow the reference exactly (an action that throws mid-effect, which the reference
 * refuses and leaves undone, or a timer that would fire inside the apply), the generator is put
 * back and the reference plays the whole rollout instead.
 */
export function rollout(def: GameDef, input: RolloutInput): RolloutEnd {
  const { state, depth, round } = input;
  if (depth <= 0 || state.result !== null || state.round !== round) return { state, roundOver: state.round !== round };
  const e = engineFor(def);
  const start = cloneRng(input.rng);
  let end: RolloutEnd | null = null;
  e.busy = true;
  e.quiet = true;
  try {
    end = inPlace(e, input);
  } catch {
    // Whatever went wrong in place, the reference decides (and refuses, or throws, as apply does).
  } finally {
    e.busy = false;
    e.quiet = false;
  }
  if (end !== null) return end;
  Object.assign(input.rng, start);
  return rolloutReference(def, input);
}

/** The rollout's steps on the busy, quiet engine `e`; null where the reference must decide. */
function inPlace(e: Engine, input: RolloutInput): RolloutEnd | null {
  const { rng, depth, round, stepMs } = input;
  const seats = new Int32Array(input.state.players);
  e.begin(input.state, input.state.lastAt, true);
  let now = input.now;
  let roundOver = false;
  for (let d = 0; d < depth && e.s.result === null && !roundOver; d++) {
    // next-mover.ts's nextMover, in place.
    now = stepAfter(now, stepMs, rng);
    let mover = -1;
    let covered = false;
    for (let guard = 0; guard < MOVER_GUARD && e.s.result === null; guard++) {
      const due = nextDeadline(e.s);
      if (due !== null && due <= now) {
        fire(e, now);
        continue;
      }
      e.resume(now);
      covered = kernelCovers(e);
      const n = covered ? kernelSeats(e, seats) : seatsWithLegal(e, seats);
      if (n > 0) {
        mover = seats[nextInt(rng, n)];
        break;
      }
      if (due === null) break;
      now = due;
    }
    if (mover < 0) break;
    // sampledActions + apply, in place: the same candidates in the same order (found at `now`
    // by seatsWithLegal just before, nothing written since), from the kernel where it covers the
    // position (bots/kernel.ts: the same ones).
    const buf = covered ? kernelCandidates(e, mover) : moverCandidates(e, mover);
    if (buf.n === 0) break;
    const k = nextInt(rng, buf.n);
    const ai = covered ? 0 : buf.load(e, k);
    const t = Math.max(now, e.s.lastAt);
    e.resume(t);
    if (runDue(e, t)) return null;
    e.me = mover;
    if (covered) kernelApply(e, mover, buf, k);
    else run(e, mover, ai, availability(e, ai, mover), true);
    roundOver = e.s.round !== round;
  }
  return { state: e.s, roundOver };
}
