// The seeded PRNG's state (sfc32), kept as plain data inside the game state, and its seeding.
import { hashSeed } from './hash-seed.ts';

/**
 * State of the sfc32 generator: four 32-bit words, plain JSON data, stored as signed int32.
 * Signed words are small integers to V8 (a 64-bit Node keeps them unboxed), so a step writes
 * its four words without allocating; as unsigned, a word at or above 2^31 was a heap number,
 * and boxing them was most of a draw's time (about 30 ns a step against 3). Every read is
 * `| 0`, so words written unsigned (by versions before 6 Dec 2026) draw the same.
 *
 * Why sfc32: it passes PractRand/BigCrush, needs only add, xor and shifts (no
 * multiplication, so it is exact and fast in JavaScript's int32 arithmetic), and its
 * 32-bit counter `d` guarantees a period of at least 2^32 from any seed, so no seed
 * can land on a short cycle. xoshiro128** is as good but needs `Math.imul` per draw and
 * has an all-zero state to avoid.
 *
 * Generators MUTATE this object. The engine copies it (see {@link cloneRng}) into the
 * next game state before drawing, so a previous state is never changed.
 */
export interface RngState {
  a: number;
  b: number;
  c: number;
  d: number;
}

/** Rounds discarded after seeding so that similar seeds give unrelated sequences. */
const WARM_UP_ROUNDS = 15;

/**
 * Creates a generator state from a seed (a room seed, a test seed ...).
 *
 * @example
 * const rng = createRng('room-42');
 * const first = nextUint32(rng); // the same number on every machine
 */
export function createRng(seed: string | number): RngState {
  return fromWords(hashSeed(seedText(seed)));
}

/**
 * Creates an independent named stream from a seed, e.g. `'shuffle'` or `'bot:2'`, so that
 * drawing from one stream never shifts another.
 *
 * @example
 * const deck = deriveRng(roomSeed, 'shuffle');
 * const bot = deriveRng(roomSeed, 'bot:1');
 */
export function deriveRng(seed: string | number, stream: string): RngState {
  const text = seedText(seed);
  // Length prefix keeps ('ab', 'c') and ('a', 'bc') apart, and streams apart from createRng.
  return fromWords(hashSeed(`${text.length}:${text}/${stream}`));
}

/**
 * Returns a copy of a generator state, to draw from without touching the original.
 *
 * @example
 * const next = { ...state, rng: cloneRng(state.rng) };
 */
export function cloneRng(r: RngState): RngState {
  return { a: r.a | 0, b: r.b | 0, c: r.c | 0, d: r.d | 0 };
}

function seedText(seed: string | number): string {
  // Number#toString is fully specified by ECMAScript, so this is platform independent;
  // 42 and '42' name the same seed.
  return typeof seed === 'number' ? String(seed) : seed;
}

function fromWords(words: [number, number, number, number]): RngState {
  const r: RngState = { a: words[0] | 0, b: words[1] | 0, c: words[2] | 0, d: words[3] | 0 };
  for (let i = 0; i < WARM_UP_ROUNDS; i++) step(r);
  return r;
}

/**
 * Advances `r` by one sfc32 step and returns the output as an unsigned 32-bit integer.
 * Kept here so seeding and drawing share one definition.
 */
export function step(r: RngState): number {
  const a = r.a | 0;
  const b = r.b | 0;
  const c = r.c | 0;
  const d = r.d | 0;
  // PractRand's reference: tmp = a + b + counter++ (the counter before incrementing).
  const t = (((a + b) | 0) + d) | 0;
  r.a = b ^ (b >>> 9);
  r.b = (c + (c << 3)) | 0;
  r.c = (((c << 21) | (c >>> 11)) + t) | 0;
  r.d = (d + 1) | 0;
  return t >>> 0;
}
