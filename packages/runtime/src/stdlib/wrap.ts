// Modular arithmetic that wraps integers into an inclusive range (Tiv-Miv's v ± k targets).

/**
 * Maps any integer into [lo, hi] cyclically, so that hi + 1 becomes lo and lo - 1 becomes hi.
 *
 * @example
 * wrap(12, 1, 10); // 2
 * wrap(-1, 1, 10); // 9
 * wrap(0, 1, 10);  // 10
 */
export function wrap(x: number, lo: number, hi: number): number {
  const size = hi - lo + 1;
  const m = (x - lo) % size;
  return (m < 0 ? m + size : m) + lo;
}

/**
 * The distinct wrapped values {v + k, v − k} in [lo, hi], the plus value first.
 * One value when both coincide (k = 0, or k is half the range).
 *
 * @example
 * plusMinus(5, 2, 1, 10); // [7, 3]
 * plusMinus(7, 5, 1, 10); // [2]
 */
export function plusMinus(v: number, k: number, lo: number, hi: number): number[] {
  const up = wrap(v + k, lo, hi);
  const down = wrap(v - k, lo, hi);
  return up === down ? [up] : [up, down];
}
