// A viewer's view patch from one state to the next, two ways (issue 18): from the two states
// (`viewPatch`: only the parts that can differ are built) against the server's earlier way (the
// held view recomputed, the new view built sharing its unchanged zones, `diffView` of the two).
// Same states, same viewers (every seat and the spectator), windows alternated in one process and
// timed by its CPU time; prints µs per viewer patch and the patches' JSON bytes both ways.
//   node --import tsx packages/cli/bench/ab-patch.ts [game] [seconds] [pairs] [players] [games]
import { loadavg } from 'node:os';
import * as rt from '@decksmith/runtime';
import { loadGame } from '../src/simulate/load-game.ts';
import { figure } from '../src/bench/measure.ts';
import { wirePlayout } from '../src/bench/wire-playout.ts';

const [game = 'five-crowns', secondsText = '1', pairsText = '5', playersText = '4', gamesText = '4'] = process.argv.slice(2);
const def = (await loadGame(game)) as unknown as rt.GameDef;
const players = Math.min(Math.max(Number(playersText), def.minPlayers), def.maxPlayers);
const viewers: (number | 'spectator')[] = [...Array.from({ length: players }, (_, i) => i), 'spectator'];

// Consecutive distinct states of seeded random games; each seat's legal list asked once per state,
// as the server's fan-out does before viewing it (the runtime remembers the action names).
const states: rt.GameState[] = [];
for (let seed = 1; seed <= Number(gamesText); seed++) {
  wirePlayout(rt, def, { players, seed }, (state) => {
    if (states[states.length - 1] !== state) states.push(state);
  });
}
for (const s of states) for (let p = 0; p < players; p++) rt.legalActions(def, s, p, s.lastAt);

type Way = (from: rt.GameState, to: rt.GameState, v: number | 'spectator') => unknown;
const ways: [string, Way][] = [
  ['from the states', (from, to, v) => rt.viewPatch(def, from, to, v)],
  [
    'diff of the views',
    (from, to, v) => {
      const base = rt.view(def, from, v);
      return rt.diffView(base, rt.view(def, to, v, { view: base, state: from }));
    },
  ],
];

const bytes = [0, 0];
ways.forEach(([, way], k) => {
  for (let i = 1; i < states.length; i++) for (const v of viewers) bytes[k]! += JSON.stringify(way(states[i - 1]!, states[i]!, v)).length;
});

const cpuMs = (): number => process.cpuUsage().user / 1000;
const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');
process.stdout.write(`${game}, ${players} seats + spectator, ${states.length} states of ${gamesText} games, ${pairsText} pairs of ${secondsText} s windows; load ${load()}\n`);
/** µs of CPU per viewer patch over one window of whole passes through the states. */
function window(way: Way): number {
  const t0 = cpuMs();
  let n = 0;
  while (cpuMs() - t0 < Number(secondsText) * 1000) {
    for (let i = 1; i < states.length; i++) for (const v of viewers) way(states[i - 1]!, states[i]!, v);
    n += (states.length - 1) * viewers.length;
  }
  return ((cpuMs() - t0) * 1000) / n;
}
const us: number[][] = [[], []];
const ratios: number[] = [];
for (let i = 0; i < Number(pairsText) + 1; i++) {
  const pair = ways.map(([, way]) => window(way));
  // The first pair warms the JIT up and is not counted.
  if (i === 0) continue;
  pair.forEach((u, k) => us[k]!.push(u));
  ratios.push(pair[0]! / pair[1]!);
}
ways.forEach(([name], k) => {
  const f = figure(us[k]!);
  process.stdout.write(`${name}: ${f.median.toFixed(2)} µs per viewer patch (${f.min.toFixed(2)}–${f.max.toFixed(2)}), ${(bytes[k]! / ((states.length - 1) * viewers.length)).toFixed(1)} B per patch\n`);
});
const r = figure(ratios);
process.stdout.write(`from the states ÷ diff of the views, CPU: ${r.median.toFixed(2)}× (${r.min.toFixed(2)}–${r.max.toFixed(2)}); load at the end ${load()}\n`);

