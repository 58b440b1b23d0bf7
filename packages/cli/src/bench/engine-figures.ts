// Decksmith's figures for one game in one run: random-bot moves/s and playouts/s (fast path and
// public wire path), legalActions calls/s and ismcts iterations/s on states sampled along games.
import { itemsPerSecond, perSecond, timeWindow } from './measure.ts';
import type { BenchRuntime, GameDef, GameState, OptionValue, PlayoutResult } from './runtime-api.ts';
import { wirePlayout } from './wire-playout.ts';

export interface GameTable {
  def: GameDef;
  players: number;
  options?: Record<string, OptionValue>;
  maxActions?: number;
}

/** One run's values (per second). */
export interface EngineRun {
  movesPerSecond: number;
  playoutsPerSecond: number;
  wireMovesPerSecond: number;
  wirePlayoutsPerSecond: number;
  legalActionsPerSecond: number;
  ismctsIterationsPerSecond: number;
  /** Share of the fast path's playouts that stalled or hit the action cap (not per second). */
  unfinishedShare: number;
}

/** A state met along a random game, and the logical time then. */
export interface Sample {
  state: GameState;
  now: number;
}

/** Seeds of the sampled games (apart from the timed playouts' 0, 1, 2 …). */
const SAMPLE_SEED = 100_000;
/** ismcts iterations per decision when measuring. */
export const ISMCTS_ITERATIONS = 25;

/** The fast path: the runtime's randomPlayout. */
export function fastPlayout(rt: BenchRuntime, t: GameTable): (seed: number) => PlayoutResult {
  return (seed) => rt.randomPlayout(t.def, { players: t.players, seed, options: t.options, maxActions: t.maxActions });
}

/**
 * About `count` states from 8 random games or more (every `stride`-th state before a move, a
 * few per game, so that the samples are not all one game's).
 *
 * @example
 * const samples = sampleStates(rt, table, 64);
 */
export function sampleStates(rt: BenchRuntime, t: GameTable, count: number, stride = 23): Sample[] {
  const out: Sample[] = [];
  const perGame = Math.max(1, Math.ceil(count / 8));
  for (let g = 0; out.length < count && g < 64; g++) {
    let i = 0;
    let taken = 0;
    const maxActions = Math.min(t.maxActions ?? 20_000, perGame * stride);
    wirePlayout(rt, t.def, { players: t.players, seed: SAMPLE_SEED + g, options: t.options, maxActions }, (state, now) => {
      if (i++ % stride === 0 && taken < perGame && out.length < count) {
        out.push({ state, now });
        taken++;
      }
    });
  }
  return out;
}

/**
 * Why `sampleStates` found no state for a game (it cannot be measured): its random games stop
 * before any move, or never come to one.
 */
export function unsampledReason(rt: BenchRuntime, t: GameTable): string {
  const r = fastPlayout(rt, t)(SAMPLE_SEED);
  if (r.actions === 0 && r.result === null) {
    return `random games stick at the start: after set-up no seat has a legal action and no timer is pending (${t.players} seats). `
      + 'Check that every action the game needs can be played (`decksmith play` shows where games stick).';
  }
  return `no state before a move was met in the sampled random games (${r.actions} actions in the first one)`;
}

/** One run of every figure, each over a window of `seconds`. */
export function measureEngine(rt: BenchRuntime, t: GameTable, samples: readonly Sample[], seconds: number): EngineRun {
  const fast = fastPlayout(rt, t);
  let unfinished = 0;
  const f = timeWindow(seconds, (seed) => {
    const r = fast(seed);
    if (r.result === null) unfinished++;
    return r.actions;
  });
  const w = timeWindow(seconds, (seed) => wirePlayout(rt, t.def, { players: t.players, seed, options: t.options, maxActions: t.maxActions }).actions);
  const n = t.players;
  const legal = timeWindow(seconds, (i) => {
    const s = samples[i % samples.length]!;
    for (let p = 0; p < n; p++) rt.legalActions(t.def, s.state, p, s.now);
    return n;
  });
  return {
    movesPerSecond: perSecond(f),
    playoutsPerSecond: itemsPerSecond(f),
    wireMovesPerSecond: perSecond(w),
    wirePlayoutsPerSecond: itemsPerSecond(w),
    legalActionsPerSecond: perSecond(legal),
    ismctsIterationsPerSecond: measureIsmcts(rt, t, samples, seconds),
    unfinishedShare: unfinished / f.items,
  };
}

/** ismcts iterations per second over the sampled decisions that need a search (two or more choices). */
function measureIsmcts(rt: BenchRuntime, t: GameTable, samples: readonly Sample[], seconds: number): number {
  const decisions: { s: Sample; seat: number }[] = [];
  for (const s of samples) {
    for (let p = 0; p < t.players; p++) if (rt.sampledActions(t.def, s.state, p, s.now).length > 1) decisions.push({ s, seat: p });
  }
  if (decisions.length === 0) return 0;
  const rng = rt.deriveRng('bench', 'ismcts');
  const w = timeWindow(seconds, (i) => {
    const d = decisions[i % decisions.length]!;
    let done = 0;
    rt.ismctsBot(t.def, d.s.state, d.seat, rng, { now: d.s.now, iterations: ISMCTS_ITERATIONS, onDone: (st) => { done = st.iterations; } });
    return done;
  });
  return perSecond(w);
}
