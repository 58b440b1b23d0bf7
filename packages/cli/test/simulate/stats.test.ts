// Statistics used by the balance report, against values computed by hand.
import { describe, expect, it } from 'vitest';
import { binomialUpperTail, describe as summarizeValues, wilson, Z95 } from '../../src/simulate/stats.ts';

describe('simulation statistics', () => {
  it('summarizes a distribution (mean, median, nearest-rank p95, min, max)', () => {
    expect(summarizeValues([4, 1, 3, 2])).toEqual({ mean: 2.5, median: 2.5, p95: 4, min: 1, max: 4 });
    expect(summarizeValues([5])).toEqual({ mean: 5, median: 5, p95: 5, min: 5, max: 5 });
    // 1..20: ceil(0.95 · 20) = 19th value; median (10 + 11) / 2.
    const v = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(summarizeValues(v)).toEqual({ mean: 10.5, median: 10.5, p95: 19, min: 1, max: 20 });
    // 1..100: the 95th value.
    expect(summarizeValues(Array.from({ length: 100 }, (_, i) => i + 1)).p95).toBe(95);
    expect(summarizeValues([])).toEqual({ mean: 0, median: 0, p95: 0, min: 0, max: 0 });
  });

  it('gives Wilson intervals', () => {
    const z2 = Z95 * Z95;
    // p̂ = 1, n = 10: [n / (n + z²), 1].
    const [lo1, hi1] = wilson(10, 10);
    expect(lo1).toBeCloseTo(10 / (10 + z2), 12);
    expect(hi1).toBeCloseTo(1, 12);
    // p̂ = 0.5, n = 10: 0.5 ± z·sqrt(0.025 + z²/400) / (1 + z²/10).
    const half = (Z95 * Math.sqrt(0.025 + z2 / 400)) / (1 + z2 / 10);
    const [lo, hi] = wilson(5, 10);
    expect(lo).toBeCloseTo(0.5 - half, 12);
    expect(hi).toBeCloseTo(0.5 + half, 12);
    expect(lo).toBeCloseTo(0.236593, 6);
    // Fractional (shared) wins use p̂ = wins / n as is.
    const half5 = (Z95 * Math.sqrt(0.05 + z2 / 100)) / (1 + z2 / 5);
    expect(wilson(2.5, 5)[0]).toBeCloseTo(0.5 - half5, 12);
    expect(wilson(0, 0)).toEqual([0, 0]);
  });

  it('computes exact binomial tails', () => {
    expect(binomialUpperTail(17, 20, 0.5)).toBeCloseTo(1351 / 1048576, 12);
    expect(binomialUpperTail(0, 5, 0.3)).toBeCloseTo(1, 12);
    expect(binomialUpperTail(5, 5, 0.3)).toBeCloseTo(0.3 ** 5, 12);
  });
});
