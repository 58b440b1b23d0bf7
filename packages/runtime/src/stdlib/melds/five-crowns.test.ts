// The Five Crowns meld edge cases from shared/games/five-crowns.md, run through the solvers.
import { describe, expect, it } from 'vitest';
import { bestLaydown, classifyMeld, goOut, partitionExact, type MeldCard, type MeldRules } from './index.ts';

const SUITS = '★♥♣♠♦';
const FACES: Record<string, number> = { J: 11, Q: 12, K: 13 };

/** Five Crowns rules: 3..K, books and runs, all-wild books allowed. */
const RULES: MeldRules = { minSize: 3, minRank: 3, maxRank: 13, books: true, runs: true, allWildMeld: true };

/** Parses 'Joker' or rank + suit ('10♦', 'K♠') for a round whose wild rank is `wildRank`. */
function card(text: string, wildRank: number): MeldCard {
  if (text === 'Joker') return { rank: 0, suit: 0, wild: true, points: 50 };
  const rankText = text.slice(0, -1);
  const rank = FACES[rankText] ?? Number(rankText);
  const suit = SUITS.indexOf(text.slice(-1));
  if (suit < 0 || !(rank >= 3 && rank <= 13)) throw new Error(`bad card ${text}`);
  const wild = rank === wildRank;
  return { rank, suit, wild, points: wild ? 20 : rank };
}

function hand(text: string, wildRank: number): MeldCard[] {
  return text.split(' ').map((t) => card(t, wildRank));
}

/** Checks a solver's answer: valid melds, disjoint indices, everything accounted for. */
function expectSound(cards: MeldCard[], melds: { cards: number[] }[], rest: number[]): void {
  const seen = new Set<number>();
  for (const m of melds) {
    expect(classifyMeld(m.cards.map((i) => cards[i] as MeldCard), RULES)).not.toBeNull();
    for (const i of m.cards) seen.add(i);
  }
  for (const i of rest) seen.add(i);
  expect(seen.size).toBe(cards.length);
}

describe('Five Crowns meld edge cases', () => {
  it('1. round 1 (3s wild): 5★ 5♦ 3♣ K♠ goes out with the book and discards K♠', () => {
    const cards = hand('5★ 5♦ 3♣ K♠', 3);
    expect(goOut(cards, RULES, 1)).toEqual({ melds: [{ kind: 'book', cards: [0, 1, 2] }], rest: [3] });
  });

  it('2. 7s wild: 9♦ 7♣ J♦ and 6♦ 7★ 7♠ 9♦ are runs', () => {
    expect(classifyMeld(hand('9♦ 7♣ J♦', 7), RULES)).toBe('run');
    expect(classifyMeld(hand('6♦ 7★ 7♠ 9♦', 7), RULES)).toBe('run');
    const solved = partitionExact(hand('9♦ 7♣ J♦', 7), RULES);
    expect(solved).toEqual([{ kind: 'run', cards: [0, 1, 2] }]);
  });

  it('3. Q♥ K♥ 3♥ with 3s not wild is invalid (no wrap-around)', () => {
    const cards = hand('Q♥ K♥ 3♥', 5);
    expect(classifyMeld(cards, RULES)).toBeNull();
    expect(partitionExact(cards, RULES)).toBeNull();
  });

  it('4. 5♣ 5♣ 6♣ is neither a run nor a book', () => {
    const cards = hand('5♣ 5♣ 6♣', 3);
    expect(classifyMeld(cards, RULES)).toBeNull();
    expect(partitionExact(cards, RULES)).toBeNull();
  });

  it('5. 9s wild: Joker, Joker, 9♠ is a valid all-wild book', () => {
    const cards = hand('Joker Joker 9♠', 9);
    expect(classifyMeld(cards, RULES)).toBe('book');
    expect(classifyMeld(cards, { ...RULES, allWildMeld: false })).toBeNull();
    expect(partitionExact(cards, RULES)).toEqual([{ kind: 'book', cards: [0, 1, 2] }]);
  });

  it('6. d = 6: two natural books + a loose card go out; melding 5 or 7 is impossible', () => {
    const cards = hand('5♥ 8♦ 5♠ 8♣ K♠ 5♣ 8★', 6);
    const out = goOut(cards, RULES, 1);
    expect(out?.rest).toEqual([4]);
    expect(out?.melds.map((m) => m.kind)).toEqual(['book', 'book']);
    expectSound(cards, out?.melds ?? [], out?.rest ?? []);
    expect(partitionExact(cards, RULES)).toBeNull();
    expect(goOut(cards, RULES, 0)).toBeNull();
    expect(goOut(cards, RULES, 2)).toBeNull();
    for (let a = 0; a < 7; a++) {
      for (let b = a + 1; b < 7; b++) {
        const five = cards.filter((_, i) => i !== a && i !== b);
        expect(partitionExact(five, RULES)).toBeNull();
      }
    }
  });

  it('7. d = 6: 4♥ 5♥ 6♥ 7♥ 9♣ 9♠ 9★ still finds an exit, discarding a heart', () => {
    const cards = hand('4♥ 5♥ 6♥ 7♥ 9♣ 9♠ 9★', 6);
    const out = goOut(cards, RULES, 1);
    expect(out).not.toBeNull();
    expect(out?.rest.length).toBe(1);
    expect([0, 1, 2, 3]).toContain(out?.rest[0]);
    expectSound(cards, out?.melds ?? [], out?.rest ?? []);
    expect(out?.melds.some((m) => m.kind === 'book' && m.cards.slice().sort().join() === '4,5,6')).toBe(true);
  });

  it('8. d = 5: two 3-books in 6 cards cannot go out (it would need a 2-card meld)', () => {
    const cards = hand('8♥ 8♠ 8♣ K♦ K♣ K★', 5);
    expect(goOut(cards, RULES, 1)).toBeNull();
    expect(partitionExact(cards, RULES)).not.toBeNull();
  });

  it('9. round 5 (7s wild): 7♠ Joker K♦ scores 20 + 50 + 13 = 83 when left unmelded', () => {
    const cards = hand('7♠ Joker K♦', 7);
    // Under full rules the three form a book (K♦ and two wilds), so nothing is left.
    expect(bestLaydown(cards, RULES)).toEqual({ melds: [{ kind: 'book', cards: [2, 1, 0] }], rest: [], restPoints: 0 });
    // With no meld possible, everything is left and scored.
    const none = bestLaydown(cards, { ...RULES, minSize: 4 });
    expect(none).toEqual({ melds: [], rest: [0, 1, 2], restPoints: 83 });
    // With Q♣ 4♥ as well, the wilds go with K♦ and Q♣ + 4♥ = 16 is left (case 9 of the sheet).
    const more = bestLaydown(hand('7♠ Joker K♦ Q♣ 4♥', 7), RULES);
    expect(more.restPoints).toBe(16);
    expect(more.rest).toEqual([3, 4]);
  });

  it('10. Kings wild: 3♠ … Q♠ + K♥ is a valid 11-card run', () => {
    const cards = hand('3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♥', 13);
    expect(classifyMeld(cards, RULES)).toBe('run');
    const parts = partitionExact(cards, RULES);
    expect(parts).not.toBeNull();
    expectSound(cards, parts ?? [], []);
    const twelve = cards.concat(card('Joker', 13));
    expect(classifyMeld(twelve, RULES)).toBeNull();
  });

  it('books allow duplicates: K♠ K♦ K♥ K♥', () => {
    expect(classifyMeld(hand('K♠ K♦ K♥ K♥', 3), RULES)).toBe('book');
  });

  it('bestLaydown keeps the cheap natural and melds the wild when a run is full', () => {
    // Runs in 3..5 only: melding W 4♥ 5♥ leaves 3♥ (3 points) rather than the Joker (50).
    const rules = { ...RULES, maxRank: 5, books: false };
    const result = bestLaydown(hand('3♥ 4♥ 5♥ Joker', 13), rules);
    expect(result.restPoints).toBe(3);
    expect(result.rest).toEqual([0]);
    expect(result.melds).toEqual([{ kind: 'run', cards: [3, 1, 2] }]);
  });

  it('extra wilds extend runs up to the range, in rank order', () => {
    const cards = hand('J♦ Q♦ Joker Joker', 3);
    expect(partitionExact(cards, RULES)).toEqual([{ kind: 'run', cards: [2, 0, 1, 3] }]);
  });
});
