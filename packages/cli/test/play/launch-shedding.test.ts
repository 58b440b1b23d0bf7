// Headless play of the launch games of the shedding family: Super Taki, Taki Pyramid, Go Wacky!
import { describe } from 'vitest';
import { playsCleanly } from './launch-games.ts';

describe('launch games play cleanly', () => {
  // Random bots draw as readily as they play, so a random Super Taki runs ~20 000 actions:
  // greedy bots keep the suite short.
  playsCleanly('super-taki', [{ players: 2, bots: 'greedy', games: 30 }, { players: 4, bots: 'greedy', games: 20 }], 'greedy bots');
  // A full pyramid takes random bots ~30 000 actions (past the cap; games/super-taki/README.md); greedy ones ~3 300.
  playsCleanly('taki-pyramid', [
    { players: 2, bots: 'greedy', games: 20, options: { hand_size: 2 } },
    { players: 4, bots: 'greedy', games: 3 },
  ], 'greedy bots, a two-stage pyramid and the full eight stages');
  playsCleanly('go-wacky', [{ players: 2, bots: 'random', games: 100 }, { players: 5, bots: 'random', games: 30 }], 'random bots');
});
