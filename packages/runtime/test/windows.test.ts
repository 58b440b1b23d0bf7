// Windows on the react fixture: a blocking reaction window open to everyone but the bomber,
// its timeout, closing it by an action, `once` per window, a non-blocking window, conditional
// parameters, and turn timers suspended while a blocking window is open.
import { describe, expect, it } from 'vitest';
import { apply, legalActions, nextDeadline, setup, tick, view, type GameState } from '../src/index.ts';
import { react, Z_DRAW, Z_HAND, V_SHOUTS, V_BOMB_BY, V_LOUD } from './fixtures/react.ts';
import { idIn, ok, rejected, setUp } from './helpers/util.ts';

const hand = (s: GameState, p: number) => s.declBase[Z_HAND] + p;

function table(): GameState {
  let s = setup(react, { players: 3, seed: 'w' });
  s = setUp(react, s, [
    { zone: hand(s, 0), cards: ['1', 'Defuse'] },
    { zone: hand(s, 1), cards: ['Bomb', '5', 'Party'] },
    { zone: hand(s, 2), cards: ['Defuse', '2'] },
  ]);
  return s;
}

function bombed(): GameState {
  const s = table();
  return ok(react, s, 1, { type: 'play', args: { c: idIn(react, s, 1, hand(s, 1), 'Bomb') } }, 1000).state;
}

describe('blocking window', () => {
  it('opens with a deadline and blocks the stage actions', () => {
    const s = bombed();
    expect(view(react, s, 0).window).toEqual({ name: 'counter', started: 1000, deadline: 4000 });
    expect(s.current).toBe(2); // the bomb was a turn action: the turn passed
    expect(nextDeadline(s)).toBe(4000); // the turn timer is suspended meanwhile
    expect(rejected(react, s, 2, { type: 'pass' }, 1100)).toBe('stage/not_now');
  });
  it('is open to anyone but the bomber', () => {
    const s = bombed();
    expect(legalActions(react, s, 1, 1100).map((a) => a.type)).toEqual(['shout']);
    expect(legalActions(react, s, 0, 1100).map((a) => a.type).sort()).toEqual(['defuse', 'shout']);
    expect(rejected(react, s, 1, { type: 'defuse', args: { c: idIn(react, s, 1, hand(s, 1), '5') } }, 1100)).toBe('turn/not_yours');
  });
  it('the first defuse closes it and gives the turn after the bomber', () => {
    const s = bombed();
    const a0 = legalActions(react, s, 0, 1100).find((a) => a.type === 'defuse')!;
    const a2 = legalActions(react, s, 2, 1100).find((a) => a.type === 'defuse')!;
    const r = ok(react, s, 0, a0, 1100);
    expect(r.state.window).toBe(-1);
    expect(r.state.current).toBe(2);
    expect(r.state.zones[hand(r.state, 1)]).toHaveLength(4);
    expect(r.state.vars[r.state.varBase[V_BOMB_BY]]).toBe(-1);
    expect(r.state.turnDeadline).toBe(1100 + 10000); // a fresh turn
    expect(rejected(react, r.state, 2, a2, 1200)).toBe('window/closed');
  });
  it('times out: everyone else draws two, turn after the bomber', () => {
    const s = bombed();
    const r = tick(react, s, 4000);
    expect(r.events[0]).toEqual({ type: 'timer', timer: 'window', at: 4000 });
    expect(r.state.window).toBe(-1);
    expect(r.state.zones[hand(r.state, 0)]).toHaveLength(4);
    expect(r.state.zones[hand(r.state, 2)]).toHaveLength(4);
    expect(r.state.zones[hand(r.state, 1)]).toHaveLength(2);
    expect(r.state.current).toBe(2);
    expect(nextDeadline(r.state)).toBe(14000);
    // A defuse arriving after the deadline finds the window closed.
    const late = legalActions(react, s, 0, 3999).find((a) => a.type === 'defuse')!;
    const code = apply(react, s, 0, late, 4001);
    expect('rejected' in code && code.rejected.code).toBe('window/closed');
  });
  it('once: one shout per player per window', () => {
    let s = bombed();
    s = ok(react, s, 0, { type: 'shout' }, 1100).state;
    expect(rejected(react, s, 0, { type: 'shout' }, 1200)).toBe('action/already_done');
    s = ok(react, s, 2, { type: 'shout' }, 1200).state;
    expect(s.vars.slice(s.varBase[V_SHOUTS], s.varBase[V_SHOUTS] + 3)).toEqual([1, 0, 1]);
    // Next window: shouting is allowed again.
    s = tick(react, s, 4000).state;
    s = setUp(react, s, [{ zone: hand(s, 2), cards: ['Bomb', '3'] }]);
    s = ok(react, s, 2, { type: 'play', args: { c: idIn(react, s, 2, hand(s, 2), 'Bomb') } }, 5000).state;
    ok(react, s, 0, { type: 'shout' }, 5100);
  });
});

describe('non-blocking window and parameters', () => {
  it('keeps stage actions available and is closed by an action', () => {
    const s = table();
    let t = ok(react, s, 1, { type: 'play', args: { c: idIn(react, s, 1, hand(s, 1), 'Party') } }, 1000).state;
    expect(t.window).toBe(1);
    expect(nextDeadline(t)).toBe(11000);
    expect(legalActions(react, t, 2, 1100).map((a) => a.type).sort()).toEqual(['bank', 'pass', 'play', 'shout', 'stop_cheer']);
    t = ok(react, t, 2, { type: 'pass' }, 1100).state;
    expect(t.current).toBe(0);
    t = ok(react, t, 1, { type: 'stop_cheer' }, 1200).state;
    expect(t.window).toBe(-1);
    expect(rejected(react, t, 1, { type: 'stop_cheer' }, 1300)).toBe('window/closed');
  });
  it('takes a conditional parameter only when its condition holds', () => {
    const s = table();
    const five = idIn(react, s, 1, hand(s, 1), '5');
    expect(rejected(react, s, 1, { type: 'play', args: { c: five } })).toBe('input/invalid');
    const party = idIn(react, s, 1, hand(s, 1), 'Party');
    expect(rejected(react, s, 1, { type: 'play', args: { c: party, loud: true } })).toBe('input/invalid');
    const plays = legalActions(react, s, 1).filter((a) => a.type === 'play');
    expect(plays).toContainEqual({ type: 'play', args: { c: five, loud: true } });
    expect(plays).toContainEqual({ type: 'play', args: { c: five, loud: false } });
    expect(plays).toContainEqual({ type: 'play', args: { c: party } });
    const r = ok(react, s, 1, { type: 'play', args: { c: five, loud: true } });
    expect(r.state.vars[r.state.varBase[V_LOUD]]).toBe(1);
    // `where`: a Defuse is not a card `play` takes.
    const defuse = idIn(react, s, 0, hand(s, 0), 'Defuse');
    const t = { ...s, current: 0 };
    expect(rejected(react, t, 0, { type: 'play', args: { c: defuse } })).toBe('card/not_in_zone');
  });
  it('count zones show only their size; the game ends when the draw pile runs out', () => {
    let s = table();
    s = ok(react, s, 1, { type: 'bank', args: { c: idIn(react, s, 1, hand(s, 1), '5') } }).state;
    const v = view(react, s, 1);
    const bank = v.zones.find((z) => z.name === 'bank' && z.owner === 1)!;
    expect(bank.count).toBe(1);
    expect(bank.cards).toBeUndefined();
    s = setUp(react, s, [{ zone: Z_DRAW, cards: ['3'] }]);
    const r = ok(react, s, 2, { type: 'pass' });
    expect(r.state.result?.winners).toEqual([1]);
    expect(r.state.zones[Z_DRAW]).toEqual([]);
  });
});
