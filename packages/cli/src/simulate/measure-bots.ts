// Measures bots (a script, not a test): ismcts iterations per second, and win rates between levels.
//
//   npx tsx packages/cli/src/simulate/measure-bots.ts speed super-taki [--iterations 300] [--states 20]
//   npx tsx packages/cli/src/simulate/measure-bots.ts duel super-taki ismcts random [--games 40] [--iterations 200] [--option k=v]
//
// `duel` alternates seats (2 players) so first-seat advantage cancels out, and prints the
// first level's win rate with its 95% Wilson interval and the one-sided binomial p-value.
import { performance } from 'node:perf_hooks';
import { loadGame, parseOptions } from './load-game.ts';
import { loadRuntime, type GameDef } from './runtime.ts';
import { binomialUpperTail, wilson } from './stats.ts';

interface Walker {
  setup(def: GameDef, input: { players: number; seed: string; options?: Record<string, unknown> }): WState;
  legalActions(def: GameDef, s: WState, seat: number, now?: number): unknown[];
  sampledActions(def: GameDef, s: WState, seat: number, now?: number): unknown[];
  apply(def: GameDef, s: WState, seat: number, a: unknown, now: number): { state: WState } | { rejected: unknown };
  tick(def: GameDef, s: WState, now: number): { state: WState };
  nextDeadline(s: WState): number | null;
  deriveRng(seed: string, stream: string): unknown;
  nextInt(rng: unknown, n: number): number;
  ismctsBot(def: GameDef, s: WState, seat: number, rng: unknown, opts: object): unknown;
}
interface WState {
  result: unknown;
}

function flag(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}

function options(args: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  args.forEach((a, i) => {
    if (a === '--option') {
      const [k, v] = (args[i + 1] ?? '').split('=');
      if (k && v !== undefined) out[k] = v;
    }
  });
  return out;
}

/** ismcts iterations per second over decisions at states met in random play. */
export async function measureSpeed(id: string, iterations: number, states: number, opts: Record<string, string> = {}): Promise<{ iterationsPerSecond: number; iterationsPerCpuSecond: number; decisions: number }> {
  const def = await loadGame(id);
  const r = (await import('@decksmith/runtime' as string)) as Walker;
  const rng = r.deriveRng('speed', id);
  let s = r.setup(def, { players: 2, seed: `speed-${id}`, options: parseOptions(def, opts) });
  let now = 0;
  let iters = 0;
  let ms = 0;
  let cpuUs = 0;
  let decisions = 0;
  for (let step = 0; decisions < states && step < 5000; step++) {
    if (s.result !== null) s = r.setup(def, { players: 2, seed: `speed-${id}-${step}`, options: parseOptions(def, opts) });
    now += 500;
    const due = r.nextDeadline(s);
    if (due !== null && due <= now) s = r.tick(def, s, now).state;
    const seat = [0, 1].find((p) => r.legalActions(def, s, p, now).length > 0);
    if (seat === undefined) continue;
    if (step % 5 === 0) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      r.ismctsBot(def, s, seat, rng, { now, iterations, onDone: (x: { iterations: number }) => (iters += x.iterations) });
      ms += performance.now() - t0;
      const c = process.cpuUsage(c0);
      cpuUs += c.user + c.system;
      decisions++;
    }
    const legal = r.sampledActions(def, s, seat, now);
    const res = r.apply(def, s, seat, legal[r.nextInt(rng, legal.length)], now);
    if ('state' in res) s = res.state;
  }
  // Per CPU second too: on a loaded machine the wall clock counts other processes' time.
  return { iterationsPerSecond: Math.round((iters / ms) * 1000), iterationsPerCpuSecond: Math.round((iters / cpuUs) * 1e6), decisions };
}

/** Win rate of `level` against `opponent` over `games` 2-player games, seats alternating. */
export async function duel(id: string, level: string, opponent: string, games: number, iterations: number, opts: Record<string, string> = {}, rolloutDepth?: number) {
  const def = await loadGame(id);
  const { playMatch } = await loadRuntime();
  let wins = 0;
  let actions = 0;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    const me = g % 2;
    const rec = playMatch(def, {
      players: 2, seed: `duel-${id}-${g}`, options: parseOptions(def, opts),
      bots: me === 0 ? [level, opponent] : [opponent, level], budget: { iterations, rolloutDepth }, trackStandings: false, maxActions: 5000,
    });
    const w = rec.result?.winners ?? [];
    if (w.includes(me)) wins += 1 / w.length;
    actions += rec.actions;
  }
  const [lo, hi] = wilson(wins, games);
  return { game: id, level, opponent, games, iterations, wins, winRate: wins / games, ci95: [lo, hi], p: binomialUpperTail(Math.floor(wins), games, 0.5), meanActions: actions / games, seconds: Math.round((performance.now() - t0) / 1000) };
}

async function main(argv: string[]): Promise<void> {
  const [mode, id, a, b] = argv;
  if (mode === 'speed' && id) {
    const r = await measureSpeed(id, flag(argv, '--iterations', 300), flag(argv, '--states', 20), options(argv));
    process.stdout.write(`${id}: ismcts ${r.iterationsPerSecond} iterations/s wall clock, ${r.iterationsPerCpuSecond} per CPU second (${r.decisions} decisions, 2 players)\n`);
    return;
  }
  if (mode === 'duel' && id && a && b) {
    const depth = argv.includes('--depth') ? flag(argv, '--depth', 4) : undefined;
    const r = await duel(id, a, b, flag(argv, '--games', 40), flag(argv, '--iterations', 200), options(argv), depth);
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    process.stdout.write(
      `${id}: ${a}(${r.iterations}) vs ${b}: ${r.wins}/${r.games} = ${pct(r.winRate)} [95% CI ${pct(r.ci95[0]!)}–${pct(r.ci95[1]!)}], p = ${r.p.toExponential(2)}, mean ${r.meanActions.toFixed(1)} actions, ${r.seconds} s\n`,
    );
    return;
  }
  process.stderr.write('usage: measure-bots.ts speed <game> [--iterations N] [--states N] | duel <game> <level> <opponent> [--games N] [--iterations N] [--option k=v]\n');
  process.exitCode = 2;
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop()!)) await main(process.argv.slice(2));
