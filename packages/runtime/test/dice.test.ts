// A die is fair: 60 000 rolls of a six-colour die through `apply` (Go Wacky! edge case 14).
import { describe, expect, it } from 'vitest';
import { apply, setup, tick, type GameDef, type GameEvent, type GameState } from '../src/index.ts';
import { race } from './fixtures/race.ts';

/** The race fixture with a six-colour die (faces are the Colour enum's values 0..5) and a `roll` action. */
const dice: GameDef = {
  ...race,
  dice: [{ name: 'colour_die', faces: [0, 1, 2, 3, 4, 5] }],
  actions: [...race.actions, { name: 'roll', who: { kind: 'any' }, during: ['race'], params: [], guard: () => null, effect: (x) => void x.roll(0) }],
};

describe('a six-colour die', () => {
  it('comes up each colour about 1/6 of 60 000 rolls (chi-square, 5 degrees of freedom)', () => {
    let s: GameState = tick(dice, setup(dice, { players: 2, seed: 'edge-14' }), 1000).state;
    const counts = [0, 0, 0, 0, 0, 0];
    const n = 60_000;
    for (let i = 0; i < n; i++) {
      const r = apply(dice, s, i % 2, { type: 'roll' }, 1000);
      if (!('state' in r)) throw new Error(r.rejected.message);
      s = r.state;
      const e = r.events.find((ev): ev is Extract<GameEvent, { type: 'roll' }> => ev.type === 'roll')!;
      counts[e.value]++;
    }
    const expected = n / 6;
    for (const c of counts) expect(Math.abs(c / n - 1 / 6)).toBeLessThan(0.01);
    const chi2 = counts.reduce((t, c) => t + (c - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(20.52); // p = 0.001 for 5 degrees of freedom
  });
});
