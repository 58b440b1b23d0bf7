// An arrangement that takes a face from another side's deck (the side has no copy left) says so,
// so that a scenario can warn: the card's back then shows the other side.
import { describe, expect, it } from 'vitest';
import { arrange, setup } from '../src/index.ts';
import { teams, Z_WASTE } from './fixtures/teams.ts';

const waste = (side: number, s = setup(teams, { players: 2, seed: 'borrow' })) => s.declBase[Z_WASTE] + side;

describe('arrange reports cards borrowed from another side', () => {
  it('a second "W" for side 1 comes from side 2 and is reported', () => {
    const s0 = setup(teams, { players: 2, seed: 'borrow' });
    const borrowed: { spec: number; message: string }[] = [];
    const r = arrange(teams, s0, [{ zone: waste(1, s0), cards: [] }, { zone: waste(0, s0), cards: ['W', 'W'] }], borrowed);
    expect('code' in r).toBe(false);
    expect(borrowed).toEqual([{ spec: 1, message: `"W" in waste(side 1) is side 2's card: side 1 has no other "W"` }]);
  });
  it('nothing is reported when each side has its own copies', () => {
    const s0 = setup(teams, { players: 2, seed: 'borrow' });
    const borrowed: { spec: number; message: string }[] = [];
    arrange(teams, s0, [{ zone: waste(0, s0), cards: ['W'] }, { zone: waste(1, s0), cards: ['W'] }], borrowed);
    expect(borrowed).toEqual([]);
  });
});
