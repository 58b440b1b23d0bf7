// Runs one Tiv-Miv implementation's random playouts for a while, alone, for a CPU profile:
//   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx packages/cli/bench/profile.ts boardgameio 10
// then: npx tsx packages/cli/bench/top-self-time.ts /tmp/prof/*.cpuprofile
import { performance } from 'node:perf_hooks';
import { loadGame } from '../src/simulate/load-game.ts';
import { fastPlayout } from '../src/bench/engine-figures.ts';
import { loadBenchRuntime, type GameDef } from '../src/bench/runtime-api.ts';
import { wirePlayout } from '../src/bench/wire-playout.ts';
import { playTivMiv } from './baseline/tiv-miv.ts';

const IMPLS = ['decksmith', 'wire', 'boardgameio', 'handwritten'] as const;
const [which = 'decksmith', secondsText = '10', playersText = '4'] = process.argv.slice(2);
if (!(IMPLS as readonly string[]).includes(which)) {
  process.stderr.write(`usage: profile.ts <${IMPLS.join('|')}> [seconds] [players]\n`);
  process.exit(2);
}
const seconds = Number(secondsText);
const players = Number(playersText);
process.env.NODE_ENV ??= 'production';

let play: (seed: number) => number;
if (which === 'boardgameio') {
  const { playBgio } = await import('./peer/drive.ts');
  play = (seed) => playBgio(seed, players).moves;
} else if (which === 'handwritten') {
  play = (seed) => playTivMiv(seed, players).moves;
} else {
  const rt = await loadBenchRuntime();
  const def = (await loadGame('tiv-miv')) as unknown as GameDef;
  const fast = fastPlayout(rt, { def, players });
  play = which === 'wire' ? (seed) => wirePlayout(rt, def, { players, seed }).actions : (seed) => fast(seed).actions;
}
const t0 = performance.now();
let moves = 0;
let games = 0;
while (performance.now() - t0 < seconds * 1000) moves += play(games++);
const s = (performance.now() - t0) / 1000;
process.stdout.write(`${which}: ${games} games, ${moves} moves in ${s.toFixed(1)} s: ${Math.round(moves / s)} moves/s\n`);
