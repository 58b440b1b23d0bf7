// Bot ratings from real bot-vs-bot games (the runtime's playMatch on the shed fixture): tallies add up, the winner of a pairing rates higher, a rerun is identical.
import { describe, expect, it } from 'vitest';
import * as runtime from '@decksmith/runtime';
import { shed } from '@decksmith/runtime/test-fixtures/shed';
import { measureBotRatings } from './bot-ratings.ts';

const input = { def: shed, players: 2, games: 8, seed: 't', options: { hand_size: 3 }, iterations: 20 };

describe('measureBotRatings', () => {
  it('tallies every game of every pairing, and rates the level that won more of a pairing higher', () => {
    const file = measureBotRatings(runtime, { ...input, levels: ['random', 'greedy'] });
    expect(file.pairings).toHaveLength(1);
    const p = file.pairings[0]!;
    expect(p.wins[0] + p.wins[1] + p.draws).toBe(8);
    const [random, greedy] = file.levels;
    expect(p.wins[0]).not.toBe(p.wins[1]);
    if (p.wins[0] > p.wins[1]) expect(random!.rating).toBeGreaterThan(greedy!.rating);
    else expect(greedy!.rating).toBeGreaterThan(random!.rating);
    expect(random!.rd).toBeLessThan(350);
  });

  it('is reproducible from its seed (fixed iteration budget), with one period per game index', () => {
    const a = measureBotRatings(runtime, { ...input, games: 3, levels: runtime.BOT_LEVELS });
    const b = measureBotRatings(runtime, { ...input, games: 3, levels: runtime.BOT_LEVELS });
    expect(a).toEqual(b);
    expect(a.pairings.map((p) => p.levels.join('-'))).toEqual(['random-greedy', 'random-ismcts', 'greedy-ismcts']);
    expect(a.levels.map((l) => l.level)).toEqual(['random', 'greedy', 'ismcts']);
  });
});
