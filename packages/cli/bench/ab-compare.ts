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
import { loadBenchRuntime, type GameDef } from '../src/bench/runtime-api.ts';
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
  const reference = variant.reference(def);

  const cpuMs = (): number => process.cpuUsage().user / 1000;
  const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');
  process.stdout.write(`${game}, ${players} seats, ${pairs} pairs of ${seconds} s windows; load ${load()}\n`);
  for (const path of ['fast', 'wire'] as const) {
    const rates: [number[], number[]] = [[], []];
    const ratios: number[] = [];
    for (let i = 0; i < pairs + 1; i++) {
      const pair: number[] = [];
      for (const [k, d] of [def, reference].entries()) {
        const fast = fastPlayout(rt, { def: d, players });
        // Timed by this process's CPU time, not the wall clock: other processes on the machine then
        // inflate the figures far less (cache and frequency effects remain).
        const w = timeWindow(seconds, (seed) => (path === 'fast' ? fast(seed).actions : wirePlayout(rt, d, { players, seed }).actions), cpuMs);
        // The first pair warms the JIT up and is not counted.
        if (i > 0) rates[k]!.push(perSecond(w));
        pair.push(perSecond(w));
      }
      if (i > 0) ratios.push(pair[0]! / pair[1]!);
    }
    const r = figure(ratios);
    process.stdout.write(`${path}: ${variant.name} ${formatFigure(rates[0])} moves/s, reference ${formatFigure(rates[1])}; ${variant.name} ÷ reference ${r.median.toFixed(2)}× (${r.min.toFixed(2)}–${r.max.toFixed(2)})\n`);
  }
  process.stdout.write(`load at the end ${load()}\n`);
}
