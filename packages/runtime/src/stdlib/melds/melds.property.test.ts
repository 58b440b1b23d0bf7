// Property tests: the meld solvers against a brute-force oracle over all partitions of small hands.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROPERTY_TIMEOUT_MS } from '../../../test/property-timeout.ts';
import { bestLaydown, classifyMeld, goOut, maxRunLength, partitionExact, type Meld, type MeldCard, type MeldRules } from './index.ts';

const rulesArb: fc.Arbitrary<MeldRules> = fc.record({
  minSize: fc.integer({ min: 2, max: 4 }),
  minRank: fc.constant(1),
  maxRank: fc.integer({ min: 4, max: 7 }),
  books: fc.boolean(),
  runs: fc.boolean(),
  allWildMeld: fc.boolean(),
  maxRunLength: fc.option(fc.integer({ min: 2, max: 6 }), { nil: undefined }),
});

/** Few suits and a narrow rank range, so that melds, duplicates and full runs are common. */
const cardArb: fc.Arbitrary<MeldCard> = fc.record({
  rank: fc.integer({ min: 0, max: 7 }),
  suit: fc.integer({ min: 0, max: 1 }),
  wild: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  points: fc.integer({ min: 1, max: 30 }),
});

/** One suit in a short range: runs that fill the range, where a wild may replace a natural. */
const runCardArb: fc.Arbitrary<MeldCard> = fc.record({
  rank: fc.integer({ min: 1, max: 5 }),
  suit: fc.constant(0),
  wild: fc.integer({ min: 0, max: 2 }).map((n) => n === 0),
  points: fc.integer({ min: 1, max: 30 }),
});

function handArb(maxLength: number): fc.Arbitrary<MeldCard[]> {
  return fc.oneof(fc.array(cardArb, { maxLength }), fc.array(runCardArb, { maxLength }));
}

/** Independent meld check: some rank for a book, or some window for a run, fits every natural. */
function validByWindows(group: MeldCard[], rules: MeldRules): boolean {
  if (group.length < rules.minSize) return false;
  const naturals = group.filter((c) => !c.wild);
  if (naturals.length === 0) return rules.allWildMeld && (rules.books || (rules.runs && group.length <= maxRunLength(rules)));
  if (rules.books && naturals.every((c) => c.rank === (naturals[0] as MeldCard).rank)) return true;
  if (!rules.runs || group.length > maxRunLength(rules)) return false;
  if (!naturals.every((c) => c.suit === (naturals[0] as MeldCard).suit)) return false;
  if (new Set(naturals.map((c) => c.rank)).size !== naturals.length) return false;
  for (let a = rules.minRank; a + group.length - 1 <= rules.maxRank; a++) {
    if (naturals.every((c) => c.rank >= a && c.rank < a + group.length)) return true;
  }
  return false;
}

/** Oracle: for every number of cards left out, the least points left out (all partitions). */
function oracle(cards: MeldCard[], rules: MeldRules): Map<number, number> {
  const best = new Map<number, number>();
  const free = cards.map(() => true);
  const visit = (leftCount: number, leftPoints: number): void => {
    const first = free.indexOf(true);
    if (first < 0) {
      const old = best.get(leftCount);
      if (old === undefined || leftPoints < old) best.set(leftCount, leftPoints);
      return;
    }
    free[first] = false;
    visit(leftCount + 1, leftPoints + (cards[first] as MeldCard).points);
    const others = free.flatMap((f, i) => (f ? [i] : []));
    for (let mask = 0; mask < 1 << others.length; mask++) {
      const group = [first, ...others.filter((_, j) => (mask >> j) & 1)];
      if (classifyMeld(group.map((i) => cards[i] as MeldCard), rules) === null) continue;
      for (const i of group) free[i] = false;
      visit(leftCount, leftPoints);
      for (const i of group) if (i !== first) free[i] = true;
    }
    free[first] = true;
  };
  visit(0, 0);
  return best;
}

/** Every meld valid, indices disjoint and in range, melds + rest = the whole hand. */
function expectSound(cards: MeldCard[], rules: MeldRules, melds: Meld[], rest: number[]): void {
  const seen = new Set<number>();
  for (const m of melds) {
    const kind = classifyMeld(m.cards.map((i) => cards[i] as MeldCard), rules);
    expect(kind).not.toBeNull();
    // A run of one natural and wilds is also a book, which classifyMeld reports first.
    if (m.kind === 'book') expect(kind).toBe('book');
    for (const i of m.cards) {
      expect(seen.has(i)).toBe(false);
      seen.add(i);
    }
  }
  for (const i of rest) {
    expect(seen.has(i)).toBe(false);
    seen.add(i);
  }
  expect(seen.size).toBe(cards.length);
  for (const i of seen) expect(i >= 0 && i < cards.length).toBe(true);
}

const RUNS = { numRuns: 2000 };

describe('classifyMeld', () => {
  it('agrees with a window-based check and ignores card order', () => {
    fc.assert(
      fc.property(handArb(7), rulesArb, (group, rules) => {
        const kind = classifyMeld(group, rules);
        expect(kind !== null).toBe(validByWindows(group, rules));
        expect(classifyMeld(group.slice().reverse(), rules)).toBe(kind);
      }),
      { numRuns: 2000 },
    );
  }, PROPERTY_TIMEOUT_MS);
});

describe('meld solvers against the brute-force oracle (hands of up to 7 cards)', () => {
  it('goOut finds melds leaving exactly keep cards iff some partition does', () => {
    fc.assert(
      fc.property(handArb(7), rulesArb, fc.integer({ min: 0, max: 2 }), (cards, rules, keep) => {
        const truth = oracle(cards, rules);
        const out = goOut(cards, rules, keep);
        expect(out !== null).toBe(truth.has(keep));
        if (out === null) return;
        expect(out.rest.length).toBe(keep);
        expectSound(cards, rules, out.melds, out.rest);
      }),
      RUNS,
    );
  }, PROPERTY_TIMEOUT_MS);

  it('partitionExact melds every card iff some partition does', () => {
    fc.assert(
      fc.property(handArb(7), rulesArb, (cards, rules) => {
        const melds = partitionExact(cards, rules);
        expect(melds !== null).toBe(oracle(cards, rules).has(0));
        if (melds !== null) expectSound(cards, rules, melds, []);
      }),
      RUNS,
    );
  }, PROPERTY_TIMEOUT_MS);

  it('bestLaydown leaves the fewest points any partition leaves', () => {
    fc.assert(
      fc.property(handArb(7), rulesArb, (cards, rules) => {
        const result = bestLaydown(cards, rules);
        const least = Math.min(...oracle(cards, rules).values());
        expect(result.restPoints).toBe(least);
        expect(result.rest.reduce((sum, i) => sum + (cards[i] as MeldCard).points, 0)).toBe(result.restPoints);
        expectSound(cards, rules, result.melds, result.rest);
      }),
      { numRuns: 5000 },
    );
  }, PROPERTY_TIMEOUT_MS);
});

describe('meld solver regressions', () => {
  it('bestLaydown may meld a wild in place of a cheap interior natural', () => {
    // Runs fill 3..5: W for 4♥ leaves 1 point; melding 3♥ 4♥ 5♥ would leave the wild (50).
    const rules: MeldRules = { minSize: 3, minRank: 3, maxRank: 5, books: false, runs: true, allWildMeld: true };
    const cards: MeldCard[] = [
      { rank: 3, suit: 1, wild: false, points: 10 },
      { rank: 4, suit: 1, wild: false, points: 1 },
      { rank: 5, suit: 1, wild: false, points: 10 },
      { rank: 0, suit: 0, wild: true, points: 50 },
    ];
    expect(bestLaydown(cards, rules)).toEqual({ melds: [{ kind: 'run', cards: [0, 3, 2] }], rest: [1], restPoints: 1 });
  });
});

describe('meld solvers on larger hands (self-consistency)', () => {
  const FIVE_CROWNS: MeldRules = { minSize: 3, minRank: 3, maxRank: 13, books: true, runs: true, allWildMeld: true };
  const fcCard: fc.Arbitrary<MeldCard> = fc.record({ rank: fc.integer({ min: 3, max: 13 }), suit: fc.integer({ min: 0, max: 4 }), joker: fc.integer({ min: 0, max: 9 }) }).map(({ rank, suit, joker }) =>
    joker === 0 ? { rank: 0, suit: 0, wild: true, points: 50 } : { rank, suit, wild: rank === 9, points: rank === 9 ? 20 : rank },
  );

  it('goOut, partitionExact and bestLaydown agree on 8–14 card Five Crowns hands', () => {
    fc.assert(
      fc.property(fc.array(fcCard, { minLength: 8, maxLength: 14 }), (cards) => {
        const out = goOut(cards, FIVE_CROWNS, 1);
        if (out !== null) expectSound(cards, FIVE_CROWNS, out.melds, out.rest);
        const best = bestLaydown(cards, FIVE_CROWNS);
        expectSound(cards, FIVE_CROWNS, best.melds, best.rest);
        if (partitionExact(cards, FIVE_CROWNS) !== null) expect(best.restPoints).toBe(0);
        else expect(best.restPoints).toBeGreaterThan(0);
        // Going out leaves one card, so the best laydown leaves at most that card's points.
        if (out !== null) expect(best.restPoints).toBeLessThanOrEqual((cards[out.rest[0] as number] as MeldCard).points);
      }),
      { numRuns: 300 },
    );
  }, PROPERTY_TIMEOUT_MS);
});
