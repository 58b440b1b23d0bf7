// A counted choice of cards (a legal entry with `choose`) is made in its own panel
// (table/MultiChoice.svelte): it is never offered as an action button.
import { describe, expect, it } from 'vitest';
import { buttonActions } from '../src/state/candidates.ts';
import { def, legal } from './fixtures.ts';

describe('a legal entry with choose', () => {
  it('is not an action button (sent as it is, it would not be an action)', () => {
    const choice = { type: 'pass_cards', choose: { param: 'cs', from: [21, 22, 23], min: 2, max: 2 } };
    expect(buttonActions(def, [...legal, choice])).toEqual(buttonActions(def, legal));
    expect(buttonActions(def, [choice])).toEqual([]);
  });
});
