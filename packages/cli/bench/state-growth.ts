// What each action adds to the game state that the state before it does not share: the number
// of array elements in arrays new to the later state (copy-on-write: an unchanged array is the
// same object), by state field, averaged over the actions of seeded random games. A server room
// keeps its latest state until the next action (about a second), so these elements survive the
// young-generation collections in between and are promoted (issue 18).
//   node --import tsx packages/cli/bench/state-growth.ts [game] [games] [players]
import { loadavg } from 'node:os';
import { loadGame } from '../src/simulate/load-game.ts';
import { loadBenchRuntime, type GameDef, type GameState } from '../src/bench/runtime-api.ts';
import { wirePlayout } from '../src/bench/wire-playout.ts';

const [game = 'five-crowns', gamesText = '20', playersText = '4'] = process.argv.slice(2);
const rt = await loadBenchRuntime();
const def = (await loadGame(game)) as unknown as GameDef;
const players = Math.min(Math.max(Number(playersText), def.minPlayers), def.maxPlayers);

/** Elements of the arrays under `after` that are not the same object under `before` (nested arrays walked). */
function fresh(after: unknown, before: unknown): number {
  if (!Array.isArray(after) || after === before) return 0;
  const old = Array.isArray(before) ? before : [];
  let n = after.length;
  for (let i = 0; i < after.length; i++) n += fresh(after[i], old[i]);
  return n;
}

const byField = new Map<string, number>();
let steps = 0;
for (let seed = 1; seed <= Number(gamesText); seed++) {
  let prev: GameState | undefined;
  wirePlayout(rt, def, { players, seed }, (state) => {
    if (prev !== undefined && prev !== state) {
      steps++;
      for (const [k, v] of Object.entries(state)) byField.set(k, (byField.get(k) ?? 0) + fresh(v, (prev as unknown as Record<string, unknown>)[k]));
    }
    prev = state;
  });
}
const rows = [...byField].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
const total = rows.reduce((a, [, n]) => a + n, 0);
console.log(`${game}, ${players} seats, ${Number(gamesText)} seeded random games, ${steps} state changes; load ${loadavg()[0]!.toFixed(2)}`);
console.log(`new array elements per state change: ${(total / steps).toFixed(1)}`);
for (const [k, n] of rows) console.log(`  ${k.padEnd(12)} ${(n / steps).toFixed(1)}`);
