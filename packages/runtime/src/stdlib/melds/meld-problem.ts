// Turns a hand into the solver's compact form: natural counts per (suit, rank) cell plus wilds.
import { maxRunLength, type MeldCard, type MeldRules } from './types.ts';

/** leaveCost of an empty cell (shared, never written). */
const NO_CARDS_COST: number[] = [0];

/** Largest integer for which every smaller integer is exact in a double. */
const SAFE = 2 ** 53;

/**
 * A hand in counting form. Cells are numbered suit-major (`suit * ranks + rank`), so the
 * lowest non-empty cell of a suit is its lowest rank. Interchangeable copies of a cell are
 * kept most expensive first: melds use them from the front, leftovers come from the back.
 */
export interface MeldProblem {
  /** Number of distinct natural suits and size of the rank axis. */
  suits: number;
  ranks: number;
  /** First rank on the axis (rank index 0). */
  rankLo: number;
  /** Rank indices a run may use, inclusive. */
  runLo: number;
  runHi: number;
  /** Smallest meld (at least 1) and longest run. */
  minSize: number;
  longest: number;
  /** Natural copies per cell. */
  counts: Int32Array;
  /** Card indices per cell, points descending. */
  cellCards: number[][];
  /** leaveCost[cell][k]: points of the k cheapest copies of the cell. */
  leaveCost: number[][];
  /** Mixed-radix weight of each cell in the state number. */
  weight: number[];
  /** Wild card indices, points descending, and the cost of leaving the cheapest k. */
  wildCards: number[];
  wildLeaveCost: number[];
  /** allWildOk[b]: b wilds alone can be laid down as melds (b = 0 is always fine). */
  allWildOk: Uint8Array;
  /** Whether state numbers times the other key parts stay exact as doubles. */
  numericKeys: boolean;
}

/**
 * Builds the counting form of `cards`; `keySlots` is how many key values the caller
 * multiplies the state number by (to decide whether numeric memo keys are exact).
 *
 * @example
 * const p = buildProblem(hand, rules, 1);
 * p.counts[p.ranks * 0 + 2]; // copies of the first suit's third rank
 */
export function buildProblem(cards: readonly MeldCard[], rules: MeldRules, keySlots: number): MeldProblem {
  const suitValues: number[] = [];
  let lo = rules.minRank;
  let hi = rules.maxRank;
  const wildCards: number[] = [];
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i] as MeldCard;
    if (c.wild) {
      wildCards.push(i);
      continue;
    }
    if (!suitValues.includes(c.suit)) suitValues.push(c.suit);
    if (c.rank < lo) lo = c.rank;
    if (c.rank > hi) hi = c.rank;
  }
  suitValues.sort((a, b) => a - b);
  const suits = suitValues.length;
  const ranks = Math.max(0, hi - lo + 1);
  const cellCount = suits * ranks;
  const counts = new Int32Array(cellCount);
  const cellCards: number[][] = [];
  for (let i = 0; i < cellCount; i++) cellCards.push([]);
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i] as MeldCard;
    if (c.wild) continue;
    const cell = suitValues.indexOf(c.suit) * ranks + (c.rank - lo);
    counts[cell] = (counts[cell] as number) + 1;
    (cellCards[cell] as number[]).push(i);
  }
  const byPointsDesc = (a: number, b: number): number =>
    (cards[b] as MeldCard).points - (cards[a] as MeldCard).points || a - b;
  const leaveCost: number[][] = [];
  const weight: number[] = [];
  let radix = 1;
  for (let cell = 0; cell < cellCount; cell++) {
    const list = cellCards[cell] as number[];
    if (list.length > 1) list.sort(byPointsDesc);
    // Most cells of a hand are empty: they share one read-only table.
    leaveCost.push(list.length === 0 ? NO_CARDS_COST : cheapestSums(cards, list));
    weight.push(radix);
    radix *= list.length + 1;
  }
  wildCards.sort(byPointsDesc);
  const minSize = Math.max(1, rules.minSize);
  const longest = maxRunLength(rules);
  const wilds = wildCards.length;
  return {
    suits,
    ranks,
    rankLo: lo,
    runLo: rules.minRank - lo,
    runHi: rules.maxRank - lo,
    minSize,
    longest,
    counts,
    cellCards,
    leaveCost,
    weight,
    wildCards,
    wildLeaveCost: cheapestSums(cards, wildCards),
    allWildOk: allWildTable(rules, wilds, minSize, longest),
    numericKeys: radix * (wilds + 1) * (wilds + 1) * keySlots < SAFE,
  };
}

/** sums[k] = points of the last k entries of `list` (the cheapest when sorted descending). */
function cheapestSums(cards: readonly MeldCard[], list: readonly number[]): number[] {
  const sums = [0];
  let total = 0;
  for (let k = 1; k <= list.length; k++) {
    total += (cards[list[list.length - k] as number] as MeldCard).points;
    sums.push(total);
  }
  return sums;
}

function allWildTable(rules: MeldRules, wilds: number, minSize: number, longest: number): Uint8Array {
  const ok = new Uint8Array(wilds + 1);
  ok[0] = 1;
  if (!rules.allWildMeld) return ok;
  for (let b = minSize; b <= wilds; b++) {
    if (rules.books) ok[b] = 1;
    else if (rules.runs && longest >= minSize) {
      // b wilds split into k runs of minSize..longest cards each.
      const k = Math.ceil(b / longest);
      if (k * minSize <= b) ok[b] = 1;
    }
  }
  return ok;
}
