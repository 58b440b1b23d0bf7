// Real time on the race fixture: pause stages, races (race/beaten with nothing changed), rate
// limits, idle timers, a trigger's `pause d` continuation and `unless` visibility.
import { describe, expect, it } from 'vitest';
import { apply, legalActions, nextDeadline, setup, tick, view, type Ctx, type GameDef, type GameState } from '../src/index.ts';
import { race, Z_CENTRE, Z_HAND, Z_STACK, V_FROZEN } from './fixtures/race.ts';
import { idIn, ok, rejected, setUp, shown } from './helpers/util.ts';

const hand = (s: GameState, p: number) => s.declBase[Z_HAND] + p;
const stack = (s: GameState, p: number) => s.declBase[Z_STACK] + p;

/** A 3-player race past its `go` countdown. */
function started(): GameState {
  const s = setup(race, { players: 3, seed: 'rt' });
  return tick(race, s, 1000).state;
}

describe('pause stage', () => {
  it('lets nobody act during the countdown, then starts the realtime stage', () => {
    const s = setup(race, { players: 3, seed: 'rt' });
    expect(s.stageDeadline).toBe(1000);
    expect(nextDeadline(s)).toBe(1000);
    expect(rejected(race, s, 0, { type: 'draw' })).toBe('stage/not_now');
    expect(legalActions(race, s, 0)).toEqual([]);
    const t = tick(race, s, 1000).state;
    expect(view(race, t, 0).stage?.name).toBe('race');
    expect(t.idleDeadline).toBe(6000);
    expect(legalActions(race, t, 0)).toEqual([{ type: 'draw' }]);
  });
});

describe('races', () => {
  it('accepts the first play on a pile and beats a later one that expected the old top', () => {
    let s = started();
    s = setUp(race, s, [{ zone: Z_CENTRE, cards: ['r3'] }, { zone: hand(s, 0), cards: ['r4'] }, { zone: hand(s, 1), cards: ['b2'] }]);
    const a0 = legalActions(race, s, 0, 1100).find((a) => a.type === 'play')!;
    const a1 = legalActions(race, s, 1, 1100).find((a) => a.type === 'play')!;
    expect(a0.expect).toEqual({ height: 1, top: idIn(race, s, 0, Z_CENTRE, 'r3') });
    const first = ok(race, s, 0, a0, 1100).state;
    expect(shown(race, first, Z_CENTRE)).toEqual(['r3', 'r4']);
    // Player 1's b2 fitted r3 but the pile moved on: beaten, nothing changes.
    expect(rejected(race, first, 1, a1, 1150)).toBe('race/beaten');
    expect(rejected(race, first, 1, { type: 'play', args: a1.args }, 1150)).toBe('input/invalid');
  });
  it('compares the top id as the seat sees it', () => {
    let s = started();
    s = setUp(race, s, [{ zone: Z_CENTRE, cards: ['r3'] }, { zone: hand(s, 1), cards: ['b2'] }]);
    const c = idIn(race, s, 1, hand(s, 1), 'b2');
    const seenBy0 = idIn(race, s, 0, Z_CENTRE, 'r3');
    const seenBy1 = idIn(race, s, 1, Z_CENTRE, 'r3');
    expect(seenBy0).not.toBe(seenBy1);
    expect(rejected(race, s, 1, { type: 'play', args: { c }, expect: { height: 1, top: seenBy0 } }, 1100)).toBe('race/beaten');
    ok(race, s, 1, { type: 'play', args: { c }, expect: { height: 1, top: seenBy1 } }, 1100);
  });
});

describe('rate limits', () => {
  it('allows one draw per 300 ms per player', () => {
    let s = started();
    s = ok(race, s, 0, { type: 'draw' }, 1100).state;
    expect(rejected(race, s, 0, { type: 'draw' }, 1399)).toBe('rate/limited');
    expect(legalActions(race, s, 0, 1399).some((a) => a.type === 'draw')).toBe(false);
    s = ok(race, s, 1, { type: 'draw' }, 1200).state; // another player is not limited
    s = ok(race, s, 0, { type: 'draw' }, 1400).state;
    expect(s.zones[hand(s, 0)]).toHaveLength(2);
  });
  it('reads a rate given as a function of the table (an option, as in `rate roll_rate`)', () => {
    // The freeze option (ms) doubles as the draw's rate here.
    const rated: GameDef = { ...race, actions: race.actions.map((a) => (a.name === 'draw' ? { ...a, rate: (x: Ctx) => x.opt(2) } : a)) };
    let s = tick(rated, setup(rated, { players: 3, seed: 'rt', options: { freeze: 800 } }), 1000).state;
    s = ok(rated, s, 0, { type: 'draw' }, 1100).state;
    expect(rejected(rated, s, 0, { type: 'draw' }, 1899)).toBe('rate/limited');
    expect(legalActions(rated, s, 0, 1899).some((a) => a.type === 'draw')).toBe(false);
    expect(legalActions(rated, s, 0, 1900).some((a) => a.type === 'draw')).toBe(true);
    expect(ok(rated, s, 0, { type: 'draw' }, 1900).state.zones[hand(s, 0)]).toHaveLength(2);
    let t = tick(rated, setup(rated, { players: 3, seed: 'rt', options: { freeze: 100 } }), 1000).state;
    t = ok(rated, t, 0, { type: 'draw' }, 1100).state;
    ok(rated, t, 0, { type: 'draw' }, 1200);
  });
});

describe('idle timer', () => {
  it('ends the round when no listed action was accepted for its duration', () => {
    let s = started();
    s = ok(race, s, 0, { type: 'draw' }, 2000).state; // a draw is not listed: no restart
    expect(s.idleDeadline).toBe(6000);
    const left = s.zones[hand(s, 0)].length + s.zones[stack(s, 0)].length;
    const r = tick(race, s, 6000);
    expect(r.events.some((e) => e.type === 'announce' && e.text === 'Nobody played: the round ends.')).toBe(true);
    expect(r.state.round).toBe(2);
    expect(view(race, r.state, 0).stage?.name).toBe('go');
    expect(r.state.vars[r.state.varBase[0]]).toBe(left); // scoring counted player 0's hand + stack
  });
  it('restarts on a listed action', () => {
    let s = started();
    s = setUp(race, s, [{ zone: Z_CENTRE, cards: ['r3'] }, { zone: hand(s, 0), cards: ['r4'] }]);
    const play = legalActions(race, s, 0, 3000).find((a) => a.type === 'play')!;
    s = ok(race, s, 0, play, 3000).state;
    expect(s.idleDeadline).toBe(8000);
  });
});

describe('stalemate pause', () => {
  /** Every stack empty and nobody can play: the trigger freezes and pauses. */
  function stalled(): { before: GameState; after: GameState } {
    let s = started();
    s = setUp(race, s, [
      { zone: stack(s, 0), cards: [] }, { zone: stack(s, 1), cards: [] }, { zone: stack(s, 2), cards: [] },
      { zone: Z_CENTRE, cards: ['b4', 'r2', 'r5'] },
      { zone: hand(s, 0), cards: ['b6', 'r6'] }, { zone: hand(s, 1), cards: ['b6', 'b3'] }, { zone: hand(s, 2), cards: ['b2', 'r3'] },
    ]);
    // Player 0 plays b6 on r5; then only a 5 or a 1 would fit, and nobody has one.
    const play = legalActions(race, s, 0, 2000).find((a) => a.type === 'play')!;
    const r = ok(race, s, 0, play, 2000);
    return { before: s, after: r.state };
  }
  it('freezes actions and hides hands for d, then runs the continuation', () => {
    const { after } = stalled();
    expect(after.pauseUntil).toBe(2500);
    expect(after.vars[after.varBase[V_FROZEN]]).toBe(1);
    expect(view(race, after, 1).zones[hand(after, 1)].cards).toEqual([{ back: -1 }, { back: -1 }]);
    expect(rejected(race, after, 1, { type: 'draw' }, 2100)).toBe('stage/not_now');
    expect(nextDeadline(after)).toBe(2500);
    const t = tick(race, after, 2500);
    expect(shown(race, t.state, Z_CENTRE)).toEqual(['r2', 'r5', 'b6', 'b4']);
    expect(t.state.vars[t.state.varBase[V_FROZEN]]).toBe(0);
    expect(t.state.pauseUntil).toBe(-1);
    expect(t.state.vars[t.state.varBase[2]]).toBe(1); // rotations
    expect(view(race, t.state, 1).zones[hand(t.state, 1)].cards?.every((c) => c !== null && 'id' in c)).toBe(true);
    // b4 on top: player 1's b3 fits, so play resumes.
    expect(legalActions(race, t.state, 1, 2600).some((a) => a.type === 'play')).toBe(true);
  });
  it('shifts other deadlines by the pause', () => {
    const { after } = stalled();
    expect(after.idleDeadline).toBe(7000 + 500);
  });
  it('a play that ends the round makes later plays fail', () => {
    let s = started();
    s = setUp(race, s, [{ zone: stack(s, 0), cards: [] }, { zone: hand(s, 0), cards: ['r4'] }, { zone: Z_CENTRE, cards: ['r3'] }, { zone: hand(s, 1), cards: ['b2'] }]);
    const late = legalActions(race, s, 1, 1500).find((a) => a.type === 'play')!;
    const win = legalActions(race, s, 0, 1500).find((a) => a.type === 'play')!;
    const r = ok(race, s, 0, win, 1500);
    expect(r.state.round).toBe(2);
    expect(r.events.some((e) => e.type === 'announce' && e.text === 'Player 1 is out!')).toBe(true);
    const code = apply(race, r.state, 1, { ...late, round: 1 }, 1510);
    expect('rejected' in code && code.rejected.code).toBe('round/over');
    const code2 = apply(race, r.state, 1, late, 1510);
    expect('rejected' in code2 && code2.rejected.code).toBe('stage/not_now');
  });
});
