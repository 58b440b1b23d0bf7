// Ctx.showValue, as generated sentences interpolate values: a `bool?` that is none reads "none".
import { describe, expect, it } from 'vitest';
import { engineFor } from '../src/core/engine.ts';
import { setup } from '../src/index.ts';
import { shed } from './fixtures/shed.ts';

describe('showValue', () => {
  it('renders bools, optional bools, players and numbers', () => {
    const e = engineFor(shed);
    e.begin(setup(shed, { players: 2, seed: 1 }), 0, false);
    expect([1, 0, -1].map((v) => e.showValue(v, 'bool'))).toEqual(['yes', 'no', 'none']);
    expect([0, -1].map((v) => e.showValue(v, 'player'))).toEqual(['Player 1', 'none']);
    expect(e.showValue(-3, 'number')).toBe('-3');
  });
});
