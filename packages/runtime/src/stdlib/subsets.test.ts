import { describe, expect, it } from 'vitest';
import { VarOutOfRange } from '../core/var-range.ts';
import { subsets, SUBSETS_MAX_CARDS, SubsetsTooLarge } from './subsets.ts';

describe('subsets', () => {
  it('lists every subset once, the empty one included, each in list order', () => {
    expect(subsets([7, 9, 4])).toEqual([[], [7], [9], [7, 9], [4], [7, 4], [9, 4], [7, 9, 4]]);
    expect(subsets([])).toEqual([[]]);
  });

  it('counts combinations: the 15s of a Cribbage hand 5-5-5-J + 5 starter are eight', () => {
    // Card ids 0..4 with Cribbage values 5, 5, 5, 10, 5: every subset adding to 15.
    const value = [5, 5, 5, 10, 5];
    const fifteens = subsets([0, 1, 2, 3, 4]).filter((s) => s.reduce((t, c) => t + value[c]!, 0) === 15);
    expect(fifteens).toHaveLength(8);
    expect(subsets([0, 1, 2, 3, 4])).toHaveLength(32);
  });

  it('drops the holes of a row', () => {
    expect(subsets([-1, 3, -1])).toEqual([[], [3]]);
  });

  it(`refuses more than ${SUBSETS_MAX_CARDS} cards with a coded error handled as a rule-file bug`, () => {
    expect(subsets(Array.from({ length: SUBSETS_MAX_CARDS }, (_, i) => i))).toHaveLength(1 << SUBSETS_MAX_CARDS);
    const big = Array.from({ length: SUBSETS_MAX_CARDS + 1 }, (_, i) => i);
    expect(() => subsets(big)).toThrow(SubsetsTooLarge);
    try {
      subsets(big);
    } catch (err) {
      expect(err).toBeInstanceOf(VarOutOfRange);
      expect((err as VarOutOfRange).rejection.code).toBe('subsets/too_large');
    }
  });
});
