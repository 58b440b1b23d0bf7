// What the fast path relies on: guards are told when a reason is wanted (Ctx.explain), a guard
// that reads only the first parameters is checked once for all choices of the others
// (ActionDef.guardArity), and memoised defines are recomputed after every write, for another
// actor or another time.
import { describe, expect, it } from 'vitest';
import { engineFor } from '../src/core/engine.ts';
import { legalInto } from '../src/core/legal.ts';
import { moverCandidates, seatsWithLegal } from '../src/bots/playout.ts';
import { apply, canAct, legalActions, randomPlayout, setup, type Ctx, type GameDef } from '../src/index.ts';
import { shed, V_CHAIN, Z_DISCARD, Z_DRAW, Z_HAND } from './fixtures/shed.ts';

describe('Ctx.explain', () => {
  it('is false while legal actions are enumerated, true when apply judges an action', () => {
    const seen: string[] = [];
    let where = '';
    const spy: GameDef = {
      ...shed,
      actions: shed.actions.map((a) => ({ ...a, guard: (x: Ctx, args: number[]) => { seen.push(`${where}:${x.explain}`); return a.guard(x, args); } })),
    };
    const s = setup(spy, { players: 2, seed: 4 });
    where = 'legal';
    const moves = legalActions(spy, s, s.current);
    where = 'canAct';
    canAct(spy, s, s.current);
    where = 'apply';
    const r = apply(spy, s, s.current, moves[0], 10);
    where = 'playout';
    randomPlayout(spy, { players: 2, seed: 4, maxActions: 3 });
    expect('state' in r).toBe(true);
    expect(new Set(seen)).toEqual(new Set(['legal:false', 'canAct:false', 'apply:true', 'playout:false']));
  });
});

describe('ActionDef.guardArity', () => {
  it('checks a guard that reads only the card once per card, with the same legal actions', () => {
    let calls = 0;
    const withFlag = (arity: number | undefined): GameDef => ({
      ...shed,
      actions: shed.actions.map((a) => a.name !== 'play' ? a : {
        ...a,
        params: [...a.params, { name: 'loud', kind: 'bool' as const }],
        guardArity: arity,
        guard: (x: Ctx, args: number[]) => { calls++; return a.guard(x, args); },
      }),
    });
    const pruned = withFlag(1);
    const full = withFlag(undefined);
    const s = setup(shed, { players: 3, seed: 6 });
    const hand = s.zones[s.declBase[Z_HAND] + s.current].length;
    calls = 0;
    const a = legalActions(full, s, s.current);
    expect(calls).toBe(2 * hand);
    calls = 0;
    expect(legalActions(pruned, s, s.current)).toEqual(a);
    expect(calls).toBe(hand);
    expect(a.filter((m) => m.type === 'play').length % 2).toBe(0);
    calls = 0;
    expect(randomPlayout(pruned, { players: 3, seed: 6 })).toEqual(randomPlayout(full, { players: 3, seed: 6 }));
  });
});

/** The discard's top card as a define, and how often it was computed. */
function countedTopCard(): { topCard: (x: Ctx) => number; calls: () => number } {
  let n = 0;
  return {
    topCard: (x) => {
      n++;
      return x.top(x.zone(Z_DISCARD));
    },
    calls: () => n,
  };
}

describe('Engine.memo', () => {
  it('computes once per state version, actor and time', () => {
    const e = engineFor(shed);
    const { topCard, calls } = countedTopCard();
    e.begin(setup(shed, { players: 3, seed: 8 }), 0, true);
    const first = e.memo(0, topCard);
    expect(e.memo(0, topCard)).toBe(first);
    expect(calls()).toBe(1);
    e.setG(V_CHAIN, 1);
    e.memo(0, topCard);
    expect(calls()).toBe(2);
    e.me = 1;
    e.memo(0, topCard);
    e.memo(0, topCard);
    expect(calls()).toBe(3);
    e.now = 50;
    e.memo(0, topCard);
    expect(calls()).toBe(4);
    e.move(e.top(e.zone(Z_DRAW)), e.zone(Z_DISCARD));
    expect(e.memo(0, topCard)).not.toBe(first);
    expect(calls()).toBe(5);
    e.begin(setup(shed, { players: 3, seed: 8 }), 50, false);
    e.me = 1;
    expect(e.memo(0, topCard)).toBe(first);
    expect(calls()).toBe(6);
  });

  it('computes a shared define once per state version, whatever the actor and time', () => {
    const e = engineFor(shed);
    const { topCard, calls } = countedTopCard();
    e.begin(setup(shed, { players: 3, seed: 8 }), 0, true);
    const first = e.memo(0, topCard, true);
    e.me = 1;
    e.now = 50;
    expect(e.memo(0, topCard, true)).toBe(first);
    expect(calls()).toBe(1);
    e.move(e.top(e.zone(Z_DRAW)), e.zone(Z_DISCARD));
    expect(e.memo(0, topCard, true)).not.toBe(first);
    expect(calls()).toBe(2);
    e.me = 2;
    e.memo(0, topCard, true);
    expect(calls()).toBe(2);
  });

  it('keeps a value across the fast path\'s resume until a write, and per time unless shared', () => {
    const e = engineFor(shed);
    const { topCard, calls } = countedTopCard();
    e.begin(setup(shed, { players: 3, seed: 8 }), 0, true);
    const first = e.memo(0, topCard, true);
    e.memo(1, topCard);
    expect(calls()).toBe(2);
    // The next move of a playout: same state, a later time, no actor.
    e.resume(40);
    expect(e.memo(0, topCard, true)).toBe(first);
    expect(calls()).toBe(2);
    e.memo(1, topCard);
    expect(calls()).toBe(3);
    e.resume(40);
    e.move(e.top(e.zone(Z_DRAW)), e.zone(Z_DISCARD));
    expect(e.memo(0, topCard, true)).not.toBe(first);
    expect(calls()).toBe(4);
  });

  it('keeps a value read of a state into the write call that opens it next, until its first write', () => {
    const e = engineFor(shed);
    const { topCard, calls } = countedTopCard();
    const s = setup(shed, { players: 3, seed: 9 });
    // canAct for each seat, then apply: the guard reads what the listing read.
    e.begin(s, 0, false);
    const first = e.memo(0, topCard, true);
    e.begin(s, 0, true);
    expect(e.memo(0, topCard, true)).toBe(first);
    expect(calls()).toBe(1);
    e.move(e.top(e.zone(Z_DRAW)), e.zone(Z_DISCARD));
    expect(e.memo(0, topCard, true)).not.toBe(first);
    expect(calls()).toBe(2);
    // The caller's state is unchanged, but the next read of it is not taken for the written copy.
    e.begin(s, 0, false);
    expect(e.memo(0, topCard, true)).toBe(first);
    expect(calls()).toBe(3);
  });

  it('keeps memoised values across read-only calls on the same state, and only then', () => {
    const e = engineFor(shed);
    const { topCard, calls } = countedTopCard();
    const s = setup(shed, { players: 3, seed: 9 });
    // Every seat asked of one state in a row (a server listing actions, canAct per seat).
    for (let seat = 0; seat < 3; seat++) {
      e.begin(s, 0, false);
      e.me = seat;
      e.memo(0, topCard, true);
    }
    expect(calls()).toBe(1);
    // Another state object, even an equal one: computed again.
    const other = { ...s };
    e.begin(other, 0, false);
    e.memo(0, topCard, true);
    expect(calls()).toBe(2);
    // A write call in between that writes (here on the same state): the next read computes again.
    e.begin(other, 0, true);
    e.setG(V_CHAIN, 1);
    e.begin(other, 0, false);
    e.memo(0, topCard, true);
    expect(calls()).toBe(3);
    // The fast path's resume writes nothing itself: the same state, the same value.
    e.begin(other, 0, false);
    e.memo(0, topCard, true);
    expect(calls()).toBe(3);
    e.resume(0);
    e.begin(other, 0, false);
    e.memo(0, topCard, true);
    expect(calls()).toBe(3);
  });
});

describe('the quiet fast path', () => {
  it('builds no events: neither the moves nor the turns, rounds and end of a whole game', () => {
    const e = engineFor(shed);
    const kinds = (seed: number): string[] => {
      const r = randomPlayout(shed, { players: 3, seed });
      expect(r.result).not.toBeNull();
      return e.events.map((ev) => ev.type);
    };
    // Without the quiet guards the last action leaves at least its game_over event behind.
    for (let seed = 1; seed <= 5; seed++) expect(kinds(seed)).toEqual([]);
    // The same engine still reports events to the public API.
    const s = setup(shed, { players: 3, seed: 1 });
    const r = apply(shed, s, s.current, legalActions(shed, s, s.current)[0], 10);
    expect('state' in r && r.events.map((ev) => ev.type)).toContain('turn');
  });
});

describe('moverCandidates', () => {
  it("reuses the current player's list that seatsWithLegal made, and lists any other seat afresh", () => {
    const s = setup(shed, { players: 3, seed: 6 });
    const e = engineFor(shed);
    const other = (s.current + 1) % 3;
    const fresh = (seat: number): number => {
      e.begin(s, s.lastAt, true);
      return legalInto(e, seat).n;
    };
    const [mine, theirs] = [fresh(s.current), fresh(other)];
    expect(mine).toBeGreaterThan(0);
    expect(theirs).toBe(0);
    e.begin(s, s.lastAt, true);
    const seats = new Int32Array(3);
    expect(seatsWithLegal(e, seats)).toBe(1);
    expect(seats[0]).toBe(s.current);
    // Asked for another seat first: that seat's (empty) list, not the current player's.
    expect(moverCandidates(e, other).n).toBe(theirs);
    expect(seatsWithLegal(e, seats)).toBe(1);
    const buf = moverCandidates(e, s.current);
    expect(buf).toBe(e.sink.buffer);
    expect(buf.n).toBe(mine);
  });
});

describe('engineFor', () => {
  it("hands each definition its own pooled engine, alternating games included, and a fresh one while it is busy", () => {
    const other: GameDef = { ...shed };
    const a = engineFor(shed);
    const b = engineFor(other);
    expect(b).not.toBe(a);
    expect(b.def.id).toBe(shed.id);
    // The last definition asked is remembered: asking the first again must not get the second's engine.
    expect(engineFor(shed)).toBe(a);
    expect(engineFor(other)).toBe(b);
    expect(engineFor(other)).toBe(b);
    expect(engineFor(shed)).toBe(a);
    a.busy = true;
    try {
      const nested = engineFor(shed);
      expect(nested).not.toBe(a);
      expect(nested.busy).toBe(false);
      // Still pooled after a busy miss: the same engine comes back once it is free.
      expect(engineFor(other)).toBe(b);
    } finally {
      a.busy = false;
    }
    expect(engineFor(shed)).toBe(a);
  });
});
