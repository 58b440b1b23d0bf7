// Tests for the seeded PRNG: determinism, independence of seeds and streams, JSON state, fairness.
import { describe, expect, it } from 'vitest';
import { cloneRng, createRng, deriveRng, nextFloat, nextInt, nextUint32, rollDie, type RngState } from './index.ts';
import { step } from './rng-state.ts';

function draw(r: RngState, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(nextUint32(r));
  return out;
}

describe('sfc32 core', () => {
  it('matches the PractRand reference sfc32 for state (1, 2, 3, 4)', () => {
    const r = { a: 1, b: 2, c: 3, d: 4 };
    expect([step(r), step(r), step(r)]).toEqual([7, 34, 56623200]);
  });

  it('keeps every state word a signed 32-bit integer (no heap number per step)', () => {
    const r = createRng('words');
    const seen = { negative: 0, positive: 0 };
    for (let i = 0; i < 1000; i++) {
      nextUint32(r);
      for (const v of [r.a, r.b, r.c, r.d]) {
        expect(v === (v | 0)).toBe(true);
        if (v < 0) seen.negative++;
        else seen.positive++;
      }
    }
    expect(seen.negative).toBeGreaterThan(1000);
    expect(seen.positive).toBeGreaterThan(1000);
    for (const v of Object.values(cloneRng({ a: 2 ** 32 - 1, b: 2 ** 31, c: 5, d: 0 }))) expect(v === (v | 0)).toBe(true);
  });

  it('draws the same from words stored unsigned (states written before the words were signed)', () => {
    const r = createRng('old-states');
    const unsigned = { a: r.a >>> 0, b: r.b >>> 0, c: r.c >>> 0, d: r.d >>> 0 };
    expect(Object.values(unsigned).some((v) => v >= 2 ** 31)).toBe(true);
    expect(draw(unsigned, 20)).toEqual(draw(r, 20));
    expect(unsigned).toEqual(r);
  });
});

describe('createRng / deriveRng', () => {
  it('gives the same sequence for the same seed', () => {
    expect(draw(createRng('room-42'), 50)).toEqual(draw(createRng('room-42'), 50));
    expect(draw(createRng(7), 50)).toEqual(draw(createRng(7), 50));
  });

  it('is pinned: golden first draws, so a platform or refactor change shows up', () => {
    expect(draw(createRng('decksmith'), 3)).toEqual([116547823, 1495312528, 986630442]);
    expect(draw(deriveRng('decksmith', 'shuffle'), 3)).toEqual([779087580, 4071441389, 1613054404]);
  });

  it('gives different sequences for different seeds, even neighbouring ones', () => {
    const seen = new Set<string>();
    for (let s = 0; s < 200; s++) seen.add(draw(createRng(s), 4).join());
    seen.add(draw(createRng('a'), 4).join());
    seen.add(draw(createRng('b'), 4).join());
    expect(seen.size).toBe(202);
  });

  it('treats 42 and "42" as the same seed', () => {
    expect(createRng(42)).toEqual(createRng('42'));
  });

  it('derives independent named streams', () => {
    const shuffle = draw(deriveRng('room', 'shuffle'), 8);
    expect(draw(deriveRng('room', 'shuffle'), 8)).toEqual(shuffle);
    expect(draw(deriveRng('room', 'bot:1'), 8)).not.toEqual(shuffle);
    expect(draw(createRng('room'), 8)).not.toEqual(shuffle);
    expect(deriveRng('ab', 'c')).not.toEqual(deriveRng('a', 'bc'));
  });

  it('continues the same sequence after a JSON round trip of the state', () => {
    const r = createRng('json');
    draw(r, 10);
    const copy = JSON.parse(JSON.stringify(r)) as RngState;
    expect(draw(copy, 20)).toEqual(draw(r, 20));
  });

  it('cloneRng copies without sharing', () => {
    const r = createRng('clone');
    const c = cloneRng(r);
    nextUint32(c);
    expect(c).not.toEqual(r);
    expect(draw(cloneRng(r), 5)).toEqual(draw(r, 5));
  });
});

describe('nextFloat / nextInt / rollDie', () => {
  it('nextFloat stays in [0, 1)', () => {
    const r = createRng('float');
    let bad = 0;
    for (let i = 0; i < 10_000; i++) {
      const x = nextFloat(r);
      if (!(x >= 0 && x < 1)) bad++;
    }
    expect(bad).toBe(0);
  });

  it('nextInt stays in [0, n) including n = 1 and n = 2^32', () => {
    const r = createRng('range');
    let bad = 0;
    for (const n of [1, 2, 3, 7, 1000, 2 ** 31 + 1, 2 ** 32]) {
      for (let i = 0; i < 200; i++) {
        const x = nextInt(r, n);
        if (!(Number.isInteger(x) && x >= 0 && x < n)) bad++;
      }
    }
    expect(bad).toBe(0);
  });

  it('nextInt rejects a bad bound (a caller bug)', () => {
    const r = createRng('bad');
    expect(() => nextInt(r, 0)).toThrow(RangeError);
    expect(() => nextInt(r, 2.5)).toThrow(RangeError);
    expect(() => nextInt(r, 2 ** 32 + 1)).toThrow(RangeError);
  });

  it('a 6-face die over 60k rolls shows each face within ±1% of 1/6', () => {
    const r = createRng('go-wacky dice');
    const counts = [0, 0, 0, 0, 0, 0];
    const rolls = 60_000;
    for (let i = 0; i < rolls; i++) {
      const face = rollDie(r, 6);
      counts[face - 1] = (counts[face - 1] as number) + 1;
    }
    for (const c of counts) expect(Math.abs(c / rolls - 1 / 6)).toBeLessThan(0.01);
  });

  it('nextInt is unbiased for a bound near 2^32 (rejection sampling)', () => {
    // With plain modulo, n = 3·2^30 would give residues below 2^30 twice the weight.
    const r = createRng('bias');
    const n = 3 * 2 ** 30;
    let low = 0;
    const draws = 30_000;
    for (let i = 0; i < draws; i++) if (nextInt(r, n) < 2 ** 30) low++;
    expect(Math.abs(low / draws - 1 / 3)).toBeLessThan(0.02);
  });
});

describe('nextInt against its definition in doubles', () => {
  // The definition in doubles: reject x ≥ 2^32 − (2^32 mod n), then x mod n.
  function reference(r: RngState, n: number): number {
    const limit = 2 ** 32 - (2 ** 32 % n);
    let x = step(r);
    while (x >= limit) x = step(r);
    return x % n;
  }
  it('draws exactly what the definition in doubles draws, for small, odd, power-of-two and huge n', () => {
    const ns = [1, 2, 3, 4, 5, 6, 7, 10, 13, 52, 64, 100, 116, 1000, 1023, 1024, 1025, 65_537, 2 ** 30 + 7, 2 ** 31 - 1, 2 ** 31, 2 ** 31 + 1, 3_000_000_000, 2 ** 32];
    for (let n = 1; n < 300; n++) ns.push(n);
    const r = createRng('int32-mod');
    for (const n of ns) {
      const copy = cloneRng(r);
      const got: number[] = [];
      const want: number[] = [];
      for (let i = 0; i < 200; i++) {
        got.push(nextInt(r, n));
        want.push(reference(copy, n));
      }
      expect(got).toEqual(want);
      expect(r).toEqual(copy);
    }
  });
});
