// An A/B of this checkout's runtime against another checkout's, in one process (issue 24): the
// same generated game, both runtimes' fast path and public legalActions + apply loop, windows
// alternated and timed by the process's CPU time, so that a shared machine's load hits both alike.
// A change to the runtime worth a few per cent is lost in the noise of separate runs here.
// Not for a change to how plain data is stored (the RNG state's words, say): both runtimes'
// objects share V8's hidden classes, so one's writes slow the other's reads; time such a change
// in separate processes, alternated (as docs/performance.md did for the signed RNG words).
//   git worktree add /tmp/base HEAD~1   (or a clone; it needs node_modules: link this one's)
//   node --import tsx packages/cli/bench/ab-tree.ts /tmp/base [game] [seconds] [pairs] [players]
// Prints each path's moves/s for both and this ÷ base (median, min–max of the pairs).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadGame } from '../src/simulate/load-game.ts';
import { loadBenchRuntime, type BenchRuntime, type GameDef } from '../src/bench/runtime-api.ts';
import { comparePaths, loadNow } from './ab-compare.ts';

const [baseDir, game = 'tiv-miv', secondsText = '1', pairsText = '8', playersText = '4'] = process.argv.slice(2);
if (baseDir === undefined) {
  process.stderr.write('usage: ab-tree.ts <other checkout> [game] [seconds] [pairs] [players]\n');
  process.exit(2);
}
const seconds = Number(secondsText);
const pairs = Number(pairsText);
const here = await loadBenchRuntime();
const base = (await import(pathToFileURL(resolve(baseDir, 'packages/runtime/src/index.ts')).href)) as BenchRuntime;
// The game as generated in this checkout; each runtime keeps its own engine and tables for it
// (WeakMaps keyed by the definition), and the module's library calls go to this checkout's.
const def = (await loadGame(game)) as unknown as GameDef;
const players = Math.min(Math.max(Number(playersText), def.minPlayers), def.maxPlayers);
process.stdout.write(`${game}, ${players} seats, this checkout vs ${baseDir}, ${pairs} pairs of ${seconds} s (CPU time); load ${loadNow()}\n`);
comparePaths([{ name: 'this', rt: here, def }, { name: 'base', rt: base, def }], players, seconds, pairs, true);
