// Decides whether one exact group of cards is a valid book or run under some MeldRules.
import { maxRunLength, type MeldCard, type MeldKind, type MeldRules } from './types.ts';

/**
 * Classifies a group as `'book'`, `'run'` or `null` (not a meld). Wilds may stand anywhere,
 * in any number, side by side. When a group is both (one natural plus wilds), `'book'` wins;
 * a group of wilds only is a `'book'` (a `'run'` if books are off) when `allWildMeld`.
 *
 * @example
 * const rules = { minSize: 3, minRank: 3, maxRank: 13, books: true, runs: true, allWildMeld: true };
 * const card = (rank: number, suit: number, wild = false) => ({ rank, suit, wild, points: rank });
 * // 7s wild: 9♦ 7♣ J♦ — the 7♣ stands for 10♦
 * classifyMeld([card(9, 4), card(7, 2, true), card(11, 4)], rules); // 'run'
 * classifyMeld([card(5, 2), card(5, 2), card(6, 2)], rules);         // null
 */
export function classifyMeld(cards: readonly MeldCard[], rules: MeldRules): MeldKind | null {
  const size = cards.length;
  if (size < rules.minSize) return null;
  let naturals = 0;
  let rank = 0;
  let suit = 0;
  let sameRank = true;
  let sameSuit = true;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < size; i++) {
    const c = cards[i] as MeldCard;
    if (c.wild) continue;
    if (naturals === 0) {
      rank = c.rank;
      suit = c.suit;
    } else {
      if (c.rank !== rank) sameRank = false;
      if (c.suit !== suit) sameSuit = false;
    }
    if (c.rank < lo) lo = c.rank;
    if (c.rank > hi) hi = c.rank;
    naturals++;
  }
  const longest = maxRunLength(rules);
  if (naturals === 0) {
    if (!rules.allWildMeld) return null;
    if (rules.books) return 'book';
    return rules.runs && size <= longest ? 'run' : null;
  }
  if (rules.books && sameRank) return 'book';
  if (!rules.runs || !sameSuit || size > longest) return null;
  if (lo < rules.minRank || hi > rules.maxRank || hi - lo + 1 > size) return null;
  return distinctRanks(cards) ? 'run' : null;
}

function distinctRanks(cards: readonly MeldCard[]): boolean {
  for (let i = 0; i < cards.length; i++) {
    const a = cards[i] as MeldCard;
    if (a.wild) continue;
    for (let j = i + 1; j < cards.length; j++) {
      const b = cards[j] as MeldCard;
      if (!b.wild && b.rank === a.rank) return false;
    }
  }
  return true;
}
