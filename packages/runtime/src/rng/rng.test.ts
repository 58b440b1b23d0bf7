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

  it('keeps every state word an unsigned 32-bit integer', () => {
    const r = createRng('words');
    for (let i = 0; i < 1000; i++) nextUint32(r);
    for (const v of [r.a, r.b, r.c, r.d]) {
      expect(Number.isInteger(v) && v >= 0 && v < 2 ** 32).toBe(true);
    }
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
