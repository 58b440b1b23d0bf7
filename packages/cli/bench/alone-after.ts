// One game's fast-path and public-API moves/s alone, then after every other launch game went
// through the same runtime functions in the same process (issue 24: a server hosts many games):
//   node --import tsx packages/cli/bench/alone-after.ts [game] [seconds] [runs] [players]
// Timed by this process's CPU time (the machine is shared); prints the medians and after ÷ alone.
import { loadavg } from 'node:os';
import { loadGame } from '../src/simulate/load-game.ts';
import { fastPlayout } from '../src/bench/engine-figures.ts';
import { figure, perSecond, timeWindow } from '../src/bench/measure.ts';
import { launchGames } from '../src/bench/run-bench.ts';
import { loadBenchRuntime, type BenchRuntime, type GameDef } from '../src/bench/runtime-api.ts';
import { wirePlayout } from '../src/bench/wire-playout.ts';

const [game = 'tiv-miv', secondsText = '1', runsText = '5', playersText = '4'] = process.argv.slice(2);
const seconds = Number(secondsText);
const runs = Number(runsText);
const rt: BenchRuntime = await loadBenchRuntime();
const cpuMs = (): number => process.cpuUsage().user / 1000;
const seats = (d: GameDef): number => Math.min(Math.max(Number(playersText), d.minPlayers), d.maxPlayers);

function measure(d: GameDef): { fast: number; wire: number } {
  const players = seats(d);
  const fast = fastPlayout(rt, { def: d, players });
  const f: number[] = [];
  const w: number[] = [];
  // One untimed window of each first (the JIT's warm-up).
  for (let r = 0; r <= runs; r++) {
    const a = perSecond(timeWindow(seconds, (seed) => fast(seed).actions, cpuMs));
    const b = perSecond(timeWindow(seconds, (seed) => wirePlayout(rt, d, { players, seed }).actions, cpuMs));
    if (r > 0) {
      f.push(a);
      w.push(b);
    }
  }
  return { fast: figure(f).median, wire: figure(w).median };
}

const def = (await loadGame(game)) as unknown as GameDef;
const others = await Promise.all(launchGames().filter((id) => id !== game).map(async (id) => (await loadGame(id)) as unknown as GameDef));
const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');
process.stdout.write(`${game}: ${runs} runs of ${seconds} s CPU a figure; load ${load()}\n`);
const alone = measure(def);
process.stdout.write(`alone: fast ${Math.round(alone.fast).toLocaleString('en')} moves/s, wire ${Math.round(alone.wire).toLocaleString('en')}\n`);
for (const d of others) {
  const players = seats(d);
  const fast = fastPlayout(rt, { def: d, players });
  timeWindow(Math.min(seconds, 0.5), (seed) => fast(seed).actions, cpuMs);
  timeWindow(Math.min(seconds, 0.5), (seed) => wirePlayout(rt, d, { players, seed }).actions, cpuMs);
}
const after = measure(def);
process.stdout.write(`after ${others.length} other games: fast ${Math.round(after.fast).toLocaleString('en')} moves/s (${(after.fast / alone.fast).toFixed(2)}× alone), wire ${Math.round(after.wire).toLocaleString('en')} (${(after.wire / alone.wire).toFixed(2)}× alone)\n`);
process.stdout.write(`load at the end ${load()}\n`);
