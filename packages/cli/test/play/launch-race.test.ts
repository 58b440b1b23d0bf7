// Headless play of the launch games with real-time races and rounds: Wackee Six, Tiv-Miv, Five Crowns.
import { describe } from 'vitest';
import { playsCleanly } from './launch-games.ts';

describe('launch games play cleanly', () => {
  // Random bots give up rounds with negative scores, so a random Wackee Six never reaches its target.
  playsCleanly('wackee-six', [
    { players: 2, bots: 'greedy', games: 10, options: { target: 20 } },
    { players: 4, bots: 'greedy', games: 6, options: { target: 20 } },
    { players: 8, bots: 'greedy', games: 6, options: { target: 20 } },
  ], 'greedy bots, partnerships at 8');
  playsCleanly('tiv-miv', [{ players: 2, bots: 'random', games: 80, options: { phases: 2 } }, { players: 4, bots: 'random', games: 60, options: { phases: 2 } }], 'random bots, two phases');
  playsCleanly('five-crowns', [{ players: 2, bots: 'random', games: 60, options: { rounds_played: 2 } }, { players: 4, bots: 'random', games: 40, options: { rounds_played: 2 } }], 'random bots, two rounds');
});
