// nextActionAt on the race fixture (a `rate 300` draw): when a seat held back by its rate limits
// could act next, each lapse confirmed by canAct; isStalled, randomPlayout and playMatch wait for it.
import { describe, expect, it } from 'vitest';
import { canAct, isStalled, nextActionAt, nextDeadline, playMatch, randomPlayout, setup, tick, type Ctx, type GameDef, type GameState } from '../src/index.ts';
import { race, Z_CENTRE, Z_HAND, Z_STACK } from './fixtures/race.ts';
import { referencePlayout } from './fixtures/reference-playout.ts';
import { idIn, ok, setUp } from './helpers/util.ts';

const hand = (s: GameState, p: number) => s.declBase[Z_HAND] + p;
const stack = (s: GameState, p: number) => s.declBase[Z_STACK] + p;

/** A race past its countdown (t = 1000) where seat 0 holds nothing that fits the centre's r1. */
function started(def: GameDef, players: number, stack0: string[], hand0: string[] = []): GameState {
  const s = tick(def, setup(def, { players, seed: 'next' }), 1000).state;
  return setUp(def, s, [{ zone: s.declBase[Z_CENTRE], cards: ['r1'] }, { zone: stack(s, 0), cards: stack0 }, { zone: hand(s, 0), cards: hand0 }]);
}

/** The race without its idle timer: nothing is pending while seats wait for their rate limits. */
const noIdle: GameDef = { ...race, stages: race.stages.map((st) => (st.kind === 'realtime' ? { ...st, idle: undefined } : st)) };

describe('nextActionAt', () => {
  it('is the lapse of the seat\'s rate limit when that gives it a legal action', () => {
    let s = started(race, 3, ['b4', 'r4']);
    s = ok(race, s, 0, { type: 'draw' }, 1100).state; // a 4 does not fit r1: only the draw is left
    expect(canAct(race, s, 0, 1399)).toBe(false);
    expect(nextActionAt(race, s, 0, 1100)).toBe(1400);
    expect(nextActionAt(race, s, 0, 1250)).toBe(1400);
    expect(nextActionAt(race, s, 0)).toBe(1400); // now defaults to the state's last time
    expect(canAct(race, s, 0, 1400)).toBe(true);
    // Strictly after now: at the lapse itself there is no later one.
    expect(nextActionAt(race, s, 0, 1400)).toBeNull();
  });

  it('is null for a seat that never used a limited action, and when the lapse gives nothing to do', () => {
    const fresh = started(race, 3, []);
    expect(canAct(race, fresh, 0, 1000)).toBe(false);
    expect(nextActionAt(race, fresh, 0, 1000)).toBeNull();
    // The last card of the stack drawn: the draw's guard fails when its limit lapses.
    const s = ok(race, started(race, 3, ['b4']), 0, { type: 'draw' }, 1100).state;
    expect(canAct(race, s, 0, 1400)).toBe(false);
    expect(nextActionAt(race, s, 0, 1100)).toBeNull();
  });

  it('tries the lapses in order until one gives a legal action', () => {
    // The play is limited too (1 s): the draw's lapse (1400) finds the stack empty, the play's (2200) a fitting r3.
    const slow: GameDef = { ...race, actions: race.actions.map((a) => (a.name === 'play' ? { ...a, rate: 1000 } : a)) };
    let s = started(slow, 3, ['b4'], ['r2', 'r3']);
    s = ok(slow, s, 0, { type: 'draw' }, 1100).state;
    const c = idIn(slow, s, 0, hand(s, 0), 'r2');
    s = ok(slow, s, 0, { type: 'play', args: { c }, expect: { height: 1, top: idIn(slow, s, 0, s.declBase[Z_CENTRE], 'r1') } }, 1200).state;
    expect(canAct(slow, s, 0, 1400)).toBe(false);
    expect(canAct(slow, s, 0, 2199)).toBe(false);
    expect(nextActionAt(slow, s, 0, 1200)).toBe(2200);
  });

  it('reads a rate given as a function of the table (an option)', () => {
    const rated: GameDef = { ...race, actions: race.actions.map((a) => (a.name === 'draw' ? { ...a, rate: (x: Ctx) => x.opt(2) } : a)) };
    let s = tick(rated, setup(rated, { players: 3, seed: 'next', options: { freeze: 800 } }), 1000).state;
    s = setUp(rated, s, [{ zone: s.declBase[Z_CENTRE], cards: ['r1'] }, { zone: stack(s, 0), cards: ['b4', 'r4'] }, { zone: hand(s, 0), cards: [] }]);
    s = ok(rated, s, 0, { type: 'draw' }, 1100).state;
    expect(nextActionAt(rated, s, 0, 1100)).toBe(1900);
  });

  it('is null once the game is over', () => {
    let s = ok(race, started(race, 3, ['b4', 'r4']), 0, { type: 'draw' }, 1100).state;
    s = { ...s, result: { winners: [1], scores: [0, 0, 0], endedBy: 'end' } } as GameState;
    expect(nextActionAt(race, s, 0, 1100)).toBeNull();
  });
});

describe('waiting for a rate limit', () => {
  /** Both seats of a race without idle timer have drawn a card that fits nothing: only their limits will let them on. */
  function waiting(): GameState {
    let s = tick(noIdle, setup(noIdle, { players: 2, seed: 'wait' }), 1000).state;
    s = setUp(noIdle, s, [
      { zone: s.declBase[Z_CENTRE], cards: ['r1'] },
      { zone: stack(s, 0), cards: ['b4', 'r4'] },
      { zone: stack(s, 1), cards: ['b3', 'r3'] },
      { zone: hand(s, 0), cards: [] },
      { zone: hand(s, 1), cards: [] },
    ]);
    s = ok(noIdle, s, 0, { type: 'draw' }, 1100).state;
    return ok(noIdle, s, 1, { type: 'draw' }, 1150).state;
  }

  it('is not a stall: no timer is pending, nobody can act now, but both can later', () => {
    const s = waiting();
    expect(nextDeadline(s)).toBeNull();
    expect([canAct(noIdle, s, 0, 1150), canAct(noIdle, s, 1, 1150)]).toEqual([false, false]);
    expect([nextActionAt(noIdle, s, 0, 1150), nextActionAt(noIdle, s, 1, 1150)]).toEqual([1400, 1450]);
    expect(isStalled(noIdle, s)).toBe(false);
  });

  it('randomPlayout goes on to the lapses instead of stopping, as the public-API loop does', () => {
    for (let seed = 1; seed <= 6; seed++) {
      for (const players of [2, 4]) {
        const input = { players, seed: `wait-${seed}` };
        const fast = randomPlayout(noIdle, input);
        expect(fast, `${players} players, seed ${seed}`).toEqual(referencePlayout(noIdle, input));
        expect(fast.capped).toBe(false);
        expect(fast.result, `${players} players, seed ${seed}`).not.toBeNull();
      }
    }
  });

  it('playMatch lets a seat decide when its limit lapses instead of stopping', () => {
    // A 5 s draw outlasts every bot reaction: without waking, all seats soon wait at once and the match stops.
    const slowDraw: GameDef = { ...noIdle, actions: noIdle.actions.map((a) => (a.name === 'draw' ? { ...a, rate: 5000 } : a)) };
    for (let seed = 1; seed <= 6; seed++) {
      const rec = playMatch(slowDraw, { players: 3, seed: `wait-${seed}`, bots: ['random', 'random', 'random'], trackStandings: false });
      expect(rec.capped).toBe(false);
      expect(rec.result, `seed ${seed}`).not.toBeNull();
      expect(rec.rejections['rate/limited'] ?? 0).toBe(0);
    }
  });
});
