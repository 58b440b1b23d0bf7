// Small sequence helpers: consecutive ranks and turn order around a table.

/**
 * Whether `ranks` are distinct and form one consecutive block inside [lo, hi], in any
 * order. With `wrap`, the block may run past hi back to lo (Q K A 2 with A low).
 * An empty list counts as consecutive.
 *
 * @example
 * isConsecutive([5, 3, 4], 3, 13);             // true
 * isConsecutive([12, 13, 3], 3, 13);           // false
 * isConsecutive([12, 13, 3], 3, 13, true);     // true
 */
export function isConsecutive(ranks: readonly number[], lo: number, hi: number, wrap = false): boolean {
  const size = hi - lo + 1;
  const k = ranks.length;
  if (k === 0) return true;
  if (k > size) return false;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < k; i++) {
    const r = ranks[i] as number;
    if (!Number.isInteger(r) || r < lo || r > hi) return false;
    if (r < min) min = r;
    if (r > max) max = r;
  }
  const seen = new Uint8Array(size);
  for (let i = 0; i < k; i++) {
    const at = (ranks[i] as number) - lo;
    if (seen[at] === 1) return false;
    seen[at] = 1;
  }
  if (max - min + 1 === k) return true;
  if (!wrap) return false;
  // Distinct and not one straight block: cyclically consecutive iff exactly one block start.
  let starts = 0;
  for (let i = 0; i < size; i++) {
    if (seen[i] === 1 && seen[(i + size - 1) % size] === 0) starts++;
  }
  return starts === 1;
}

/**
 * The seat after `i` among `n` seats going in direction `dir` (1 clockwise, -1
 * counter-clockwise; 2 skips one seat).
 *
 * @example
 * nextInCycle(3, 4, 1);  // 0
 * nextInCycle(0, 4, -1); // 3
 */
export function nextInCycle(i: number, n: number, dir: number): number {
  const m = (i + dir) % n;
  return m < 0 ? m + n : m;
}

/**
 * All `n` seats in turn order, starting with `start` itself and going in direction `dir`
 * (1 or -1).
 *
 * @example
 * seatsFrom(2, 4, 1);  // [2, 3, 0, 1]
 * seatsFrom(2, 4, -1); // [2, 1, 0, 3]
 */
export function seatsFrom(start: number, n: number, dir: 1 | -1): number[] {
  const out = new Array<number>(n);
  let seat = start;
  for (let i = 0; i < n; i++) {
    out[i] = seat;
    seat = nextInCycle(seat, n, dir);
  }
  return out;
}
