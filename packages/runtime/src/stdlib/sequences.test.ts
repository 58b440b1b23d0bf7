// Tests for consecutive-rank checks and turn order helpers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROPERTY_TIMEOUT_MS } from '../../test/property-timeout.ts';
import { isConsecutive, nextInCycle, seatsFrom } from './sequences.ts';

describe('isConsecutive', () => {
  it('accepts a straight block in any order', () => {
    expect(isConsecutive([5, 3, 4], 3, 13)).toBe(true);
    expect(isConsecutive([13], 3, 13)).toBe(true);
    expect(isConsecutive([], 3, 13)).toBe(true);
  });

  it('rejects gaps, duplicates and out-of-range ranks', () => {
    expect(isConsecutive([3, 5], 3, 13)).toBe(false);
    expect(isConsecutive([4, 4, 5], 3, 13)).toBe(false);
    expect(isConsecutive([2, 3, 4], 3, 13)).toBe(false);
  });

  it('wraps only when asked', () => {
    expect(isConsecutive([12, 13, 3], 3, 13)).toBe(false);
    expect(isConsecutive([12, 13, 3], 3, 13, true)).toBe(true);
    expect(isConsecutive([13, 3, 5], 3, 13, true)).toBe(false);
    expect(isConsecutive([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], 3, 13, true)).toBe(true);
  });

  it('matches a brute-force check over rotations (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { maxLength: 8 }), (ranks) => {
        const lo = 1;
        const size = 8;
        let expected = ranks.length === 0;
        for (let start = 0; start < size && !expected; start++) {
          const block = new Set(Array.from({ length: ranks.length }, (_, i) => ((start + i) % size) + lo));
          if (ranks.every((r) => block.has(r))) expected = true;
        }
        expect(isConsecutive(ranks, lo, lo + size - 1, true)).toBe(expected);
      }),
    );
  }, PROPERTY_TIMEOUT_MS);
});

describe('turn order', () => {
  it('steps around the table both ways', () => {
    expect(nextInCycle(3, 4, 1)).toBe(0);
    expect(nextInCycle(0, 4, -1)).toBe(3);
    expect(nextInCycle(1, 4, 2)).toBe(3);
    expect(nextInCycle(3, 4, 2)).toBe(1);
  });

  it('lists all seats from a start', () => {
    expect(seatsFrom(2, 4, 1)).toEqual([2, 3, 0, 1]);
    expect(seatsFrom(2, 4, -1)).toEqual([2, 1, 0, 3]);
    expect(seatsFrom(0, 1, 1)).toEqual([0]);
  });
});
