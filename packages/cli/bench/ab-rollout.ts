// ISMCTS with its rollouts played in place (bots/rollout.ts) against the same search with the
// rollouts through the public API (`referenceRollout`), same process, windows interleaved and
// timed by CPU time (issue 24). Decisions at positions spread over a seeded random game:
//   node --import tsx packages/cli/bench/ab-rollout.ts [game] [seconds] [pairs] [players] [iterations]
// prints iterations per second of CPU time for both and the ratio, and checks that both chose
// the same action at every decision they both reached.
import { loadavg } from 'node:os';
import { loadGame } from '../src/simulate/load-game.ts';
import { figure, formatFigure } from '../src/bench/measure.ts';
import { loadBenchRuntime, type Action, type GameDef, type GameState } from '../src/bench/runtime-api.ts';
import { wirePlayout } from '../src/bench/wire-playout.ts';

const [game = 'tiv-miv', secondsText = '1', pairsText = '5', playersText = '4', iterationsText = '100'] = process.argv.slice(2);
const seconds = Number(secondsText);
const pairs = Number(pairsText);
const iterations = Number(iterationsText);
const rt = await loadBenchRuntime();
const def = (await loadGame(game)) as unknown as GameDef;
const players = Math.min(Math.max(Number(playersText), def.minPlayers), def.maxPlayers);

// Decisions: every 7th position of two seeded random games, for the seat that could act there.
const decisions: { state: GameState; now: number; seat: number }[] = [];
for (let seed = 0; seed < 2; seed++) {
  let i = 0;
  wirePlayout(rt, def, { players, seed, maxActions: 400 }, (state, now) => {
    if (i++ % 7 !== 0) return;
    for (let p = 0; p < state.players; p++) if (rt.canAct(def, state, p, now)) return void decisions.push({ state, now, seat: p });
  });
}

const cpuMs = (): number => process.cpuUsage().user / 1000;
const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');
process.stdout.write(`${game}, ${players} seats, ${decisions.length} decisions of ${iterations} iterations, ${pairs} pairs of ${seconds} s windows; load ${load()}\n`);
const chosen: [Map<number, string>, Map<number, string>] = [new Map(), new Map()];
const rates: [number[], number[]] = [[], []];
const ratios: number[] = [];
for (let i = 0; i < pairs + 1; i++) {
  const pair: number[] = [];
  for (const k of [0, 1] as const) {
    // One window is every decision once (the same work for both, whatever their speed), timed by
    // this process's CPU time, repeated until it lasts at least `seconds`.
    const t0 = cpuMs();
    let its = 0;
    do {
      for (const [n, d] of decisions.entries()) {
        const a: Action | null = rt.ismctsBot(def, d.state, d.seat, rt.deriveRng(`ab/${n}`, 'bot'), {
          now: d.now,
          iterations,
          referenceRollout: k === 1,
          onDone: (s) => (its += s.iterations),
        });
        chosen[k].set(n, JSON.stringify(a));
      }
    } while (cpuMs() - t0 < seconds * 1000);
    const rate = its / ((cpuMs() - t0) / 1000);
    // The first pair warms the JIT up and is not counted.
    if (i > 0) rates[k].push(rate);
    pair.push(rate);
  }
  if (i > 0) ratios.push(pair[0]! / pair[1]!);
}
const r = figure(ratios);
let compared = 0;
let differ = 0;
for (const [n, a] of chosen[0]) {
  const b = chosen[1].get(n);
  if (b === undefined) continue;
  compared++;
  if (a !== b) differ++;
}
process.stdout.write(`ismcts it/s: in place ${formatFigure(rates[0])}, reference ${formatFigure(rates[1])}; in place ÷ reference ${r.median.toFixed(2)}× (${r.min.toFixed(2)}–${r.max.toFixed(2)})\n`);
process.stdout.write(`same choice at ${compared - differ} of ${compared} decisions both reached\n`);
process.stdout.write(`load at the end ${load()}\n`);
if (differ > 0) process.exitCode = 1;
