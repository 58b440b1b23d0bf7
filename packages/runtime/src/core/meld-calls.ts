// The meld calls of Ctx (canMeldAll, canGoOut, layMelds…) over the standard library's solver:
// a hand's cards are turned into solver input, and the "can one card be left out" answer that
// legal-action enumeration asks for every card of the same hand is kept per hand.
import { bestLaydown, goOut, partitionExact, type MeldCard, type MeldRules } from '../stdlib/index.ts';
import type { EngineParts } from './engine-parts.ts';
import { NONE } from './game-def.ts';

export class MeldCalls {
  private readonly e: EngineParts;
  /** The last hand asked about in canMeldAllWithout (rank, suit, wild, points per card) and whether one card can be left out. */
  private leaveOneKey: number[] = [];
  private leaveOneIds: number[] = [];
  private leaveOneVer = -1;
  private leaveOneMe = NONE;
  private leaveOneNow = NaN;
  private leaveOneRules = NONE;
  private leaveOneAllWild = false;
  private leaveOne = false;

  constructor(e: EngineParts) {
    this.e = e;
  }

  private meldInput(cards: readonly number[], rules: number): { mc: MeldCard[]; r: MeldRules } {
    const e = this.e;
    const m = e.def.melds[rules];
    const mc: MeldCard[] = [];
    for (const card of cards) {
      mc.push({ rank: e.attr(card, m.rankAttr), suit: e.attr(card, m.suitAttr), wild: m.isWild(e, card), points: m.points(e, card) });
    }
    const allWildMeld = m.allWildMeld && (m.allWildWhen === undefined || m.allWildWhen(e));
    const r: MeldRules = { minSize: m.minSize, minRank: m.minRank, maxRank: m.maxRank, books: m.books, runs: m.runs, allWildMeld };
    return { mc, r };
  }
  canMeldAll(cards: readonly number[], rules: number): boolean {
    const { mc, r } = this.meldInput(cards, rules);
    return partitionExact(mc, r) !== null;
  }
  canMeldAllWithout(cards: readonly number[], card: number, rules: number): boolean {
    const list = cards.filter((c) => c >= 0);
    const at = list.indexOf(card);
    if (at < 0) return this.canMeldAll(list, rules);
    // Necessary: some one card of the whole list can be left out. Legal-action enumeration asks
    // this for every card of the same hand, so it is solved once per hand.
    if (!this.someLeaveOne(list, rules)) return false;
    const { mc, r } = this.meldInput(list, rules);
    mc.splice(at, 1);
    return partitionExact(mc, r) !== null;
  }
  /**
   * Whether `goOut(hand, rules, 1)` succeeds. The last answer is kept with its input (rank, suit,
   * wild, points per card, a pure function of them), compared without building the solver input.
   */
  private someLeaveOne(list: readonly number[], rules: number): boolean {
    const e = this.e;
    // Within one state version (one enumeration) the same cards give the same answer.
    if (this.leaveOneVer === e.version() && this.leaveOneMe === e.me && this.leaveOneNow === e.now && rules === this.leaveOneRules && sameIds(list, this.leaveOneIds)) return this.leaveOne;
    this.leaveOneVer = e.version();
    this.leaveOneMe = e.me;
    this.leaveOneNow = e.now;
    this.leaveOneIds = list.slice();
    const m = e.def.melds[rules];
    const allWild = m.allWildMeld && (m.allWildWhen === undefined || m.allWildWhen(e));
    const key = this.leaveOneKey;
    let same = rules === this.leaveOneRules && allWild === this.leaveOneAllWild && key.length === 4 * list.length;
    for (let i = 0; same && i < list.length; i++) {
      const c = list[i];
      same = e.attr(c, m.rankAttr) === key[4 * i] && e.attr(c, m.suitAttr) === key[4 * i + 1] &&
        (m.isWild(e, c) ? 1 : 0) === key[4 * i + 2] && m.points(e, c) === key[4 * i + 3];
    }
    if (!same) {
      const { mc, r } = this.meldInput(list, rules);
      const next: number[] = [];
      for (const x of mc) next.push(x.rank, x.suit, x.wild ? 1 : 0, x.points);
      this.leaveOne = goOut(mc, r, 1) !== null;
      this.leaveOneKey = next;
      this.leaveOneRules = rules;
      this.leaveOneAllWild = allWild;
    }
    return this.leaveOne;
  }
  canGoOut(cards: readonly number[], rules: number, keep: number): boolean {
    const { mc, r } = this.meldInput(cards, rules);
    return goOut(mc, r, keep) !== null;
  }
  unmeldedPoints(cards: readonly number[], rules: number): number {
    const { mc, r } = this.meldInput(cards, rules);
    return bestLaydown(mc, r).restPoints;
  }
  layMelds(cards: readonly number[], rules: number, into: number, best: boolean): void {
    const e = this.e;
    const list = cards.slice();
    const { mc, r } = this.meldInput(list, rules);
    const melds = best ? bestLaydown(mc, r).melds : partitionExact(mc, r);
    if (melds === null) return;
    for (const meld of melds) for (const i of meld.cards) e.move(list[i], into, 'top');
  }
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
