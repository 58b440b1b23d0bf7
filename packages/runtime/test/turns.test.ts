// Turn-based flow on the shedding fixture: passing, skip, reverse, keep turn, +2 chains,
// the turn timer, the before-turn-action hook, refills, rejections and the end of the game.
import { describe, expect, it } from 'vitest';
import { apply, checkInvariants, legalActions, nextDeadline, setup, tick, type GameDef, type GameState } from '../src/index.ts';
import { shed, Z_DISCARD, Z_DRAW } from './fixtures/shed.ts';
import { idIn, ok, rejected, setUp, shown } from './helpers/util.ts';

const hand = (s: GameState, p: number) => s.declBase[2] + p;

function table(players = 3, options = {}): GameState {
  return setup(shed, { players, seed: 'turns', options });
}

/** Player p holds `cards`, the discard shows `top`, colour follows. */
function deal(s: GameState, hands: string[][], top: string): GameState {
  const spec = hands.map((cards, p) => ({ zone: hand(s, p), cards }));
  spec.push({ zone: Z_DISCARD, cards: [top] });
  let t = setUp(shed, s, spec);
  t = { ...t, vars: t.vars.slice() };
  t.vars[t.varBase[2]] = shed.faces.values[0][t.face[t.zones[Z_DISCARD][0]]];
  return t;
}

const play = (s: GameState, p: number, card: string) => ({ type: 'play', args: { c: idIn(shed, s, p, hand(s, p), card) } });

describe('setup', () => {
  it('deals, flips a number card and starts left of the dealer', () => {
    const s = table(3);
    expect(s.dealer).toBe(0);
    expect(s.current).toBe(1);
    for (let p = 0; p < 3; p++) expect(s.zones[hand(s, p)]).toHaveLength(5);
    expect(shed.faces.kind[s.face[s.zones[Z_DISCARD][0]]]).toBe(0);
    expect(checkInvariants(shed, s)).toEqual([]);
  });
  it('gives cards ids in no relation to their faces', () => {
    const s = table(3);
    const facesById = s.face.slice();
    const sorted = facesById.slice().sort((a, b) => a - b);
    expect(facesById).not.toEqual(sorted);
    expect(new Set(facesById.slice(0, 10)).size).toBeGreaterThan(5);
    const other = setup(shed, { players: 3, seed: 'other' });
    expect(other.face).not.toEqual(s.face);
  });
  it('rejects bad set-ups', () => {
    expect(() => setup(shed, { players: 1, seed: 1 })).toThrow(/setup\/invalid/);
    expect(() => setup(shed, { players: 2, seed: 1, options: { hand_size: 99 } })).toThrow(/hand_size/);
    expect(() => setup(shed, { players: 2, seed: 1, options: { nope: 1 } })).toThrow(/no option/);
  });
});

describe('turns', () => {
  it('passes the turn after a play and rejects other seats', () => {
    const s = deal(table(), [['R2'], ['R3', 'G5'], ['B4']], 'R1');
    expect(rejected(shed, s, 0, { type: 'draw_card' })).toBe('turn/not_yours');
    const r = ok(shed, s, 1, play(s, 1, 'R3'));
    expect(r.state.current).toBe(2);
    expect(shown(shed, r.state, Z_DISCARD).at(-1)).toBe('R3');
    expect(r.events.map((e) => e.type)).toContain('turn');
  });
  it('skip next jumps a player, reverse turns the direction, again keeps the turn', () => {
    let s = deal(table(4), [['R2', 'R6'], ['RS', 'R5'], ['B4', 'R4'], ['G1', 'G2']], 'R1');
    s = ok(shed, s, 1, play(s, 1, 'RS')).state;
    expect(s.current).toBe(3);
    s = ok(shed, s, 3, { type: 'draw_card' }).state;
    expect(s.current).toBe(0);
    s = deal(table(4), [['R2', 'R6'], ['RR', 'R5'], ['B4', 'R4'], ['G1', 'G2']], 'R1');
    s = ok(shed, s, 1, play(s, 1, 'RR')).state;
    expect(s.current).toBe(0);
    expect(s.dir).toBe(-1);
    s = deal(table(4), [['R2', 'R6'], ['RA', 'R5'], ['B4', 'R4'], ['G1', 'G2']], 'R1');
    s = ok(shed, s, 1, play(s, 1, 'RA')).state;
    expect(s.current).toBe(1);
  });
  it('chains +2s and the next player draws the whole chain', () => {
    let s = deal(table(3), [['R2', 'R6'], ['R+2', 'R5'], ['G+2', 'B4']], 'R1');
    s = ok(shed, s, 1, play(s, 1, 'R+2')).state;
    expect(rejected(shed, s, 2, play(s, 2, 'B4'))).toBe('penalty/active');
    s = ok(shed, s, 2, play(s, 2, 'G+2')).state;
    expect(s.vars[s.varBase[1]]).toBe(2);
    const before = s.zones[hand(s, 0)].length;
    s = ok(shed, s, 0, { type: 'draw_card' }).state;
    expect(s.zones[hand(s, 0)].length).toBe(before + 4);
    expect(s.vars[s.varBase[1]]).toBe(0);
    expect(s.current).toBe(1);
  });
  it('enforces the guard with its code and sentence', () => {
    const s = deal(table(), [['R2'], ['G3', 'G5'], ['B4']], 'R1');
    const r = apply(shed, s, 1, play(s, 1, 'G3'), 0);
    expect(r).toEqual({ rejected: { code: 'card/not_playable', message: 'G3 does not match R1.' } });
    expect(rejected(shed, s, 1, { type: 'play', args: { c: 12345 } })).toBe('card/not_in_zone');
  });
  it('lists only what passes guards', () => {
    const s = deal(table(), [['R2'], ['G3', 'R5'], ['B4', 'B6']], 'R1');
    const legal = legalActions(shed, s, 1);
    expect(legal).toEqual([{ type: 'play', args: { c: idIn(shed, s, 1, hand(s, 1), 'R5') } }]);
    expect(legalActions(shed, s, 0)).toEqual([{ type: 'last_card' }]); // one card in hand
    expect(legalActions(shed, s, 2)).toEqual([]);
  });
  it('runs the before-turn-action hook: a forgotten "last card!" costs the penalty', () => {
    let s = deal(table(), [['R2'], ['R3', 'G5'], ['B4', 'B5']], 'R1');
    // Player 0 holds one card and did not declare it: player 1's move triggers the penalty.
    s = ok(shed, s, 1, play(s, 1, 'R3')).state;
    expect(s.zones[hand(s, 0)]).toHaveLength(3);
    let t = deal(table(), [['R2'], ['R3', 'G5'], ['B4', 'B5']], 'R1');
    t = ok(shed, t, 0, { type: 'last_card' }).state;
    expect(t.current).toBe(1); // an any-player action does not pass the turn
    expect(rejected(shed, t, 0, { type: 'last_card' })).toBe('announce/not_now');
    t = ok(shed, t, 1, play(t, 1, 'R3')).state;
    expect(t.zones[hand(t, 0)]).toHaveLength(1);
  });
  it('refills the draw pile from the discard, keeping its top', () => {
    let s = deal(table(2), [['G1', 'G2'], ['B3', 'B5']], 'R1');
    s = setUp(shed, s, [{ zone: Z_DRAW, cards: [] }, { zone: Z_DISCARD, cards: ['Y1', 'Y2', 'R1'] }]);
    s = ok(shed, s, 1, { type: 'draw_card' }).state;
    expect(shown(shed, s, Z_DISCARD)).toEqual(['R1']);
    expect(s.zones[Z_DRAW]).toHaveLength(1);
    expect(s.zones[hand(s, 1)]).toHaveLength(3);
    expect(checkInvariants(shed, s)).toEqual([]);
  });
  it('ends the game when a hand empties, then rejects game/over', () => {
    let s = deal(table(), [['R2', 'R6'], ['R3'], ['B4']], 'R1');
    s = ok(shed, s, 1, { type: 'last_card' }).state;
    const r = ok(shed, s, 1, play(s, 1, 'R3'));
    expect(r.state.result).toEqual({ winners: [1], scores: [0, 1, 0], endedBy: 'end' });
    expect(r.events.at(-1)?.type).toBe('game_over');
    expect(rejected(shed, r.state, 2, { type: 'draw_card' })).toBe('game/over');
    expect(legalActions(shed, r.state, 2)).toEqual([]);
  });
});

describe('turn timer', () => {
  it('performs the named action for the current player when it runs out', () => {
    let s = setup(shed, { players: 3, seed: 't', options: { turn_time: 5000, must_play: false } });
    expect(s.turnDeadline).toBe(5000);
    expect(nextDeadline(s)).toBe(5000);
    expect(tick(shed, s, 4999).state).toBe(s);
    const before = s.zones[hand(s, 1)].length;
    const r = tick(shed, s, 5000);
    expect(r.state.zones[hand(r.state, 1)].length).toBe(before + 1);
    expect(r.state.current).toBe(2);
    expect(r.state.turnDeadline).toBe(10000);
    expect(r.events[0]).toEqual({ type: 'timer', timer: 'turn', at: 5000 });
    // An action arriving after the deadline sees the timer fire first.
    s = r.state;
    const late = apply(shed, s, 2, { type: 'draw_card' }, 16000);
    expect('rejected' in late && late.rejected.code).toBe('turn/not_yours');
  });
  it('performs a `by turn timer` action, which no seat may see or send', () => {
    const drawCard = shed.actions.find((a) => a.name === 'draw_card')!;
    const timed: GameDef = {
      ...shed,
      stages: shed.stages.map((sd) => (sd.kind === 'turns' ? { ...sd, turnTimer: { ms: () => 5000, action: 'time_out' } } : sd)),
      actions: [...shed.actions, { ...drawCard, name: 'time_out', byTimer: true }],
    };
    const s = setup(timed, { players: 3, seed: 't', options: { must_play: false } });
    expect(legalActions(timed, s, 1).map((a) => a.type)).not.toContain('time_out');
    expect(legalActions(timed, s, 1).map((a) => a.type)).toContain('draw_card');
    expect(rejected(timed, s, 1, { type: 'time_out' })).toBe('turn/not_yours');
    const before = s.zones[hand(s, 1)].length;
    const r = tick(timed, s, 5000);
    expect(r.state.zones[hand(r.state, 1)].length).toBe(before + 1);
    expect(r.state.current).toBe(2);
    expect(r.events).toContainEqual({ type: 'action', seat: 1, action: 'time_out' });
  });
  it('passes the turn when the timed action is not possible', () => {
    let s = setup(shed, { players: 3, seed: 't', options: { turn_time: 1000 } });
    s = deal(s, [['R2'], ['R3', 'G5'], ['B4']], 'R1');
    const r = tick(shed, s, 1000);
    expect(r.state.current).toBe(2);
    expect(r.state.zones[hand(r.state, 1)]).toHaveLength(2);
  });
});

describe('input', () => {
  const s = setup(shed, { players: 2, seed: 'in' });
  it.each([
    [null, 'input/invalid'],
    [{ type: 7 }, 'input/invalid'],
    [{ type: 'play', args: [1] }, 'input/invalid'],
    [{ type: 'play', args: { c: { x: 1 } } }, 'input/invalid'],
    [{ type: 'play' }, 'input/invalid'],
    [{ type: 'play', args: { c: 1, d: 2 } }, 'input/invalid'],
    [{ type: 'play', args: { c: 'x' } }, 'input/invalid'],
    [{ type: 'play', expect: { height: -1, top: null } }, 'input/invalid'],
    [{ type: 'play', extra: 1 }, 'input/invalid'],
    [{ type: 'play', choose: 1 }, 'input/invalid'],
    [{ type: 'play', args: { c: [1, 'x'] } }, 'input/invalid'],
    [{ type: 'play', args: { c: Number.POSITIVE_INFINITY } }, 'input/invalid'],
    [{ type: 'fly' }, 'action/unknown'],
    [{ type: 'draw_card', round: 3 }, 'round/over'],
  ])('%j → %s', (action, code) => {
    expect(rejected(shed, s, 1, action as never)).toBe(code);
  });
  it('rejects unknown seats and bad times', () => {
    expect(rejected(shed, s, 5, { type: 'draw_card' })).toBe('input/invalid');
    const r = apply(shed, s, 1, { type: 'draw_card' }, Number.NaN);
    expect('rejected' in r && r.rejected.code).toBe('input/invalid');
  });
});
