// Small statistics for balance reports: summaries, Wilson intervals, an exact binomial test.

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface Distribution {
  mean: number;
  /** Middle value (mean of the two middle ones for an even count). */
  median: number;
  /** Nearest-rank 95th percentile: the smallest value with at least 95% of values at or below it. */
  p95: number;
  min: number;
  max: number;
}

/**
 * Mean, median, nearest-rank p95, min and max (all 0 for an empty list).
 *
 * @example
 * describe([1, 2, 3, 4]); // { mean: 2.5, median: 2.5, p95: 4, min: 1, max: 4 }
 */
export function describe(values: readonly number[]): Distribution {
  const n = values.length;
  if (n === 0) return { mean: 0, median: 0, p95: 0, min: 0, max: 0 };
  const v = values.slice().sort((a, b) => a - b);
  const mean = v.reduce((s, x) => s + x, 0) / n;
  const median = n % 2 === 1 ? v[(n - 1) / 2]! : (v[n / 2 - 1]! + v[n / 2]!) / 2;
  const p95 = v[Math.max(0, Math.ceil(0.95 * n) - 1)]!;
  return { mean, median, p95, min: v[0]!, max: v[n - 1]! };
}

/**
 * Wilson score interval for a proportion p̂ = successes / n (successes may be fractional,
 * e.g. shared wins); [0, 0] when n = 0.
 *
 * @example
 * wilson(5, 10); // [0.2366, 0.7634]
 */
export function wilson(successes: number, n: number, z: number = Z95): [number, number] {
  if (n <= 0) return [0, 0];
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * One-sided exact binomial test: P(X ≥ k) for X ~ Binomial(n, p).
 *
 * @example
 * binomialUpperTail(17, 20, 0.5); // 0.0013
 */
export function binomialUpperTail(k: number, n: number, p: number): number {
  let sum = 0;
  for (let i = Math.ceil(k); i <= n; i++) sum += Math.exp(logChoose(n, i) + i * Math.log(p) + (n - i) * Math.log(1 - p));
  return Math.min(1, sum);
}

function logChoose(n: number, k: number): number {
  return logFactorial(n) - logFactorial(k) - logFactorial(n - k);
}

function logFactorial(n: number): number {
  let s = 0;
  for (let i = 2; i <= n; i++) s += Math.log(i);
  return s;
}

/** Rounds for display and JSON (6 significant decimals are plenty for rates and means). */
export function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
