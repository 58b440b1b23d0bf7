// applyRigged (scenarios' `rolling`): an action's die rolls and random draws take given outcomes,
// in order, without touching the RNG; unused and misfit outcomes are reported.
import { describe, expect, it } from 'vitest';
import { apply, applyRigged, setup, tick, type GameDef, type GameState } from '../src/index.ts';
import { race, V_SCORE } from './fixtures/race.ts';

/** The race fixture with a d6 and a `roll` action: score = roll × 100 + random 10..20. */
const dice: GameDef = {
  ...race,
  dice: [{ name: 'd6', faces: [1, 2, 3, 4, 5, 6] }],
  actions: [
    ...race.actions,
    {
      name: 'roll',
      who: { kind: 'any' },
      during: ['race'],
      params: [],
      guard: (x) => (x.me === 2 ? { code: 'roll/not_you', message: 'Not you.' } : null),
      effect: (x) => x.setPv(V_SCORE, x.me, x.roll(0) * 100 + x.random(10, 20)),
    },
  ],
};

const score = (s: GameState, p: number): number => s.vars[s.varBase[V_SCORE] + p];

function started(): GameState {
  return tick(dice, setup(dice, { players: 3, seed: 'rig' }), 1000).state;
}

describe('applyRigged', () => {
  it('gives the action the outcomes in order and leaves the RNG alone', () => {
    const s = started();
    const r = applyRigged(dice, s, 0, { type: 'roll' }, 1100, [4, 17]);
    expect(r.unused).toBe(0);
    expect(r.misfit).toBeNull();
    if (!('state' in r.result)) throw new Error('rejected');
    expect(score(r.result.state, 0)).toBe(417);
    expect(r.result.state.rng).toEqual(s.rng);
    expect(r.result.events).toContainEqual({ type: 'roll', die: 'd6', value: 4 });
    // The same action unrigged draws from the RNG, which moves on.
    const plain = apply(dice, s, 0, { type: 'roll' }, 1100);
    if (!('state' in plain)) throw new Error('rejected');
    expect(plain.state.rng).not.toEqual(s.rng);
  });

  it('reports outcomes left over, and the first that does not fit its draw', () => {
    const s = started();
    expect(applyRigged(dice, s, 0, { type: 'roll' }, 1100, [2, 12, 5]).unused).toBe(1);
    expect(applyRigged(dice, s, 0, { type: 'roll' }, 1100, [7, 12]).misfit).toBe('7 is not a face of die d6');
    expect(applyRigged(dice, s, 0, { type: 'roll' }, 1100, [3, 25]).misfit).toBe('25 is outside random 10..20');
    // Only the first outcomes are rigged; the rest come from the RNG.
    const r = applyRigged(dice, s, 1, { type: 'roll' }, 1100, [6]);
    if (!('state' in r.result)) throw new Error('rejected');
    expect(Math.floor(score(r.result.state, 1) / 100)).toBe(6);
  });

  it('uses nothing when the action is rejected, and does not leak into later calls', () => {
    const s = started();
    const r = applyRigged(dice, s, 2, { type: 'roll' }, 1100, [1, 10]);
    expect(r.result).toEqual({ rejected: { code: 'roll/not_you', message: 'Not you.' } });
    expect(r.unused).toBe(2);
    const later = apply(dice, s, 0, { type: 'roll' }, 1100);
    const again = apply(dice, s, 0, { type: 'roll' }, 1100);
    if (!('state' in later) || !('state' in again)) throw new Error('rejected');
    expect(score(later.state, 0)).toBe(score(again.state, 0));
  });
});
