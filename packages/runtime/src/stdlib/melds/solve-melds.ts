// Public meld solvers: go out leaving exactly k cards, partition a whole hand, best laydown.
import { assembleMelds } from './assemble-melds.ts';
import { buildProblem } from './meld-problem.ts';
import { MeldSearch } from './meld-search.ts';
import type { GoOutResult, LaydownResult, Meld, MeldCard, MeldRules } from './types.ts';

/**
 * Chooses melds covering exactly `cards.length - keep` cards, or returns null when no such
 * choice exists. Five Crowns: after drawing you hold d + 1 cards and go out with `keep = 1`,
 * the card in `rest` being the discard. Exact for any hand; fast for hands up to 14 cards.
 *
 * @example
 * // 3s wild: 5★ 5♦ 3♣ K♠
 * goOut(hand, fiveCrowns(3), 1); // { melds: [{ kind: 'book', cards: [0, 1, 2] }], rest: [3] }
 */
export function goOut(cards: readonly MeldCard[], rules: MeldRules, keep: number): GoOutResult | null {
  if (!Number.isInteger(keep) || keep < 0 || keep > cards.length) return null;
  const problem = buildProblem(cards, rules, keep + 1);
  // Runs may take every natural they can when all-wild melds are allowed (see MeldSearch).
  const search = new MeldSearch(problem, false, keep + 1, rules.books, rules.runs, rules.allWildMeld);
  if (search.solveAll(keep) !== 0) return null;
  search.traceAll(keep);
  return assembleMelds(problem, search, rules);
}

/**
 * Partitions all of `cards` into valid melds, or returns null.
 *
 * @example
 * partitionExact(hand, rules); // [{ kind: 'run', cards: [2, 0, 1] }, ...] or null
 */
export function partitionExact(cards: readonly MeldCard[], rules: MeldRules): Meld[] | null {
  const result = goOut(cards, rules, 0);
  return result === null ? null : result.melds;
}

/**
 * Lays down the melds that leave the fewest points unmelded (Five Crowns' last turn).
 * Always succeeds; with no meld possible everything is in `rest`.
 *
 * @example
 * // round 5 (7s wild), no meld in 7♠ Joker K♦
 * bestLaydown(hand, fiveCrowns(7)).restPoints; // 20 + 50 + 13 = 83
 */
export function bestLaydown(cards: readonly MeldCard[], rules: MeldRules): LaydownResult {
  const problem = buildProblem(cards, rules, 1);
  const search = new MeldSearch(problem, true, 1, rules.books, rules.runs, false);
  const restPoints = search.solveAll(0);
  search.traceAll(0);
  const { melds, rest } = assembleMelds(problem, search, rules);
  return { melds, rest, restPoints };
}
