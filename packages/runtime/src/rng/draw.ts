// Drawing numbers from an RngState: uint32, float, unbiased integers, shuffles, picks, dice.
import { step, type RngState } from './rng-state.ts';

const TWO_POW_32 = 4294967296;

/**
 * Draws an unsigned 32-bit integer. MUTATES `r` (copy it first with `cloneRng`
 * if the previous state must stay unchanged).
 *
 * @example
 * const r = createRng(1);
 * nextUint32(r); // 0 ≤ x < 2^32
 */
export function nextUint32(r: RngState): number {
  return step(r);
}

/**
 * Draws a float in [0, 1) with 32 bits of precision. MUTATES `r`.
 *
 * @example
 * const scatter = nextFloat(rng) * 0.2 - 0.1;
 */
export function nextFloat(r: RngState): number {
  return step(r) / TWO_POW_32;
}

/**
 * Draws an integer uniformly in [0, n), without modulo bias (rejection sampling).
 * `n` must be an integer in 1..2^32. MUTATES `r`.
 *
 * @example
 * const seat = nextInt(rng, 4); // 0, 1, 2 or 3
 */
export function nextInt(r: RngState, n: number): number {
  if (!(n >= 1 && n <= TWO_POW_32 && Number.isInteger(n))) {
    throw new RangeError(`nextInt: n must be an integer in 1..2^32, got ${n}`);
  }
  // Accept only x below the largest multiple of n, so every residue is equally likely.
  const limit = TWO_POW_32 - pow32Mod(n);
  let x = step(r);
  while (x >= limit) x = step(r);
  // x is a uint32, a double above 2^31, where `x % n` is a slow runtime call (fmod); the quotient's
  // floor is exact (x < 2^32 leaves it 2^-32 from the next integer, far above a double's rounding).
  return x - Math.floor(x / n) * n;
}

/**
 * 2^32 mod n. For n < 2^31 in int32 arithmetic (a double modulo is a slow runtime call):
 * 2^31 mod n from 0x7fffffff mod n, then doubled modulo n without leaving int32.
 */
function pow32Mod(n: number): number {
  if (n > 0x7fffffff) return TWO_POW_32 % n;
  const half = ((0x7fffffff % n) + 1) % n;
  return half >= n - half ? half - (n - half) : half + half;
}

/**
 * Shuffles `arr` in place with Fisher–Yates and returns it. MUTATES `r` and `arr`.
 *
 * @example
 * shuffleInPlace(rng, deck); // deck is now a uniformly random permutation
 */
export function shuffleInPlace<T>(r: RngState, arr: T[]): T[] {
  for (let i = arr.length - 1; i > 0; i--) {
    const j = nextInt(r, i + 1);
    const t = arr[i] as T;
    arr[i] = arr[j] as T;
    arr[j] = t;
  }
  return arr;
}

/**
 * Picks one element uniformly. `arr` must not be empty. MUTATES `r`.
 *
 * @example
 * const dealer = pick(rng, seats);
 */
export function pick<T>(r: RngState, arr: readonly T[]): T {
  if (arr.length === 0) throw new RangeError('pick: empty array');
  return arr[nextInt(r, arr.length)] as T;
}

/**
 * Rolls a die with `faces` faces and returns the face shown, 1..faces (a coloured die
 * maps face k to its k-th colour). MUTATES `r`.
 *
 * @example
 * const colour = COLOURS[rollDie(rng, 6) - 1];
 */
export function rollDie(r: RngState, faces: number): number {
  return nextInt(r, faces) + 1;
}
