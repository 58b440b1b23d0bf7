// An A/B of one game against a variant of its own GameDef (the reference interpretation of what
// the codegen specialises), same process, windows interleaved so that the machine's load hits both
// alike (issue 24). ab-legal.ts and ab-triggers.ts say which variant; both take
//   [game] [seconds] [pairs] [players]
// and print each path's moves/s per second of CPU time (fast path and the public legalActions +
// apply loop) and the ratio.
import { loadavg } from 'node:os';
import { loadGame } from '../src/simulate/load-game.ts';
import { fastPlayout } from '../src/bench/engine-figures.ts';
import { figure, formatFigure, perSecond, timeWindow } from '../src/bench/measure.ts';
import { loadBenchRuntime, type BenchRuntime, type GameDef } from '../src/bench/runtime-api.ts';
import { wirePlayout } from '../src/bench/wire-playout.ts';

/** What is compared: the game as generated (named `name`) against `reference(def)`. */
export interface AbVariant {
  name: string;
  reference: (def: GameDef) => GameDef;
}

/**
 * Runs the comparison with the command line's arguments and prints it.
 *
 * @example
 * await runAb({ name: 'generated', reference: (def) => ({ ...def, actions: def.actions.map(({ legal: _l, ...a }) => a) }) });
 */
export async function runAb(variant: AbVariant, argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const [game = 'tiv-miv', secondsText = '1', pairsText = '5', playersText = '4'] = argv;
  const seconds = Number(secondsText);
  const pairs = Number(pairsText);
  const rt = await loadBenchRuntime();
  const def = (await loadGame(game)) as unknown as GameDef;
  const players = Math.min(Math.max(Number(playersText), def.minPlayers), def.maxPlayers);
  process.stdout.write(`${game}, ${players} seats, ${pairs} pairs of ${seconds} s windows; load ${loadNow()}\n`);
  comparePaths([{ name: variant.name, rt, def }, { name: 'reference', rt, def: variant.reference(def) }], players, seconds, pairs);
}

/** One side of a comparison: a runtime and the game it plays, under a name. */
export interface AbSide {
  name: string;
  rt: BenchRuntime;
  def: GameDef;
}

/** The 1-, 5- and 15-minute load averages. */
export const loadNow = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');

/**
 * Times both sides' fast path and public legalActions + apply loop in `pairs` pairs of windows
 * (one more first, which warms the JIT up and is not counted), and prints each path's moves/s and
 * the first side ÷ the second (median, min–max of the pairs), then the load. `alternate`: the
 * side that goes first changes every pair, so that neither always follows the other's garbage.
 */
export function comparePaths(sides: readonly [AbSide, AbSide], players: number, seconds: number, pairs: number, alternate = false): void {
  // Timed by this process's CPU time, not the wall clock: other processes on the machine then
  // inflate the figures far less (cache and frequency effects remain).
  const cpuMs = (): number => process.cpuUsage().user / 1000;
  for (const path of ['fast', 'wire'] as const) {
    const rates: [number[], number[]] = [[], []];
    const ratios: number[] = [];
    for (let i = 0; i < pairs + 1; i++) {
      const pair: number[] = [];
      const order = alternate && i % 2 === 1 ? [1, 0] : [0, 1];
      for (const k of order) {
        const { rt, def } = sides[k]!;
        const fast = fastPlayout(rt, { def, players });
        const w = timeWindow(seconds, (seed) => (path === 'fast' ? fast(seed).actions : wirePlayout(rt, def, { players, seed }).actions), cpuMs);
        if (i > 0) rates[k]!.push(perSecond(w));
        pair[k] = perSecond(w);
      }
      if (i > 0) ratios.push(pair[0]! / pair[1]!);
    }
    const r = figure(ratios);
    const [a, b] = [sides[0].name, sides[1].name];
    process.stdout.write(`${path}: ${a} ${formatFigure(rates[0])} moves/s, ${b} ${formatFigure(rates[1])}; ${a} ÷ ${b} ${r.median.toFixed(3)}× (${r.min.toFixed(3)}–${r.max.toFixed(3)})\n`);
  }
  process.stdout.write(`load at the end ${loadNow()}\n`);
}
