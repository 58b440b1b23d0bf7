// Exact memoised search behind goOut, partitionExact and bestLaydown.
import type { MeldProblem } from './meld-problem.ts';

/** A meld chosen by the search, in cells; wilds are assigned to it later. */
export interface PlannedMeld {
  kind: 'book' | 'run';
  /** One entry per natural copy used. */
  cells: number[];
  /** Wilds it needs at least, and how many more it could take. */
  wilds: number;
  spare: number;
}

const INF = Number.POSITIVE_INFINITY;
/** Returned up the stack once a trace has been recorded. */
const FOUND = -1;
/** Spare wild room of a book: any number. */
const UNBOUNDED = 1 << 30;
const BOOK = 0;
const RUN = 1;
const LEAVE = 2;

/**
 * Searches a {@link MeldProblem}. Takes the lowest remaining natural cell and tries every
 * book and every run whose lowest natural it is, then leaving its remaining copies out;
 * wilds are counted, not placed, and the spare room of melds made so far (`cap`) absorbs
 * extra wilds at the end. States are memoised on (naturals left, wilds left, cap, budget).
 *
 * Two modes: in cost mode a state's value is the least points left out; in count mode it
 * is 0 when exactly `budget` more cards can be left out and the rest melded, else Infinity.
 */
export class MeldSearch {
  /** After solving, the melds and leftover counts of one best solution (see `trace`). */
  readonly plan: PlannedMeld[] = [];
  readonly leftCount: Int32Array;
  leftWilds = 0;
  /** Wilds melded beyond the planned minimums, and the spare room they fit in. */
  extraWilds = 0;

  private readonly memo = new Map<number | string, number>();
  private readonly taken: number[] = [];
  private readonly wildsTotal: number;
  private readonly minNaturalsInRun: number;
  private state = 0;

  private readonly p: MeldProblem;
  private readonly costMode: boolean;
  private readonly budgetSlots: number;
  private readonly books: boolean;
  private readonly runs: boolean;
  private readonly includeAll: boolean;

  /**
   * @param costMode minimise points left out (else: leave out exactly a budget of cards)
   * @param budgetSlots largest budget + 1 (1 in cost mode)
   * @param includeAll runs never skip a natural they could hold (sound in count mode with
   *   all-wild melds allowed: such a natural can always swap places with the wild used).
   */
  constructor(p: MeldProblem, costMode: boolean, budgetSlots: number, books: boolean, runs: boolean, includeAll: boolean) {
    this.p = p;
    this.costMode = costMode;
    this.budgetSlots = budgetSlots;
    this.books = books;
    this.runs = runs;
    this.includeAll = includeAll;
    this.leftCount = new Int32Array(p.counts.length);
    this.wildsTotal = p.wildCards.length;
    // A run with one natural is also a book, which has more room: skip it when books exist.
    this.minNaturalsInRun = books ? 2 : 1;
    for (let cell = 0; cell < p.counts.length; cell++) this.state += (p.counts[cell] as number) * (p.weight[cell] as number);
  }

  /** Value of the whole hand: least points left out, or 0 / Infinity for `budget` left out. */
  solveAll(budget: number): number {
    return this.solve(0, this.wildsTotal, 0, budget);
  }

  /** Records one solution reaching the optimum into `plan`, `leftCount`, `leftWilds`. */
  traceAll(budget: number): void {
    this.trace(0, this.wildsTotal, 0, budget);
  }

  private solve(from: number, w: number, cap: number, budget: number): number {
    const counts = this.p.counts;
    let at = from;
    while (at < counts.length && counts[at] === 0) at++;
    if (at === counts.length) return this.terminal(w, cap, budget);
    const capped = cap < w ? cap : w;
    const slots = this.wildsTotal + 1;
    const key = this.p.numericKeys
      ? ((this.state * slots + w) * slots + capped) * this.budgetSlots + budget
      : `${counts.join()}|${w}|${capped}|${budget}`;
    const hit = this.memo.get(key);
    if (hit !== undefined) return hit;
    const value = this.options(at, w, capped, budget, Number.NaN);
    this.memo.set(key, value);
    return value;
  }

  private trace(from: number, w: number, cap: number, budget: number): void {
    const counts = this.p.counts;
    let at = from;
    while (at < counts.length && counts[at] === 0) at++;
    if (at === counts.length) {
      this.traceTerminal(w, cap, budget);
      return;
    }
    const capped = cap < w ? cap : w;
    this.options(at, w, capped, budget, this.solve(at, w, capped, budget));
  }

  /** Best value over the options at lowest cell `at`; FOUND once `target` was traced. */
  private options(at: number, w: number, cap: number, budget: number, target: number): number {
    const p = this.p;
    let best = INF;
    if (this.books) {
      best = this.enumBook(at, at % p.ranks, 0, 0, w, cap, budget, target);
      if (best <= 0) return best;
    }
    const rank = at % p.ranks;
    if (this.runs && rank >= p.runLo && rank <= p.runHi) {
      this.take(at);
      const v = this.enumRun(at, rank, 1, w, cap, budget, target);
      this.untake(at);
      if (v < best) best = v;
      if (best <= 0) return best;
    }
    const c = this.p.counts[at] as number;
    if (this.costMode || c <= budget) {
      const cost = this.costMode ? (p.leaveCost[at] as number[])[c] as number : 0;
      const weight = (p.weight[at] as number) * c;
      this.p.counts[at] = 0;
      this.state -= weight;
      const v = this.consider(LEAVE, at, w, cap, this.costMode ? 0 : budget - c, cost, c, 0, 0, target);
      this.p.counts[at] = c;
      this.state += weight;
      if (v < best) best = v;
    }
    return best;
  }

  /** Books of the lowest cell's rank: choose how many copies each suit (from `suit` on) adds. */
  private enumBook(at: number, rank: number, suit: number, size: number, w: number, cap: number, budget: number, target: number): number {
    const p = this.p;
    if (suit === p.suits) {
      const need = size >= p.minSize ? 0 : p.minSize - size;
      if (need > w) return INF;
      return this.consider(BOOK, at, w - need, UNBOUNDED, budget, 0, size, need, UNBOUNDED, target);
    }
    const cell = suit * p.ranks + rank;
    if (cell < at) return this.enumBook(at, rank, suit + 1, size, w, cap, budget, target);
    const c = p.counts[cell] as number;
    const least = cell === at ? 1 : 0;
    let best = INF;
    for (let t = 0; t < least; t++) this.take(cell);
    for (let t = c; t >= least; t--) {
      for (let i = least; i < t; i++) this.take(cell);
      const v = this.enumBook(at, rank, suit + 1, size + t, w, cap, budget, target);
      for (let i = least; i < t; i++) this.untake(cell);
      if (v < best) best = v;
      if (best <= 0) break;
    }
    for (let t = 0; t < least; t++) this.untake(cell);
    return best;
  }

  /** Runs of the lowest cell's suit whose highest natural so far is at rank `top`. */
  private enumRun(at: number, top: number, naturals: number, w: number, cap: number, budget: number, target: number): number {
    const p = this.p;
    const start = at % p.ranks;
    const span = top - start + 1;
    // Gaps only grow as the run extends, so no wild budget means no run from here.
    if (span - naturals > w) return INF;
    let best = INF;
    if (naturals >= this.minNaturalsInRun) {
      const length = span > p.minSize ? span : p.minSize;
      const need = length - naturals;
      if (need <= w && length <= p.longest) {
        const spare = p.longest - length;
        best = this.consider(RUN, at, w - need, cap + spare, budget, 0, naturals, need, spare, target);
        if (best <= 0) return best;
      }
    }
    const last = Math.min(p.runHi, start + p.longest - 1);
    const base = at - start;
    for (let r = top + 1; r <= last; r++) {
      const cell = base + r;
      if (p.counts[cell] === 0) continue;
      this.take(cell);
      const v = this.enumRun(at, r, naturals + 1, w, cap, budget, target);
      this.untake(cell);
      if (v < best) best = v;
      if (best <= 0 || this.includeAll) break;
    }
    return best;
  }

  /**
   * Value of one option; when it reaches `target`, records it and traces on. The option's
   * naturals are the last `naturals` cells taken (or, to leave out, copies of cell `at`).
   */
  private consider(kind: number, at: number, w: number, cap: number, budget: number, cost: number, naturals: number, wilds: number, spare: number, target: number): number {
    const v = cost + this.solve(at, w, cap, budget);
    if (v !== target) return v;
    const taken = this.taken;
    if (kind === LEAVE) this.leftCount[at] = (this.leftCount[at] as number) + naturals;
    else this.plan.push({ kind: kind === BOOK ? 'book' : 'run', cells: taken.slice(taken.length - naturals), wilds, spare });
    this.trace(at, w, cap, budget);
    return FOUND;
  }

  private terminal(w: number, cap: number, budget: number): number {
    if (!this.costMode) return budget <= w && this.placeable(w - budget, cap) ? 0 : INF;
    for (let left = 0; left < w; left++) {
      if (this.placeable(w - left, cap)) return this.p.wildLeaveCost[left] as number;
    }
    return this.p.wildLeaveCost[w] as number;
  }

  private traceTerminal(w: number, cap: number, budget: number): void {
    let left = this.costMode ? w : budget;
    if (this.costMode) {
      for (let l = 0; l < w; l++) {
        if (this.placeable(w - l, cap)) {
          left = l;
          break;
        }
      }
    }
    this.leftWilds = left;
    this.extraWilds = w - left;
  }

  /** Whether `x` more wilds fit: some alone as all-wild melds, the rest in spare room. */
  private placeable(x: number, cap: number): boolean {
    const ok = this.p.allWildOk;
    for (let b = x > cap ? x - cap : 0; b <= x; b++) if (ok[b] === 1) return true;
    return false;
  }

  private take(cell: number): void {
    this.p.counts[cell] = (this.p.counts[cell] as number) - 1;
    this.state -= this.p.weight[cell] as number;
    this.taken.push(cell);
  }

  private untake(cell: number): void {
    this.p.counts[cell] = (this.p.counts[cell] as number) + 1;
    this.state += this.p.weight[cell] as number;
    this.taken.pop();
  }
}
