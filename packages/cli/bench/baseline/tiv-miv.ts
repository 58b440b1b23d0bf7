// Tiv-Miv by hand: the same rules as games/tiv-miv/tiv-miv.rules in plain TypeScript, no engine
// (typed arrays, in place, a preallocated move buffer), driven by the bench's random loop.
import { LoopRng } from '../rng.ts';
import { TIV_MIV_DEFAULTS, type PlayoutStats, type TivMivImpl, type TivMivOptions } from '../types.ts';

/** Wraps x into 1..10 (11 → 1, 0 → 10). */
export function wrap10(x: number): number {
  return ((((x - 1) % 10) + 10) % 10) + 1;
}

/** A draw in the move buffer; a play is the hand position (0, 1, …). */
export const DRAW = -1;

/**
 * One table of Tiv-Miv. Cards are 0..(10·maxIndex − 1), card c has main value c % 10 + 1 and
 * index ⌊c / 10⌋ + 1. Stacks and hands are slices of one Int8Array per kind (top of a stack is
 * its end); the centre pile's top is its end.
 */
export class TivMivTable {
  readonly players: number;
  readonly options: TivMivOptions;
  readonly cards: number;
  /** Bit v set when value v may be played on card c: targets of c as a mask. */
  readonly targetMask: Int32Array;
  readonly main: Int8Array;
  readonly centre: Int8Array;
  centreLen = 0;
  readonly stack: Int8Array;
  readonly stackLen: Int32Array;
  readonly hand: Int8Array;
  readonly handLen: Int32Array;
  readonly scores: Int32Array;
  stackTotal = 0;
  dealer = 0;
  round = 0;
  rotations = 0;
  blockedRounds = 0;
  over = false;
  /** The moves of the last `movesOf` call. */
  readonly moves: Int16Array;
  readonly rng: LoopRng;

  constructor(players: number, seed: number, options: TivMivOptions = TIV_MIV_DEFAULTS) {
    this.players = players;
    this.options = options;
    this.cards = 10 * options.maxIndex;
    this.targetMask = new Int32Array(this.cards);
    this.main = new Int8Array(this.cards);
    for (let c = 0; c < this.cards; c++) {
      const v = (c % 10) + 1;
      const k = Math.floor(c / 10) + 1;
      this.main[c] = v;
      this.targetMask[c] = (1 << wrap10(v + k)) | (1 << wrap10(v - k));
    }
    this.centre = new Int8Array(this.cards);
    this.stack = new Int8Array(players * this.cards);
    this.stackLen = new Int32Array(players);
    this.hand = new Int8Array(players * this.cards);
    this.handLen = new Int32Array(players);
    this.scores = new Int32Array(players);
    this.moves = new Int16Array(this.cards + 1);
    this.rng = new LoopRng(seed);
    this.dealer = this.rng.int(players);
    this.startRound();
  }

  /** Shuffles every card into the pack, flips the top to the centre, deals the rest round robin from the dealer's left. */
  startRound(): void {
    const pack = this.centre;
    const n = this.cards;
    for (let c = 0; c < n; c++) pack[c] = c;
    for (let i = n - 1; i > 0; i--) {
      const j = this.rng.int(i + 1);
      const t = pack[i]!;
      pack[i] = pack[j]!;
      pack[j] = t;
    }
    this.stackLen.fill(0);
    this.handLen.fill(0);
    // The top of the pack (its end) is flipped to the centre; the rest is dealt from the top.
    let p = (this.dealer + 1) % this.players;
    for (let i = n - 2; i >= 0; i--) {
      this.stack[p * n + this.stackLen[p]!++] = pack[i]!;
      p = p + 1 === this.players ? 0 : p + 1;
    }
    pack[0] = pack[n - 1]!;
    this.centreLen = 1;
    this.stackTotal = n - 1;
    this.rotations = 0;
    this.settle();
  }

  /** Whether a card of value v may go on the centre now. */
  playable(card: number): boolean {
    return ((this.targetMask[this.centre[this.centreLen - 1]!]! >> this.main[card]!) & 1) === 1;
  }

  /** Whether seat p has a move (a card to draw, or a playable card in hand). */
  canAct(p: number): boolean {
    if (this.stackLen[p]! > 0) return true;
    const mask = this.targetMask[this.centre[this.centreLen - 1]!]!;
    const base = p * this.cards;
    for (let i = 0, h = this.handLen[p]!; i < h; i++) if (((mask >> this.main[this.hand[base + i]!]!) & 1) === 1) return true;
    return false;
  }

  /** Fills `moves` with p's moves (a draw first, then each playable hand position); returns how many. */
  movesOf(p: number): number {
    let n = 0;
    if (this.stackLen[p]! > 0) this.moves[n++] = DRAW;
    const mask = this.targetMask[this.centre[this.centreLen - 1]!]!;
    const base = p * this.cards;
    for (let i = 0, h = this.handLen[p]!; i < h; i++) if (((mask >> this.main[this.hand[base + i]!]!) & 1) === 1) this.moves[n++] = i;
    return n;
  }

  /** Performs p's move (DRAW or a hand position), then the rule file's triggers. */
  move(p: number, m: number): void {
    const base = p * this.cards;
    if (m === DRAW) {
      this.hand[base + this.handLen[p]!++] = this.stack[base + --this.stackLen[p]!]!;
      this.stackTotal--;
    } else {
      const h = --this.handLen[p]!;
      this.centre[this.centreLen++] = this.hand[base + m]!;
      // A fan keeps its order: close the gap.
      this.hand.copyWithin(base + m, base + m + 1, base + h + 1);
      this.rotations = 0;
    }
    this.settle();
  }

  /** The `when` rules: down to one card ends the phase; a stall rotates the centre or blocks the phase. */
  private settle(): void {
    for (let p = 0; p < this.players; p++) {
      if (this.handLen[p]! + this.stackLen[p]! === 1) {
        const base = p * this.cards;
        if (this.handLen[p] === 1) this.centre[this.centreLen++] = this.hand[base]!;
        else this.centre[this.centreLen++] = this.stack[base]!;
        this.handLen[p] = 0;
        if (this.stackLen[p] === 1) this.stackTotal--;
        this.stackLen[p] = 0;
        this.endRound();
        return;
      }
    }
    while (this.stalled()) {
      if (this.rotations >= this.centreLen) {
        this.blockedRounds++;
        this.endRound();
        return;
      }
      // The freeze pause takes no moves; then the bottom card comes to the top.
      const bottom = this.centre[0]!;
      this.centre.copyWithin(0, 1, this.centreLen);
      this.centre[this.centreLen - 1] = bottom;
      this.rotations++;
    }
  }

  private stalled(): boolean {
    if (this.stackTotal > 0) return false;
    for (let p = 0; p < this.players; p++) if (this.canAct(p)) return false;
    return true;
  }

  /** Scores the mains still held (hand and stack), then the next phase or the end. */
  private endRound(): void {
    const n = this.cards;
    for (let p = 0; p < this.players; p++) {
      let sum = 0;
      for (let i = 0, h = this.handLen[p]!; i < h; i++) sum += this.main[this.hand[p * n + i]!]!;
      for (let i = 0, s = this.stackLen[p]!; i < s; i++) sum += this.main[this.stack[p * n + i]!]!;
      this.scores[p] = this.scores[p]! + sum;
    }
    this.round++;
    if (this.round >= this.options.phases) {
      this.over = true;
      return;
    }
    this.dealer = (this.dealer + 1) % this.players;
    this.startRound();
  }

  /** Seats with the lowest total (ties shared). */
  winners(): number[] {
    let best = Infinity;
    for (const s of this.scores) best = Math.min(best, s);
    const out: number[] = [];
    this.scores.forEach((s, p) => { if (s === best) out.push(p); });
    return out;
  }
}

/**
 * One random game: a uniformly random seat among those with a move, then one of its moves.
 *
 * @example
 * const stats = playTivMiv(7, 4); // { moves, phases: 6, blocked, scores, winners }
 */
export function playTivMiv(seed: number, players: number, options: TivMivOptions = TIV_MIV_DEFAULTS): PlayoutStats {
  const t = new TivMivTable(players, seed, options);
  const rng = t.rng;
  const seats = new Int32Array(players);
  let moves = 0;
  while (!t.over) {
    let ns = 0;
    for (let p = 0; p < players; p++) if (t.canAct(p)) seats[ns++] = p;
    if (ns === 0) break;
    const p = seats[rng.int(ns)]!;
    const n = t.movesOf(p);
    t.move(p, t.moves[rng.int(n)]!);
    moves++;
  }
  return { moves, phases: t.round, blocked: t.blockedRounds, scores: Array.from(t.scores), winners: t.winners() };
}

export const handwritten: TivMivImpl = { name: 'hand-written', playout: playTivMiv };
