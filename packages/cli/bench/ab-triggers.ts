// Incremental triggers (TriggerDef.reads: a trigger re-tested only after a write to what it reads)
// against the reference (every trigger tested after every action), same game, same process,
// windows interleaved so that the machine's load hits both alike (issue 24):
//   node --import tsx packages/cli/bench/ab-triggers.ts [game] [seconds] [pairs] [players]
// Prints each pair's moves/s per second of CPU time (fast path and the public legalActions + apply loop) and the ratio.
import { loadavg } from 'node:os';
import { loadGame } from '../src/simulate/load-game.ts';
import { fastPlayout } from '../src/bench/engine-figures.ts';
import { figure, perSecond, timeWindow } from '../src/bench/measure.ts';
import { loadBenchRuntime, type GameDef } from '../src/bench/runtime-api.ts';
import { wirePlayout } from '../src/bench/wire-playout.ts';

const [game = 'tiv-miv', secondsText = '1', pairsText = '5', playersText = '4'] = process.argv.slice(2);
const seconds = Number(secondsText);
const pairs = Number(pairsText);
const rt = await loadBenchRuntime();
const def = (await loadGame(game)) as unknown as GameDef;
const players = Math.min(Math.max(Number(playersText), def.minPlayers), def.maxPlayers);
const reference: GameDef = { ...def, triggers: def.triggers.map(({ reads: _reads, ...t }) => t) };

const cpuMs = (): number => process.cpuUsage().user / 1000;
const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');
process.stdout.write(`${game}, ${players} seats, ${pairs} pairs of ${seconds} s windows; load ${load()}\n`);
for (const path of ['fast', 'wire'] as const) {
  const rates = { incremental: [] as number[], reference: [] as number[] };
  const ratios: number[] = [];
  for (let i = 0; i < pairs + 1; i++) {
    const pair: number[] = [];
    for (const [name, d] of [['incremental', def], ['reference', reference]] as const) {
      const fast = fastPlayout(rt, { def: d, players });
      // Timed by this process's CPU time, not the wall clock: other processes on the machine then
      // inflate the figures far less (cache and frequency effects remain).
      const w = timeWindow(seconds, (seed) => (path === 'fast' ? fast(seed).actions : wirePlayout(rt, d, { players, seed }).actions), cpuMs);
      // The first pair warms the JIT up and is not counted.
      if (i > 0) rates[name].push(perSecond(w));
      pair.push(perSecond(w));
    }
    if (i > 0) ratios.push(pair[0]! / pair[1]!);
  }
  const f = (v: number[]): string => {
    const x = figure(v);
    return `${Math.round(x.median).toLocaleString('en')} (${Math.round(x.min).toLocaleString('en')}–${Math.round(x.max).toLocaleString('en')})`;
  };
  const r = figure(ratios);
  process.stdout.write(`${path}: incremental ${f(rates.incremental)} moves/s, reference ${f(rates.reference)}; incremental ÷ reference ${r.median.toFixed(2)}× (${r.min.toFixed(2)}–${r.max.toFixed(2)})\n`);
}
process.stdout.write(`load at the end ${load()}\n`);
