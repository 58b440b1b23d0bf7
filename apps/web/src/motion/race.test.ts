// The race-won rule: my play accepted while a window was open or everyone played at once.
import { describe, expect, it } from 'vitest';
import type { ViewEvent } from '../net/protocol.ts';
import { racedActions, racing, wonRace } from './race.ts';

const slap = (seat: number): ViewEvent => ({ type: 'action', seat, action: 'slap' }) as ViewEvent;
const draw = (seat: number): ViewEvent => ({ type: 'action', seat, action: 'draw' }) as ViewEvent;
/** Tiv-Miv's shape: in the real-time stage, `play … races centre` is contested, `draw` (from one's own stock) is not. */
const contested = racedActions({ actions: [{ name: 'slap', races: true }, { name: 'draw', races: false }] } as never);

describe('race flash rule', () => {
  it('calls a race on an open window or a real-time stage only', () => {
    expect(racing({ window: { name: 'snap' }, stage: null } as never)).toBe(true);
    expect(racing({ window: null, stage: { kind: 'realtime' } } as never)).toBe(true);
    expect(racing({ window: null, stage: { kind: 'turns' } } as never)).toBe(false);
    expect(racing(null)).toBe(false);
  });

  it('is won by my accepted play during a race, not by another seat’s, nor outside a race, nor by a spectator', () => {
    expect(wonRace(true, [slap(1)], 1, contested)).toBe(true);
    expect(wonRace(true, [slap(0)], 1, contested)).toBe(false);
    expect(wonRace(false, [slap(1)], 1, contested)).toBe(false);
    expect(wonRace(true, [slap(1)], null, contested)).toBe(false);
    expect(wonRace(true, [], 1, contested)).toBe(false);
  });

  it('is not won by an uncontested play accepted in the same moment (a draw in a real-time stage), nor before the game’s tables are known', () => {
    expect(wonRace(true, [draw(1)], 1, contested)).toBe(false);
    expect(wonRace(true, [draw(1), slap(1)], 1, contested)).toBe(true);
    expect(wonRace(true, [slap(1)], 1, racedActions(null))).toBe(false);
  });
});
