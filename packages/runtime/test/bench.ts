// Bench (not a test): random playouts of the shedding fixture through the public API.
// Run: npx tsx packages/runtime/test/bench.ts [seconds]
import { apply, createRng, legalActions, nextInt, setup } from '../src/index.ts';
import { shed } from './fixtures/shed.ts';

const seconds = Number(process.argv[2] ?? 3);
const rng = createRng('bench');
let moves = 0;
let games = 0;
const start = performance.now();
const end = start + seconds * 1000;
while (performance.now() < end) {
  let state = setup(shed, { players: 4, seed: games, options: { must_play: false } });
  let now = 0;
  for (let i = 0; i < 2000 && state.result === null; i++) {
    const seat = state.current;
    const legal = legalActions(shed, state, seat);
    if (legal.length === 0) break;
    now += 100;
    const r = apply(shed, state, seat, legal[nextInt(rng, legal.length)], now);
    if ('rejected' in r) throw new Error(r.rejected.message);
    state = r.state;
    moves++;
  }
  games++;
}
const elapsed = (performance.now() - start) / 1000;
console.log(`shed (4 players, random bots): ${games} games, ${moves} moves in ${elapsed.toFixed(2)} s → ${Math.round(moves / elapsed).toLocaleString('en')} moves/s (legalActions + apply per move)`);
