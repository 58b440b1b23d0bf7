// The race-won rule: my play accepted while a window was open or everyone played at once.
import { describe, expect, it } from 'vitest';
import type { ViewEvent } from '../net/protocol.ts';
import { racing, wonRace } from './race.ts';

const slap = (seat: number): ViewEvent => ({ type: 'action', seat, action: 'slap' }) as ViewEvent;

describe('race flash rule', () => {
  it('calls a race on an open window or a real-time stage only', () => {
    expect(racing({ window: { name: 'snap' }, stage: null } as never)).toBe(true);
    expect(racing({ window: null, stage: { kind: 'realtime' } } as never)).toBe(true);
    expect(racing({ window: null, stage: { kind: 'turns' } } as never)).toBe(false);
    expect(racing(null)).toBe(false);
  });

  it('is won by my accepted play during a race, not by another seat’s, nor outside a race, nor by a spectator', () => {
    expect(wonRace(true, [slap(1)], 1)).toBe(true);
    expect(wonRace(true, [slap(0)], 1)).toBe(false);
    expect(wonRace(false, [slap(1)], 1)).toBe(false);
    expect(wonRace(true, [slap(1)], null)).toBe(false);
    expect(wonRace(true, [], 1)).toBe(false);
  });
});
