// Headless play of the classic games (issue #22): seeded random-bot games at every player count
// each game seats, with the invariants checked after every action; none may violate one or stick.
// Each test is one batch of seeds, so that a batch stays well inside its timeout on a loaded
// machine; the batches of one table continue each other's seeds.
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/play/load-game.ts';
import { playGames } from '../../src/play/play-games.ts';
import { loadRuntime, type OptionValue } from '../../src/play/runtime-api.ts';

interface Batch {
  players: number;
  games: number;
  firstSeed: number;
  options?: Record<string, OptionValue>;
}

function playsCleanly(game: string, batch: Batch, why: string): void {
  const { players, games, firstSeed, options = {} } = batch;
  it(`${game}: ${players} players, seeds ${firstSeed}–${firstSeed + games - 1}: no invariant violation, none stuck (${why})`, async () => {
    const g = await loadGame(game);
    if ('error' in g) throw new Error(`${game} does not compile: ${g.error[0] ?? ''}`);
    const r = playGames(await loadRuntime(), g.def, {
      players, seed: firstSeed, games, bots: new Array<string>(players).fill('random'), options, maxActions: 20_000,
    });
    const bad = r.games.filter((x) => x.endedBy !== 'end' || x.violations > 0).map((x) => `seed ${x.seed}: ${x.endedBy} ${x.firstViolation ?? ''}`);
    expect(bad).toEqual([]);
    expect(r.games).toHaveLength(games);
    expect(r.invariantViolations).toBe(0);
    expect(r.stuckGames).toBe(0);
  }, 300_000);
}

/** `total` games in batches of `size` seeds. */
function batches(players: number, total: number, size: number, options?: Record<string, OptionValue>): Batch[] {
  return Array.from({ length: Math.ceil(total / size) }, (_, i) => ({
    players, games: Math.min(size, total - i * size), firstSeed: 1 + i * size, ...(options ? { options } : {}),
  }));
}

describe('classic games play cleanly', () => {
  // 1,000 games at its only table size, to 500 or -200.
  for (const b of batches(4, 1000, 250)) playsCleanly('spades', b, 'random bots');
  // Two hands a game, so that the second hand's card exchange is played too: 1,000 games (2,000
  // hands) per player count.
  for (const players of [4, 5, 6, 7]) for (const b of batches(players, 1000, 250, { hands: 2 })) playsCleanly('president', b, 'random bots, two hands');
  // 1,000 games at every player count.
  for (const players of [2, 3, 4, 5, 6]) for (const b of batches(players, 1000, 250)) playsCleanly('go-fish', b, 'random bots');
  // 1,000 games at its only table size, to 10 (about 190 actions and 9.5 hands a game).
  for (const b of batches(4, 1000, 250)) playsCleanly('euchre', b, 'random bots');
  // 1,000 games at every player count (random slaps are mostly wrong, so games are short:
  // 130-170 actions).
  for (const players of [2, 3, 4, 5, 6]) for (const b of batches(players, 1000, 250)) playsCleanly('egyptian-ratscrew', b, 'random bots');
  // Cribbage to 121 (about 125 actions and 12.6 hands a game; each hand counts three hands by
  // their subsets): 1,000 games. Euchre, Egyptian Ratscrew and Cribbage together: 28 s of CPU
  // with 500 Cribbage games (89 s wall at load 19-22), about 36 s with these 1,000.
  for (const b of batches(2, 1000, 250)) playsCleanly('cribbage', b, 'random bots');
});
