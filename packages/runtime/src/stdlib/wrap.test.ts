// Tests for wrapped arithmetic, with Tiv-Miv's target examples.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROPERTY_TIMEOUT_MS } from '../../test/property-timeout.ts';
import { plusMinus, wrap } from './wrap.ts';

describe('wrap', () => {
  it('wraps Tiv-Miv values into 1..10', () => {
    expect(wrap(12, 1, 10)).toBe(2);
    expect(wrap(-1, 1, 10)).toBe(9);
    expect(wrap(0, 1, 10)).toBe(10);
    expect(wrap(10, 1, 10)).toBe(10);
    expect(wrap(1, 1, 10)).toBe(1);
    expect(wrap(-25, 1, 10)).toBe(5);
  });

  it('lands in range and keeps the residue (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: -50, max: 50 }), fc.integer({ min: 1, max: 30 }), (x, lo, size) => {
        const hi = lo + size - 1;
        const y = wrap(x, lo, hi);
        expect(y >= lo && y <= hi).toBe(true);
        expect((((y - x) % size) + size) % size).toBe(0);
      }),
    );
  }, PROPERTY_TIMEOUT_MS);
});

describe('plusMinus', () => {
  it('gives the Tiv-Miv targets', () => {
    expect(plusMinus(5, 2, 1, 10)).toEqual([7, 3]);
    expect(plusMinus(9, 3, 1, 10)).toEqual([2, 6]);
    expect(plusMinus(1, 2, 1, 10)).toEqual([3, 9]);
    expect(plusMinus(10, 4, 1, 10)).toEqual([4, 6]);
    expect(plusMinus(7, 5, 1, 10)).toEqual([2]);
  });

  it('is distinct wrapped v ± k (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 0, max: 30 }), (v, k) => {
        const t = plusMinus(v, k, 1, 10);
        expect(new Set(t).size).toBe(t.length);
        expect(t[0]).toBe(wrap(v + k, 1, 10));
        expect(t).toContain(wrap(v - k, 1, 10));
        expect(t.length).toBe(k % 5 === 0 ? 1 : 2);
      }),
    );
  }, PROPERTY_TIMEOUT_MS);
});
