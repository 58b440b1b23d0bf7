// Bench (not a test): random playouts of the shedding fixture through the public API
// (legalActions + apply per move) and through the fast path (randomPlayout), 4 players.
// Run: npx tsx packages/runtime/test/bench.ts [seconds per figure]
import { apply, createRng, legalActions, nextInt, randomPlayout, setup } from '../src/index.ts';
import { shed } from './fixtures/shed.ts';

const seconds = Number(process.argv[2] ?? 3);
const options = { must_play: false };

/** Runs `game(i)` (returning its moves) until the time is up; prints the rate. */
function measure(label: string, game: (i: number) => number): void {
  let moves = 0;
  let games = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) moves += game(games++);
  const elapsed = (performance.now() - start) / 1000;
  console.log(`shed (4 players, random bots), ${label}: ${games} games, ${moves} moves in ${elapsed.toFixed(2)} s → ${Math.round(moves / elapsed).toLocaleString('en')} moves/s`);
}

const rng = createRng('bench');
measure('legalActions + apply per move', (i) => {
  let state = setup(shed, { players: 4, seed: i, options });
  let now = 0;
  let moves = 0;
  for (; moves < 2000 && state.result === null; moves++) {
    const seat = state.current;
    const legal = legalActions(shed, state, seat);
    if (legal.length === 0) break;
    now += 100;
    const r = apply(shed, state, seat, legal[nextInt(rng, legal.length)], now);
    if ('rejected' in r) throw new Error(r.rejected.message);
    state = r.state;
  }
  return moves;
});
measure('randomPlayout', (i) => randomPlayout(shed, { players: 4, seed: i, options, maxActions: 2000 }).actions);
