// Counted choices (`cs: 1..2 cards in hand(me)`, ParamDef.count) in the runtime, on the shed
// fixture with one more action: listed once with candidates and count, sampled as concrete
// choices (all of them when few, a deterministic bounded sample when many), offered only when
// some sampled choice passes the guard, and checked on apply.
import { describe, expect, it } from 'vitest';
import { apply, CHOICE_SAMPLES, canAct, deriveRng, greedyBot, ismctsBot, legalActions, randomBot, sampledActions, setup, view, type ActionDef, type GameDef, type GameState } from '../src/index.ts';
import { subsetCount } from '../src/core/choice.ts';
import { shed, Z_DISCARD, Z_HAND } from './fixtures/shed.ts';

function withToss(min: number, max: number, guard: ActionDef['guard'] = () => null): GameDef {
  const toss: ActionDef = {
    name: 'toss',
    who: { kind: 'current' },
    during: ['play'],
    params: [{ name: 'cs', kind: 'cards', zone: (x) => x.zone(Z_HAND, x.me), count: { min, max } }],
    guard,
    effect: (x, a) => {
      for (const c of [...x.cardsArg(a[0]!)]) x.move(c, x.zone(Z_DISCARD));
    },
  };
  return { ...shed, actions: [...shed.actions, toss] };
}

const start = (def: GameDef, hand: number): GameState => setup(def, { players: 2, seed: 7, options: { hand_size: hand } });
const current = (s: GameState): number => s.current;
const tosses = (def: GameDef, s: GameState) => sampledActions(def, s, current(s)).filter((a) => a.type === 'toss');
const handIds = (def: GameDef, s: GameState, seat: number): number[] => {
  const z = view(def, s, seat).zones.find((x) => x.name === 'hand' && x.owner === seat)!;
  return z.cards!.map((c) => (c as { id: number }).id);
};

describe('subsetCount', () => {
  it('counts subsets by size and stops past the cap', () => {
    expect(subsetCount(3, 1, 2, 100)).toBe(6);
    expect(subsetCount(13, 3, 3, 1000)).toBe(286);
    expect(subsetCount(52, 13, 13, 16)).toBe(17);
    expect(subsetCount(2, 3, 3, 16)).toBe(0);
  });
});

describe('a counted choice', () => {
  it('is listed once, its max clamped to the candidates, and sampled as every choice when there are few', () => {
    const def = withToss(1, 20);
    const s = start(def, 3);
    const me = current(s);
    const listed = legalActions(def, s, me).filter((a) => a.type === 'toss');
    expect(listed).toEqual([{ type: 'toss', choose: { param: 'cs', from: handIds(def, s, me), min: 1, max: 3 } }]);
    const all = tosses(def, s).map((a) => a.args!['cs'] as number[]);
    expect(all).toHaveLength(7);
    expect(new Set(all.map((x) => x.join(','))).size).toBe(7);
  });

  it('is sampled as CHOICE_SAMPLES distinct choices of every allowed size when there are many, the same each time', () => {
    const def = withToss(2, 3);
    const s = start(def, 10);
    const mine = handIds(def, s, current(s));
    const sample = tosses(def, s).map((a) => a.args!['cs'] as number[]);
    expect(sample).toHaveLength(CHOICE_SAMPLES);
    expect(new Set(sample.map((x) => x.join(','))).size).toBe(CHOICE_SAMPLES);
    expect(new Set(sample.map((x) => x.length))).toEqual(new Set([2, 3]));
    for (const cs of sample) {
      expect(new Set(cs).size).toBe(cs.length);
      for (const id of cs) expect(mine).toContain(id);
    }
    expect(tosses(def, s)).toEqual(tosses(def, s));
  });

  it('is not offered when no sampled choice passes the guard, and canAct agrees', () => {
    const never = withToss(1, 2, () => ({ code: 'toss/never', message: 'No.' }));
    const s = start(never, 3);
    expect(legalActions(never, s, current(s)).some((a) => a.type === 'toss')).toBe(false);
    expect(tosses(never, s)).toEqual([]);
    // A game whose only action is the toss: canAct follows the sampled choices' guard.
    const only = (guard: ActionDef['guard']): GameDef => {
      const d = withToss(1, 2, guard);
      return { ...d, actions: d.actions.filter((a) => a.name === 'toss'), stages: d.stages.map((st) => (st.kind === 'turns' ? { ...st, turnTimer: undefined } : st)) };
    };
    const yes = only(() => null);
    const no = only(() => ({ code: 'toss/never', message: 'No.' }));
    const sy = start(yes, 3);
    const sn = start(no, 3);
    expect(canAct(yes, sy, current(sy))).toBe(true);
    expect(canAct(no, sn, current(sn))).toBe(false);
  });

  it('rejects a wrong count, a card twice, a card not in the zone, then runs the guard', () => {
    const def = withToss(2, 3, (x, a) => (x.cardsArg(a[0]!).length === 3 ? { code: 'toss/three', message: 'Not three.' } : null));
    const s = start(def, 5);
    const me = current(s);
    const mine = handIds(def, s, me);
    const theirs = handIds(def, s, 1 - me);
    const send = (cs: number[]): string => {
      const r = apply(def, s, me, { type: 'toss', args: { cs } }, 0);
      return 'rejected' in r ? r.rejected.code : 'accepted';
    };
    expect(send([mine[0]!])).toBe('choice/count');
    expect(send(mine.slice(0, 4))).toBe('choice/count');
    expect(send([mine[0]!, mine[0]!])).toBe('choice/duplicate');
    expect(send([mine[0]!, theirs[0]!])).toBe('card/not_in_zone');
    expect(send(mine.slice(0, 3))).toBe('toss/three');
    expect(send(mine.slice(0, 2))).toBe('accepted');
    // The guard refuses every 3-card choice: none is sampled.
    for (const a of tosses(def, s)) expect((a.args!['cs'] as number[]).length).toBe(2);
  });
});

describe('bots on a counted choice', () => {
  // Only the toss (1 or 2 cards): every decision is a counted choice.
  const d = withToss(1, 2);
  const def: GameDef = { ...d, actions: d.actions.filter((a) => a.name === 'toss'), stages: d.stages.map((st) => (st.kind === 'turns' ? { ...st, turnTimer: undefined } : st)) };

  it('random, greedy and ismcts each send a concrete choice the runtime accepts, whatever the seed', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const s = setup(def, { players: 2, seed, options: { hand_size: 10 } });
      const me = current(s);
      const rng = deriveRng(seed, 'bot');
      const picks = [randomBot(def, s, me, rng), greedyBot(def, s, me, rng), ismctsBot(def, s, me, rng, { iterations: 30 })];
      for (const a of picks) {
        expect(a).not.toBeNull();
        expect(a!.choose).toBeUndefined();
        expect([1, 2]).toContain((a!.args!['cs'] as number[]).length);
        expect('rejected' in apply(def, s, me, a!, 0)).toBe(false);
      }
    }
  });

  it('the random bot spreads over the sampled choices (not always the first)', () => {
    const s = setup(def, { players: 2, seed: 3, options: { hand_size: 10 } });
    const rng = deriveRng(3, 'spread');
    const seen = new Set<string>();
    for (let i = 0; i < 60; i++) seen.add(JSON.stringify(randomBot(def, s, current(s), rng)!.args));
    expect(seen.size).toBeGreaterThan(CHOICE_SAMPLES / 2);
  });
});
