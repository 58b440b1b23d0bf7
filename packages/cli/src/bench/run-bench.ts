// Runs the whole bench: every game's engine figures and each peered game's comparison, each figure
// the median of several runs, and returns the report that --json prints.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { findRoot } from '@decksmith/dsl/node/pipeline.ts';
import { loadGame } from '../simulate/load-game.ts';
import { ISMCTS_ITERATIONS, measureEngine, sampleStates, unsampledReason, type EngineRun, type GameTable } from './engine-figures.ts';
import { checkFidelity, checkLockstep, FIDELITY_GAMES, LOCKSTEP_GAMES, type FidelityCheck, type GameShape } from './fidelity.ts';
import { describeMachine, type Machine } from './machine.ts';
import { figure, type Figure } from './measure.ts';
import { loadPeers, measurePeers, newTallies, PEER_GAME, PEERED_GAMES, topUpTallies, WIRE, type PeerRun, type Peers, type PeerTallies } from './peers.ts';
import { loadBenchRuntime, type BenchRuntime, type GameDef } from './runtime-api.ts';

export interface BenchSettings {
  /** Game ids or .rules paths (empty: every launch game). */
  games: readonly string[];
  seconds: number;
  runs: number;
  /** Seats per table (each game clamps it to its range; default 4). */
  players?: number;
  /** Tiv-Miv games per implementation for the fidelity check (timed games, topped up; default 30). */
  fidelityGames?: number;
  /** Called after each measured step, with the number done and the total. */
  onStep?: (done: number, total: number, what: string) => void;
}

export interface GameFigures {
  title: string;
  players: number;
  /** Which loop the first two figures time: the runtime's randomPlayout. */
  fastPath: 'randomPlayout';
  movesPerSecond: Figure;
  playoutsPerSecond: Figure;
  wireMovesPerSecond: Figure;
  wirePlayoutsPerSecond: Figure;
  legalActionsPerSecond: Figure;
  ismctsIterationsPerSecond: Figure;
  /** Largest share, over the runs, of timed playouts that stalled or were capped instead of ending. */
  unfinishedPlayouts: number;
}

export interface ImplementationFigures {
  movesPerSecond: Figure;
  playoutsPerSecond: Figure;
  shape: GameShape;
}

export interface PeerReport {
  game: string;
  players: number;
  implementations: Record<string, ImplementationFigures>;
  /** Why the boardgame.io peer did not run, when it did not. */
  missing?: string;
  fidelity: FidelityCheck;
}

export interface BenchReport {
  machine: Machine;
  settings: { seconds: number; runs: number; players: number; ismctsIterationsPerDecision: number; fidelityGames: number };
  games: Record<string, GameFigures>;
  /** Games that could not be measured, with the reason (their random games never reach a move). */
  unmeasured: Record<string, string>;
  /** Tiv-Miv's comparison (else the first peered game's), as before there were several. */
  peer: PeerReport | null;
  /** Every peered game benched (Tiv-Miv, Super Taki), in that order. */
  peers: PeerReport[];
  /** Decksmith moves/s ÷ boardgame.io moves/s (Tiv-Miv, same run). */
  peerRatio: number | null;
  /** Decksmith moves/s ÷ hand-written moves/s (Tiv-Miv, same run). */
  generatedVsHandwritten: number | null;
  /**
   * The same two ratios for Decksmith's fast path and its public API path (`wire`), measured
   * after the other games went through the same runtime (the figures above) and, when the bench
   * runs other games too, alone: before any other game ran in the process (issue 24). One set
   * per peered game; the second peered game's "alone" comes after the first one's alone runs.
   */
  ratios: PeerRatio[];
  targets: { peerRatio: number; generatedVsHandwritten: number };
}

/** The launch games: every games/<id> with a generated module of its own name. */
export function launchGames(root: string = findRoot()): string[] {
  const dir = join(root, 'games');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((id) => existsSync(join(dir, id, 'generated', `${id}.generated.ts`))).sort();
}

export interface PeerRatio {
  game: string;
  when: 'alone' | 'after the other games';
  path: 'fast' | 'wire';
  vsBoardgameio: number | null;
  vsHandwritten: number | null;
}

/** Median moves/s per implementation over the runs. */
function medians(runs: readonly PeerRun[][]): Map<string, number> {
  const out = new Map<string, number>();
  for (const name of new Set(runs.flat().map((x) => x.name))) {
    out.set(name, figure(runs.flatMap((run) => run.filter((x) => x.name === name).map((x) => x.movesPerSecond))).median);
  }
  return out;
}

function ratiosOf(game: string, when: PeerRatio['when'], runs: readonly PeerRun[][]): PeerRatio[] {
  const m = medians(runs);
  const over = (a: string, b: string): number | null => (m.has(a) && m.has(b) ? m.get(a)! / m.get(b)! : null);
  return (['fast', 'wire'] as const).map((path) => {
    const d = path === 'fast' ? 'decksmith' : WIRE;
    return { game, when, path, vsBoardgameio: over(d, 'boardgameio'), vsHandwritten: over(d, 'handwritten') };
  });
}

/** The peer comparison before anything else ran in the process: a warm-up window, then the runs. */
function measureAlone(rt: BenchRuntime, t: GameTable, peers: Peers, s: BenchSettings, step: (what: string) => void, key: string): PeerRun[][] {
  const tallies = newTallies();
  measurePeers(rt, t, peers, Math.min(s.seconds, 0.5), tallies);
  const runs: PeerRun[][] = [];
  for (let r = 0; r < s.runs; r++) runs.push(measurePeers(rt, t, peers, s.seconds, tallies));
  step(`${key} peers alone: before the other games`);
  return runs;
}

const clamp = (n: number, def: GameDef): number => Math.min(def.maxPlayers, Math.max(def.minPlayers, n));

/**
 * Measures everything; throws SimulateError (from loadGame) for an unknown game or a broken rule file.
 *
 * @example
 * const report = await runBench({ games: ['tiv-miv'], seconds: 0.2, runs: 1 });
 */
export async function runBench(s: BenchSettings): Promise<BenchReport> {
  const rt = await loadBenchRuntime();
  const machine = describeMachine();
  const wanted = s.games.length > 0 ? s.games : launchGames();
  const players = s.players ?? 4;
  const tables: { key: string; table: GameTable }[] = [];
  for (const spec of wanted) {
    const def = (await loadGame(spec)) as unknown as GameDef;
    tables.push({ key: spec.endsWith('.rules') ? def.id : spec, table: { def, players: clamp(players, def) } });
  }
  const peered: { key: string; table: GameTable; peers: Peers; runs: PeerRun[][]; alone: PeerRun[][]; tallies: PeerTallies }[] = [];
  for (const key of PEERED_GAMES) {
    const t = tables.find((x) => x.key === key);
    if (t !== undefined) peered.push({ key, table: t.table, peers: await loadPeers(key), runs: [], alone: [], tallies: newTallies() });
  }

  const fidelityGames = s.fidelityGames ?? FIDELITY_GAMES;
  const alone = peered.length > 0 && tables.length > 1;
  const total = (s.runs + 1) * (tables.length + peered.length) + tables.length + peered.length + (alone ? peered.length : 0);
  let done = 0;
  const step = (what: string): void => s.onStep?.(++done, total, what);
  // First, before any other game has gone through the runtime's functions: each peered game alone.
  if (alone) for (const p of peered) p.alone = measureAlone(rt, p.table, p.peers, s, step, p.key);
  const samples = tables.map((t) => {
    const out = sampleStates(rt, t.table, 64);
    step(`${t.key}: sampling states`);
    return out;
  });
  // A game whose random games never reach a move cannot be sampled: named with the reason, not measured.
  const unmeasured: Record<string, string> = {};
  for (let i = tables.length - 1; i >= 0; i--) {
    if (samples[i]!.length > 0) continue;
    unmeasured[tables[i]!.key] = unsampledReason(rt, tables[i]!.table);
    tables.splice(i, 1);
    samples.splice(i, 1);
  }
  const engineRuns: EngineRun[][] = tables.map(() => []);
  // One untimed window of each first, so that no run times the JIT's warm-up.
  const warm = Math.min(s.seconds, 0.5);
  tables.forEach((t, i) => {
    measureEngine(rt, t.table, samples[i]!, warm);
    step(`${t.key}: warming up`);
  });
  for (const p of peered) {
    measurePeers(rt, p.table, p.peers, warm, p.tallies);
    step(`${p.key} peers: warming up`);
  }
  for (let r = 0; r < s.runs; r++) {
    tables.forEach((t, i) => {
      engineRuns[i]!.push(measureEngine(rt, t.table, samples[i]!, s.seconds));
      step(`${t.key}: run ${r + 1}/${s.runs}`);
    });
    for (const p of peered) {
      p.runs.push(measurePeers(rt, p.table, p.peers, s.seconds, p.tallies));
      step(`${p.key} peers: run ${r + 1}/${s.runs}`);
    }
  }
  // Fidelity: a peer that replays Decksmith's games is checked step by step; the others by their means.
  const lockstepGames = Math.min(fidelityGames, LOCKSTEP_GAMES);
  const lockstepChecks = peered.map((p) => {
    const ls = p.peers.lockstep;
    if (ls !== undefined && p.peers.boardgameio !== null) {
      const check = checkLockstep((seed) => ls(rt, p.table.def, seed, p.table.players), lockstepGames);
      step(`${p.key} peers: fidelity, ${lockstepGames} games in lockstep`);
      return check;
    }
    topUpTallies(rt, p.table, p.peers, p.tallies, fidelityGames);
    step(`${p.key} peers: fidelity, ${fidelityGames} games each`);
    return undefined;
  });

  const games: Record<string, GameFigures> = {};
  tables.forEach((t, i) => {
    const runs = engineRuns[i]!;
    const f = (k: Exclude<keyof EngineRun, 'unfinishedShare'>): Figure => figure(runs.map((x) => x[k]));
    games[t.key] = {
      title: t.table.def.title,
      players: t.table.players,
      fastPath: 'randomPlayout',
      movesPerSecond: f('movesPerSecond'),
      playoutsPerSecond: f('playoutsPerSecond'),
      wireMovesPerSecond: f('wireMovesPerSecond'),
      wirePlayoutsPerSecond: f('wirePlayoutsPerSecond'),
      legalActionsPerSecond: f('legalActionsPerSecond'),
      ismctsIterationsPerSecond: f('ismctsIterationsPerSecond'),
      unfinishedPlayouts: Math.max(...runs.map((x) => x.unfinishedShare)),
    };
  });

  const peerReports: PeerReport[] = peered.map((p, i) => {
    const implementations: Record<string, ImplementationFigures> = {};
    for (const name of ['decksmith', WIRE, 'boardgameio', 'handwritten'] as const) {
      const runs = p.runs.map((run) => run.find((x) => x.name === name)).filter((x) => x !== undefined);
      if (runs.length === 0) continue;
      implementations[name] = {
        movesPerSecond: figure(runs.map((x) => x.movesPerSecond)),
        playoutsPerSecond: figure(runs.map((x) => x.playoutsPerSecond)),
        // The wire loop plays the very games of the fast path.
        shape: p.tallies[name === WIRE ? 'decksmith' : name].summary(),
      };
    }
    const d = implementations.decksmith!;
    const others = [implementations.boardgameio, implementations.handwritten].filter((x) => x !== undefined);
    const means = checkFidelity(d.shape, others.map((o) => o.shape), 5, fidelityGames);
    const lockstep = lockstepChecks[i];
    return {
      game: p.key,
      players: p.table.players,
      implementations,
      ...(p.peers.missing !== undefined ? { missing: p.peers.missing } : {}),
      fidelity: lockstep === undefined ? means : { ...means, ok: lockstep.mismatch === null, lockstep },
    };
  });
  const peer = peerReports.find((x) => x.game === PEER_GAME) ?? peerReports[0] ?? null;
  const ratio = (o: ImplementationFigures | undefined): number | null =>
    peer === null || o === undefined ? null : peer.implementations.decksmith!.movesPerSecond.median / o.movesPerSecond.median;
  const peerRatio = ratio(peer?.implementations.boardgameio);
  const generatedVsHandwritten = ratio(peer?.implementations.handwritten);
  return {
    machine,
    settings: { seconds: s.seconds, runs: s.runs, players, ismctsIterationsPerDecision: ISMCTS_ITERATIONS, fidelityGames },
    games,
    unmeasured,
    peer,
    peers: peerReports,
    peerRatio,
    generatedVsHandwritten,
    ratios: peered.flatMap((p) => [...ratiosOf(p.key, 'after the other games', p.runs), ...(alone ? ratiosOf(p.key, 'alone', p.alone) : [])]),
    targets: { peerRatio: 100, generatedVsHandwritten: 0.7 },
  };
}
