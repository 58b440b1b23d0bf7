// Property tests for shuffles and picks drawn from the seeded PRNG.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROPERTY_TIMEOUT_MS } from '../../test/property-timeout.ts';
import { createRng, nextInt, nextUint32, pick, shuffleInPlace } from './index.ts';

describe('shuffleInPlace', () => {
  it('returns a permutation of its input, in place', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 60 }), fc.string(), (arr, seed) => {
        const copy = arr.slice();
        const out = shuffleInPlace(createRng(seed), copy);
        expect(out).toBe(copy);
        expect(out.slice().sort((a, b) => a - b)).toEqual(arr.slice().sort((a, b) => a - b));
      }),
    );
  }, PROPERTY_TIMEOUT_MS);

  it('is deterministic for a seed', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 40 }), fc.integer(), (arr, seed) => {
        expect(shuffleInPlace(createRng(seed), arr.slice())).toEqual(shuffleInPlace(createRng(seed), arr.slice()));
      }),
    );
  }, PROPERTY_TIMEOUT_MS);

  it('puts each card in each position about equally often', () => {
    const r = createRng('positions');
    const n = 4;
    const hits = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    const trials = 24_000;
    for (let t = 0; t < trials; t++) {
      const deck = shuffleInPlace(r, [0, 1, 2, 3]);
      for (let pos = 0; pos < n; pos++) {
        const row = hits[deck[pos] as number] as number[];
        row[pos] = (row[pos] as number) + 1;
      }
    }
    for (const row of hits) for (const h of row) expect(Math.abs(h / trials - 1 / n)).toBeLessThan(0.015);
  });
});

describe('pick', () => {
  it('returns an element of the array', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { minLength: 1, maxLength: 30 }), fc.nat(), (arr, seed) => {
        expect(arr).toContain(pick(createRng(seed), arr));
      }),
    );
  }, PROPERTY_TIMEOUT_MS);

  it('rejects an empty array (a caller bug)', () => {
    expect(() => pick(createRng(1), [])).toThrow(RangeError);
  });
});

describe('nextInt', () => {
  /** The textbook rejection sampler (a double modulo for the limit). */
  function reference(r: ReturnType<typeof createRng>, n: number): number {
    const limit = 2 ** 32 - (2 ** 32 % n);
    let x = nextUint32(r);
    while (x >= limit) x = nextUint32(r);
    return x % n;
  }
  it('draws exactly what the textbook rejection sampler draws, for every n', () => {
    const big = fc.constantFrom(2 ** 31 - 1, 2 ** 31, 2 ** 31 + 1, 3 * 2 ** 30, 2 ** 32 - 1, 2 ** 32);
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 100 }), big), fc.string(), (n, seed) => {
        const a = createRng(seed);
        const b = createRng(seed);
        for (let i = 0; i < 20; i++) expect(nextInt(a, n)).toBe(reference(b, n));
      }),
    );
  }, PROPERTY_TIMEOUT_MS);
});
