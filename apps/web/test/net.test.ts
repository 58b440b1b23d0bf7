// The pure parts of the client's plumbing: optimistic plays, the server clock, option forms, routes.
import { describe, expect, it } from 'vitest';
import { parseRoute } from '../src/lib/router.svelte.ts';
import { defaults, domainText, toRequest } from '../src/lobby/options.ts';
import { asComplete, type OptionInfo } from '../src/net/api.ts';
import { ServerClock } from '../src/net/clock.ts';
import { cardOf, destinationOf, optimisticView } from '../src/state/optimistic.ts';
import { def, legal, view } from './fixtures.ts';

describe('optimistic plays', () => {
  it('knows where a card goes from a pile argument or from what a racing action expects', () => {
    const v = view();
    expect(destinationOf(def, v, legal[4]!)).toBe(8);
    expect(destinationOf(def, v, legal[5]!)).toBe('new:centre');
    expect(destinationOf(def, v, { type: 'x', expect: { height: 1, top: 11 } })).toBe(1);
    expect(destinationOf(def, v, legal[0]!)).toBeUndefined();
    expect(cardOf(def, legal[4]!)).toBe(22);
  });

  it('moves a pending card onto its pile, leaving the server view untouched', () => {
    const v = view();
    const shown = optimisticView(v, [{ seq: 1, action: legal[4]!, card: 22, dest: 8 }]);
    expect(shown.zones[2]!.cards!.map((c) => (c && 'id' in c ? c.id : 0))).toEqual([21, 23]);
    expect(shown.zones[8]!.count).toBe(2);
    expect(v.zones[2]!.count).toBe(3);
    expect(optimisticView(v, [{ seq: 2, action: legal[0]!, card: 21 }])).toBe(v);
  });
});

describe('ServerClock', () => {
  it('estimates the server time from the fastest round trip and never falls behind a stamped frame', () => {
    let t = 1000;
    const c = new ServerClock(() => t);
    expect(c.now()).toBeNull();
    expect(c.pong(1000, 1040, 5020)).toBe(40);
    expect(c.now()).toBe(5000);
    c.pong(1000, 1400, 9999); // slower sample: ignored
    expect(c.now()).toBe(5000);
    t = 2000;
    c.observe(6500, 2000);
    expect(c.now()).toBe(6500);
    c.reset();
    expect(c.now()).toBeNull();
  });
});

describe('option forms', () => {
  const options: OptionInfo[] = [
    { name: 'hand', description: '', kind: 'int', min: 1, max: 10, default: 7 },
    { name: 'time', description: '', kind: 'duration', min: 0, max: 5000, default: 3000 },
    { name: 'strict', description: '', kind: 'bool', default: 0 },
    { name: 'mode', description: '', kind: 'enum', values: ['a', 'b'], default: 0 },
  ];

  it('starts from the defaults and sends only what changed, clamped, in the server’s units', () => {
    const form = defaults(options);
    expect(form).toEqual({ hand: 7, time: 3, strict: false, mode: 'a' });
    expect(toRequest(options, form)).toEqual({});
    expect(toRequest(options, { hand: 99, time: 0.5, strict: true, mode: 'b' })).toEqual({ hand: 10, time: 500, strict: true, mode: 'b' });
    expect(domainText(options[1]!)).toBe('0–5 s');
  });
});

describe('routes', () => {
  it('parses the lobby, rooms with a seat from a share link, and replays', () => {
    expect(parseRoute('/')).toEqual({ name: 'lobby' });
    expect(parseRoute('/room/abc', '?seat=2')).toEqual({ name: 'room', id: 'abc', seat: 2 });
    expect(parseRoute('/room/abc/')).toEqual({ name: 'room', id: 'abc', seat: null });
    expect(parseRoute('/replay/x-1')).toEqual({ name: 'replay', id: 'x-1' });
    expect(parseRoute('/ratings/five-crowns')).toEqual({ name: 'ratings', game: 'five-crowns' });
    expect(parseRoute('/ratings/../x')).toEqual({ name: 'missing', path: '/ratings/../x' });
    expect(parseRoute('/nope')).toEqual({ name: 'missing', path: '/nope' });
  });
});

describe('rateOf', () => {
  it('reads a constant rate, or the option a rate reads from the room (else its default)', async () => {
    const { rateOf } = await import('../src/state/def.ts');
    const { def } = await import('./fixtures.ts');
    const d = {
      ...def,
      options: [{ name: 'roll_rate', default: 300 }],
      actions: [...def.actions, { name: 'roll', who: 'any' as const, during: [], params: [], races: false, rateOption: 'roll_rate', rated: true }, { name: 'tap', who: 'any' as const, during: [], params: [], races: false, rate: 100, rated: true }],
    };
    expect(rateOf(d, 'roll', {})).toBe(300);
    expect(rateOf(d, 'roll', { roll_rate: 120 })).toBe(120);
    expect(rateOf(d, 'tap')).toBe(100);
    expect(rateOf(d, 'draw_card')).toBeNull();
  });
});

describe('humanize', () => {
  it('turns names into words', async () => {
    const { humanize } = await import('../src/state/def.ts');
    expect(humanize('draw_card')).toBe('Draw card');
    expect(humanize('RunEnd')).toBe('Run end');
    expect(humanize('go-out')).toBe('Go out');
  });
});

describe('replay logs', () => {
  const base = { v: 1 as const, game: 'g', players: 2, options: {} };
  it('replays only a complete log: a running game has neither seed nor actions', () => {
    expect(asComplete({ ...base, status: 'running', complete: false, n: 7 })).toBeNull();
    expect(asComplete({ ...base, complete: false, seed: 's', actions: [] })).toBeNull();
    const full = { ...base, status: 'finished', complete: true, n: 1, seed: 's', actions: [{ at: 5, seat: 0, action: { type: 'draw' } }] };
    expect(asComplete(full)?.actions).toHaveLength(1);
  });
});
