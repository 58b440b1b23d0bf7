// The peer table's windows are interleaved (measure.ts interleavedWindows), so that a change of the
// machine's speed during a run falls on every implementation alike and their ratio holds.
import { describe, expect, it } from 'vitest';
import { interleavedWindows, perSecond } from '../../src/bench/measure.ts';

/** A fake machine that gets twice as slow half a second in: each step costs 1 ms, then 2 ms. */
function slowingMachine(): { clock: () => number; step: () => number } {
  let now = 0;
  return {
    clock: () => now,
    step: () => {
      now += now < 500 ? 1 : 2;
      return 1;
    },
  };
}

describe('interleavedWindows', () => {
  it('gives two equal implementations equal speeds on a machine that slows down during the run', () => {
    const m = slowingMachine();
    const [a, b] = interleavedWindows(0.5, 10, [m.step, m.step], m.clock);
    expect(perSecond(a!) / perSecond(b!)).toBeGreaterThan(0.9);
    expect(perSecond(a!) / perSecond(b!)).toBeLessThan(1.1);
  });

  it('is what one window each gets wrong: the first measured in the fast half, the second in the slow', () => {
    const m = slowingMachine();
    const [a, b] = interleavedWindows(0.5, 1, [m.step, m.step], m.clock);
    expect(perSecond(a!) / perSecond(b!)).toBeCloseTo(2, 1);
  });

  it('hands each implementation the seeds 0, 1, 2 … across its windows, none twice', () => {
    let now = 0;
    const seen: number[][] = [[], [], []];
    const steps = seen.map((list, i) => (seed: number) => {
      list.push(seed);
      now += i + 1;
      return 2;
    });
    const windows = interleavedWindows(0.3, 4, steps, () => now);
    seen.forEach((list, i) => {
      expect(list).toEqual(list.map((_, k) => k));
      expect(windows[i]!.items).toBe(list.length);
      expect(windows[i]!.units).toBe(2 * list.length);
    });
    // Each window runs at least its share (75 ms): the three together cover the whole 0.3 s each.
    for (const w of windows) expect(w.seconds).toBeGreaterThanOrEqual(0.3);
    expect(seen[2]!.length).toBeLessThan(seen[0]!.length);
  });
});
