// Headless play of the classic games (issue #22): seeded bot games at every player count each
// game seats, with the invariants checked after every action; none may violate one or stick.
import { describe } from 'vitest';
import { playsCleanly } from './launch-games.ts';

describe('classic games play cleanly', () => {
  playsCleanly('spades', [{ players: 4, bots: 'random', games: 1000 }], 'random bots, 4 players, to 500 or -200');
  // Two hands a game, so that the second hand's card exchange is played too. 250 games (500
  // hands) per player count keep each count near 10 s of CPU; games/president/README.md has
  // the figures of 1,000 games per count.
  for (const players of [4, 5, 6, 7]) {
    playsCleanly('president', [{ players, bots: 'random', games: 250, options: { hands: 2 } }], `random bots, ${players} players, two hands`);
  }
  // 1,000 games at 2 and 3 players; 250 at 4 to 6, where a game costs up to three times as much
  // (games/go-fish/README.md has the figures of 1,000 games per count).
  for (const players of [2, 3, 4, 5, 6]) {
    playsCleanly('go-fish', [{ players, bots: 'random', games: players <= 3 ? 1000 : 250 }], `random bots, ${players} players`);
  }
});
