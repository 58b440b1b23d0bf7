// Glicko-2 through the glicko2 library: Glickman's worked example, and how a game's places become matches.
import { describe, expect, it } from 'vitest';
import { NEW_RATING, rateGame, ranksOfWinners } from '../src/ratings/glicko.ts';
import { nearestBot } from '../src/ratings/service.ts';

describe('rateGame', () => {
  it("reproduces the worked example of Glickman's Glicko-2 paper (1500/200 beats 1400/30, loses to 1550/100 and 1700/300)", () => {
    const before = [
      { rating: 1500, rd: 200, vol: 0.06 },
      { rating: 1400, rd: 30, vol: 0.06 },
      { rating: 1550, rd: 100, vol: 0.06 },
      { rating: 1700, rd: 300, vol: 0.06 },
    ];
    // Places: the two who beat player 0 first (they draw each other), player 0 second, 1400 last.
    const after = rateGame(before, [1, 2, 0, 0]);
    expect(after[0]!.rating).toBeCloseTo(1464.06, 1);
    expect(after[0]!.rd).toBeCloseTo(151.52, 1);
    expect(after[0]!.vol).toBeCloseTo(0.05999, 4);
  });

  it('moves two newcomers apart by the same amount, the winner up', () => {
    const [w, l] = rateGame([NEW_RATING, NEW_RATING], [0, 1]);
    expect(w!.rating).toBeGreaterThan(1600);
    expect(w!.rating - 1500).toBeCloseTo(1500 - l!.rating, 6);
    expect(w!.rd).toBeLessThan(350);
  });

  it('leaves equal players level on a draw, and rates a 3-player game as winners over the rest', () => {
    const [a, b] = rateGame([NEW_RATING, NEW_RATING], [0, 0]);
    expect(a!.rating).toBeCloseTo(1500, 6);
    expect(b!.rating).toBeCloseTo(1500, 6);
    expect(ranksOfWinners(3, [2])).toEqual([1, 1, 0]);
    const r = rateGame([NEW_RATING, NEW_RATING, NEW_RATING], ranksOfWinners(3, [2]));
    expect(r[2]!.rating).toBeGreaterThan(1500);
    expect(r[0]!.rating).toBeCloseTo(r[1]!.rating, 6);
    expect(r[0]!.rating).toBeLessThan(1500);
  });

  it('refuses places that do not match the players', () => {
    expect(() => rateGame([NEW_RATING], [0, 1])).toThrow(RangeError);
  });
});

describe('nearestBot', () => {
  it('names the level whose measured rating is closest', () => {
    const bots = [{ level: 'random', rating: 1200, rd: 50 }, { level: 'greedy', rating: 1500, rd: 50 }, { level: 'ismcts', rating: 1800, rd: 50 }];
    expect(nearestBot(bots, 1390)).toBe('greedy');
    expect(nearestBot(bots, 1320)).toBe('random');
    expect(nearestBot([], 1500)).toBeUndefined();
  });
});
