// The peer comparisons (Tiv-Miv, Super Taki): Decksmith's fast path and public API path, the
// boardgame.io peer and (Tiv-Miv) the hand-written baseline, each timed in the same run.
// boardgame.io is a dev dependency: a peer is imported only here and only when asked, so the CLI
// works without it.
import type { PeerImpl } from '../../bench/types.ts';
import { handwritten } from '../../bench/baseline/tiv-miv.ts';
import { fastPlayout, type GameTable } from './engine-figures.ts';
import { Tally } from './fidelity.ts';
import { interleavedWindows, itemsPerSecond, perSecond } from './measure.ts';
import type { BenchRuntime, GameDef } from './runtime-api.ts';
import { wirePlayout } from './wire-playout.ts';

/** The game whose figures fill the report's `peer`, `peerRatio` and `generatedVsHandwritten`. */
export const PEER_GAME = 'tiv-miv';
/** Every game with a boardgame.io peer, in the order the bench times them. */
export const PEERED_GAMES: readonly string[] = ['tiv-miv', 'super-taki'];
/** Decksmith through its public API (legalActions + apply), in the peer table. */
export const WIRE = 'decksmith (wire)';

/** One lockstep game of the peer against the rule file (`bench/peer/super-taki-lockstep.ts`). */
export type LockstepRun = (rt: BenchRuntime, def: GameDef, seed: number, players: number) => { steps: number; mismatch: string | null };

/** The implementations timed against Decksmith (the peer is null when boardgame.io is missing). */
export interface Peers {
  boardgameio: PeerImpl | null;
  /** Why the peer could not be loaded. */
  missing?: string;
  /** Tiv-Miv only. */
  handwritten: PeerImpl | null;
  /** A peer that can replay Decksmith's games step by step is judged that way (Super Taki). */
  lockstep?: LockstepRun;
}

/** Loads `game`'s boardgame.io peer by dynamic import (boardgame.io checks every move's state outside production). */
export async function loadPeers(game: string = PEER_GAME): Promise<Peers> {
  process.env.NODE_ENV ??= 'production';
  const hand = game === 'tiv-miv' ? handwritten : null;
  try {
    if (game === 'super-taki') {
      const [d, l] = await Promise.all([import('../../bench/peer/super-taki-drive.ts'), import('../../bench/peer/super-taki-lockstep.ts')]);
      const engine = l.lockstepEngine();
      return { boardgameio: d.superTakiBoardgameio, handwritten: hand, lockstep: (rt, def, seed, players) => l.lockstep(rt, def, seed, players, engine) };
    }
    const m = await import('../../bench/peer/drive.ts');
    return { boardgameio: m.boardgameio, handwritten: hand };
  } catch (e) {
    return { boardgameio: null, missing: e instanceof Error ? e.message.split('\n')[0] : String(e), handwritten: hand };
  }
}

/** One run's moves/s and playouts/s per implementation. */
export interface PeerRun {
  name: string;
  movesPerSecond: number;
  playoutsPerSecond: number;
}

export interface PeerTallies {
  decksmith: Tally;
  boardgameio: Tally;
  handwritten: Tally;
}

export const newTallies = (): PeerTallies => ({ decksmith: new Tally(), boardgameio: new Tally(), handwritten: new Tally() });

/** Plays further seeds (untimed) until every implementation's tally has `games` games. */
export function topUpTallies(rt: BenchRuntime, t: GameTable, peers: Peers, tallies: PeerTallies, games: number): void {
  const fast = fastPlayout(rt, t);
  while (tallies.decksmith.games < games) {
    const seed = tallies.decksmith.nextSeed();
    const r = fast(seed);
    tallies.decksmith.add(seed, r.actions, r.rounds, r.result?.scores ?? []);
  }
  const impls: [keyof PeerTallies, PeerImpl | null][] = [['boardgameio', peers.boardgameio], ['handwritten', peers.handwritten]];
  for (const [name, impl] of impls) {
    while (impl !== null && tallies[name].games < games) {
      const seed = tallies[name].nextSeed();
      const r = impl.playout(seed, t.players);
      tallies[name].add(seed, r.moves, r.phases, r.scores);
    }
  }
}

/**
 * Windows each implementation's time is cut into, taken in turn (Decksmith, its public API,
 * boardgame.io, hand-written, Decksmith, …): a disturbance of the machine falls on all of them
 * alike, so the ratios the targets are judged on hold within a run (measure.ts interleavedWindows).
 */
export const PEER_SLICES = 5;

/**
 * Times each implementation for `seconds` in all, in `PEER_SLICES` interleaved windows, on seeds
 * 0, 1, 2 … (each continuing across its windows), counting each game's shape once.
 */
export function measurePeers(rt: BenchRuntime, t: GameTable, peers: Peers, seconds: number, tallies: PeerTallies): PeerRun[] {
  const fast = fastPlayout(rt, t);
  const timed: { name: string; step: (seed: number) => number }[] = [
    {
      name: 'decksmith',
      step: (seed) => {
        const r = fast(seed);
        tallies.decksmith.add(seed, r.actions, r.rounds, r.result?.scores ?? []);
        return r.actions;
      },
    },
    // The public API path the server and the bots use (legalActions + apply per move): the very same
    // games as the fast path (test/bench/wire-playout.test.ts), so it needs no tally of its own.
    { name: WIRE, step: (seed) => wirePlayout(rt, t.def, { players: t.players, seed, options: t.options, maxActions: t.maxActions }).actions },
  ];
  const impls: [keyof PeerTallies, PeerImpl | null][] = [['boardgameio', peers.boardgameio], ['handwritten', peers.handwritten]];
  for (const [name, impl] of impls) {
    if (impl === null) continue;
    timed.push({
      name,
      step: (seed) => {
        const r = impl.playout(seed, t.players);
        tallies[name].add(seed, r.moves, r.phases, r.scores);
        return r.moves;
      },
    });
  }
  const windows = interleavedWindows(seconds, PEER_SLICES, timed.map((x) => x.step));
  return timed.map((x, i) => ({ name: x.name, movesPerSecond: perSecond(windows[i]!), playoutsPerSecond: itemsPerSecond(windows[i]!) }));
}
