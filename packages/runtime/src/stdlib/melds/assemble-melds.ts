// Turns the search's plan (cells and wild counts) into melds of the caller's card indices.
import type { MeldProblem } from './meld-problem.ts';
import type { MeldSearch, PlannedMeld } from './meld-search.ts';
import type { GoOutResult, Meld, MeldRules } from './types.ts';

/**
 * Assigns real cards to a traced plan: the most expensive copies of a cell and the most
 * expensive wilds are melded, so the cheapest ones are left over. Extra wilds go to melds
 * with spare room, the rest into all-wild melds.
 *
 * @example
 * const { melds, rest } = assembleMelds(problem, search, rules);
 */
export function assembleMelds(p: MeldProblem, search: MeldSearch, rules: MeldRules): GoOutResult {
  const used = new Int32Array(p.counts.length);
  let nextWild = 0;
  const plan = search.plan;
  const extraPer = distributeExtra(p, plan, search.extraWilds);
  const melds: Meld[] = [];
  for (let m = 0; m < plan.length; m++) {
    const planned = plan[m] as PlannedMeld;
    const naturals: number[] = [];
    for (const cell of planned.cells) {
      naturals.push((p.cellCards[cell] as number[])[used[cell] as number] as number);
      used[cell] = (used[cell] as number) + 1;
    }
    const wildCount = planned.wilds + (extraPer[m] as number);
    const wilds = p.wildCards.slice(nextWild, nextWild + wildCount);
    nextWild += wildCount;
    melds.push(planned.kind === 'run' ? arrangeRun(p, planned.cells, naturals, wilds) : { kind: 'book', cards: naturals.concat(wilds) });
  }
  const alone = extraPer[plan.length] as number;
  for (const size of allWildSizes(p, rules, alone)) {
    melds.push({ kind: rules.books ? 'book' : 'run', cards: p.wildCards.slice(nextWild, nextWild + size) });
    nextWild += size;
  }
  const rest: number[] = p.wildCards.slice(nextWild);
  for (let cell = 0; cell < p.counts.length; cell++) {
    const list = p.cellCards[cell] as number[];
    for (let i = used[cell] as number; i < list.length; i++) rest.push(list[i] as number);
  }
  rest.sort((a, b) => a - b);
  return { melds, rest };
}

/** Extra wilds per planned meld; the last entry is the number melded on their own. */
function distributeExtra(p: MeldProblem, plan: readonly PlannedMeld[], extra: number): number[] {
  let room = 0;
  for (const m of plan) room += Math.min(m.spare, extra);
  let alone = extra > room ? extra - room : 0;
  while (alone <= extra && p.allWildOk[alone] !== 1) alone++;
  const out: number[] = [];
  let left = extra - alone;
  for (const m of plan) {
    const give = Math.min(m.spare, left);
    out.push(give);
    left -= give;
  }
  out.push(alone);
  return out;
}

/** Sizes of the all-wild melds holding `count` wilds: one book, or runs within the limits. */
function allWildSizes(p: MeldProblem, rules: MeldRules, count: number): number[] {
  if (count === 0) return [];
  if (rules.books) return [count];
  const k = Math.ceil(count / p.longest);
  const sizes: number[] = [];
  for (let i = 0; i < k; i++) sizes.push(Math.floor(count / k) + (i < count % k ? 1 : 0));
  return sizes;
}

/** Lays a run out in rank order, wilds in the gaps and then past the ends within range. */
function arrangeRun(p: MeldProblem, cells: readonly number[], naturals: readonly number[], wilds: readonly number[]): Meld {
  const length = naturals.length + wilds.length;
  const low = (cells[0] as number) % p.ranks;
  const start = Math.min(low, p.runHi - length + 1);
  const cards: number[] = [];
  let n = 0;
  let w = 0;
  for (let rank = start; rank < start + length; rank++) {
    if (n < cells.length && (cells[n] as number) % p.ranks === rank) cards.push(naturals[n++] as number);
    else cards.push(wilds[w++] as number);
  }
  return { kind: 'run', cards };
}
