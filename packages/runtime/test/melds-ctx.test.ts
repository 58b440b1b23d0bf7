// The meld solver through Ctx on the rummy fixture: canMeldAllWithout (the fast go-out guard),
// `all wild allowed when …` (allWildWhen) and `dealer random if …` (dealer.firstIf).
import { describe, expect, it } from 'vitest';
import { engineFor } from '../src/core/engine.ts';
import { NONE, setup, type GameDef } from '../src/index.ts';
import { rummy, K_JOKER, V_DEALT } from './fixtures/rummy.ts';

const without = (list: readonly number[], c: number) => list.filter((d) => d !== c && d >= 0);

/** A small seeded generator for the hands below. */
function lcg(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x80000000;
  };
}

describe('canMeldAllWithout', () => {
  it('answers exactly as canMeldAll(cards without card) for every card of many hands', () => {
    const rnd = lcg(7);
    let accepted = 0;
    for (let round = 1; round <= 3; round++) {
      const s = setup(rummy, { players: 2, seed: `without-${round}` });
      const e = engineFor(rummy);
      e.begin(s, 0, false);
      e.s.vars[V_DEALT] = round + 2;
      const ids = s.face.map((_, i) => i);
      for (let k = 0; k < 400; k++) {
        const size = 3 + Math.floor(rnd() * 8);
        const pool = ids.slice();
        const hand: number[] = [];
        for (let i = 0; i < size; i++) hand.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]);
        // Asking for every card in turn is what legal-action enumeration does (the memoised path).
        for (const c of hand) {
          const fast = e.canMeldAllWithout(hand, c, 0);
          expect(fast).toBe(e.canMeldAll(without(hand, c), 0));
          if (fast) accepted++;
        }
        // A card that is not in the list (and row holes) leaves the list whole.
        expect(e.canMeldAllWithout([...hand, NONE], pool[0], 0)).toBe(e.canMeldAll(hand, 0));
      }
    }
    expect(accepted).toBeGreaterThan(0);
  });
});

describe('allWildWhen', () => {
  it('all-wild melds count only while the condition holds', () => {
    const jokers = (s: ReturnType<typeof setup>) => s.face.map((_, i) => i).filter((c) => rummy.faces.kind[s.face[c]] === K_JOKER).slice(0, 3);
    for (const allowed of [true, false]) {
      const def: GameDef = { ...rummy, melds: [{ ...rummy.melds[0], allWildWhen: () => allowed }] };
      const s = setup(def, { players: 2, seed: 'all-wild' });
      const e = engineFor(def);
      e.begin(s, 0, false);
      expect(e.canMeldAll(jokers(s), 0)).toBe(allowed);
    }
  });
});

describe('dealer firstIf', () => {
  it('`dealer random if c`: random while c holds, else the first player deals', () => {
    const dealers = (firstIf: boolean) => {
      const def: GameDef = { ...rummy, rounds: { ...rummy.rounds, dealer: { first: 'random', rotate: 'left', firstIf: () => firstIf } } };
      return new Set(Array.from({ length: 12 }, (_, i) => setup(def, { players: 4, seed: i }).dealer));
    };
    expect([...dealers(false)]).toEqual([0]);
    expect(dealers(true).size).toBeGreaterThan(1);
  });
});
