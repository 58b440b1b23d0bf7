// The Engine: the one object that implements Ctx over a working copy of the state.
//
// `begin` starts a call on a copy-on-write copy of the caller's state (see working-copy.ts), so
// an apply copies only what it touches and the caller's state is never mutated. In read mode
// (legal actions, views) the caller's state is used directly and any write is an internal bug.
// The meld calls live in meld-calls.ts.
import { nextInt } from '../rng/index.ts';
import { compiled, type Compiled } from './compiled.ts';
import { LegalBuffer, type Sink } from './legal.ts';
import type { Ctx } from './ctx.ts';
import type { EngineParts } from './engine-parts.ts';
import type { GameEvent } from './events.ts';
import { NONE, type GameDef } from './game-def.ts';
import { MeldCalls } from './meld-calls.ts';
import { cardZoneOf, type GameState } from './state.ts';
import { BudgetExceeded, fuelOf } from './fuel.ts';
import { readSince } from './trigger-reads.ts';
import { checkVarRange } from './var-range.ts';
import { WorkingCopy } from './working-copy.ts';
import * as ops from '../zones/ops.ts';
import { visibleMask } from '../zones/visibility.ts';
import * as flow from '../flow/control.ts';
import { uniformDef } from './uniform-def.ts';

const NO_EVENTS = Object.freeze([]) as unknown as GameEvent[];

export class Engine extends WorkingCopy implements EngineParts {
  readonly def: GameDef;
  readonly c: Compiled;
  me = NONE;
  /** Events of this call, in order (a fresh array per writable call). */
  events: GameEvent[] = [];
  /** Whether an apply/tick is running on this engine (nested use gets another engine). */
  busy = false;
  /**
   * Fast path only (`randomPlayout`): nobody listens, so no events are built and no view-id
   * epochs are bumped (ids are never sent from a playout).
   */
  quiet = false;
  /** See Ctx.explain: false only while legal actions are enumerated. */
  explain = true;
  /**
   * Scenarios only (`applyRigged`): outcomes the next `roll`/`random` draws take, in order,
   * instead of the RNG; null in play. `misfit` names the first one that did not fit its draw.
   */
  rigged: number[] | null = null;
  misfit: string | null = null;
  /** Steps this call may still spend (core/fuel.ts); refilled by begin and resume. */
  fuel = 0;

  private memoVer: number[] = [];
  private memoMe: number[] = [];
  private memoNow: number[] = [];
  private memoVal: unknown[] = [];
  /** Memos kept by their reads (`kept`): the line and the write clock each was computed at. */
  private memoLine: number[] = [];
  private memoAt: number[] = [];
  private readonly melds = new MeldCalls(this);

  /** Argument buffer of the action being checked (reused). */
  readonly args: number[] = [];
  /** 1 for parameters left out because their `if` condition is false. */
  readonly absent = new Uint8Array(16);
  /** Card lists of `cards` parameters, by parameter index (the handle). */
  readonly lists: number[][] = [];
  /** Where legal-action enumeration writes (reused; see legal.ts). */
  readonly sink: Sink;
  // The definition's hottest tables, one load away.
  private readonly faceKind: readonly number[];
  private readonly faceValues: readonly (readonly number[])[];
  private readonly sharedZone: Uint8Array;
  /** 1 for variables with a declared range (their writes are checked: core/var-range.ts). */
  private readonly ranged: Uint8Array;

  // Turn control requested by the running effect.
  fKeep = false;
  fEndTurn = false;
  fNextStep = false;
  fTurnTo = NONE;
  /** Rounds in a row whose every stage was skipped by its condition (flow/rounds.ts guard). */
  emptyRounds = 0;
  // Flow transitions requested (handled by flow/settle after the effect).
  rEndStage = false;
  rEndRound = false;
  rEndGame = false;

  constructor(given: GameDef) {
    // One object layout for every game's tables (core/uniform-def.ts): the hot reads stay monomorphic.
    const def = uniformDef(given);
    const c = compiled(def);
    super(def.zones.length, c.pileVarCount, def.vars.length, def.triggers.length);
    this.def = def;
    this.c = c;
    for (let i = 0; i < 16; i++) {
      this.args.push(NONE);
      this.lists.push([]);
    }
    let stride = 1;
    for (const a of def.actions) stride = Math.max(stride, a.params.length);
    this.sink = { mode: 0, wire: [], buffer: new LegalBuffer(stride), found: false };
    this.faceKind = def.faces.kind;
    this.faceValues = def.faces.values;
    this.sharedZone = Uint8Array.from(def.zones, (z) => (z.scope === 'shared' ? 1 : 0));
    this.ranged = Uint8Array.from(def.vars, (v) => (v.range === undefined ? 0 : 1));
  }

  /** Starts a call: a working copy when writable, the state itself when reading. */
  begin(state: GameState, now: number, writable: boolean): void {
    this.openCopy(state, writable);
    this.fuel = fuelOf(this.def);
    if (writable) this.openTriggers(state === this.settled);
    this.now = now;
    this.me = NONE;
    // A read cannot write, so it records no events: one shared frozen list (a push would throw).
    this.events = writable ? [] : NO_EVENTS;
    this.resetTurnFlags();
    this.rEndStage = this.rEndRound = this.rEndGame = false;
  }

  /**
   * Starts the next call on the same working copy (the fast path's in-place session): arrays
   * this engine already copied are written in place from now on, nothing is copied again.
   * Only for a working copy that nobody else holds (begun writable, never handed out).
   */
  resume(now: number): void {
    this.fuel = fuelOf(this.def);
    this.now = now;
    this.me = NONE;
    if (this.events.length !== 0) this.events.length = 0;
    this.resetTurnFlags();
    this.rEndStage = this.rEndRound = this.rEndGame = false;
  }

  resetTurnFlags(): void {
    this.fKeep = this.fEndTurn = this.fNextStep = false;
    this.fTurnTo = NONE;
  }

  step(): void {
    if (--this.fuel < 0) throw new BudgetExceeded(fuelOf(this.def));
  }

  spend(n: number): void {
    this.fuel -= n;
    if (this.fuel < 0) throw new BudgetExceeded(fuelOf(this.def));
  }

  hasFlowRequest(): boolean {
    return this.rEndStage || this.rEndRound || this.rEndGame;
  }

  // ---- options and variables -----------------------------------------------------------
  opt(option: number): number {
    return this.s.options[option];
  }
  g(v: number): number {
    return this.s.vars[this.s.varBase[v]];
  }
  setG(v: number, value: number): void {
    if (this.ranged[v] === 1) checkVarRange(this.def, this.s, v, NONE, value);
    this.markVar(v);
    this.wVars()[this.s.varBase[v]] = value;
  }
  pv(v: number, player: number): number {
    return player < 0 ? NONE : this.s.vars[this.s.varBase[v] + player];
  }
  setPv(v: number, player: number, value: number): void {
    if (player < 0) return;
    if (this.ranged[v] === 1) checkVarRange(this.def, this.s, v, player, value);
    this.markVar(v);
    this.wVars()[this.s.varBase[v] + player] = value;
  }
  sv(v: number, side: number): number {
    return side < 0 ? NONE : this.s.vars[this.s.varBase[v] + side];
  }
  setSv(v: number, side: number, value: number): void {
    if (side < 0) return;
    if (this.ranged[v] === 1) checkVarRange(this.def, this.s, v, side, value);
    this.markVar(v);
    this.wVars()[this.s.varBase[v] + side] = value;
  }
  zv(v: number, pile: number): number {
    return pile < 0 ? NONE : this.s.pileVars[this.s.varBase[v]][pile];
  }
  setZv(v: number, pile: number, value: number): void {
    if (pile < 0) return;
    if (this.ranged[v] === 1) checkVarRange(this.def, this.s, v, pile, value);
    this.markVar(v);
    this.wPileVar(this.s.varBase[v])[pile] = value;
  }

  // ---- seats -------------------------------------------------------------------------------
  players(): number {
    return this.s.players;
  }
  active(player: number): boolean {
    return player >= 0 && this.s.out[player] === 0;
  }
  sides(): number {
    return this.s.sides;
  }
  sideOf(player: number): number {
    return player < 0 ? NONE : this.s.sideOf[player];
  }
  sidePlayers(side: number): readonly number[] {
    const out: number[] = [];
    for (let p = 0; p < this.s.players; p++) if (this.s.sideOf[p] === side) out.push(p);
    return out;
  }
  hasRole(player: number, role: number): boolean {
    return player >= 0 && ((this.s.roles[player] >> role) & 1) === 1;
  }
  current(): number {
    return this.s.current;
  }
  dealer(): number {
    return this.s.dealer;
  }
  round(): number {
    return this.s.round;
  }
  /** The next active seat from p going in direction dir (p itself if nobody else is active). */
  seatAfter(player: number, dir: number): number {
    if (player < 0) return NONE;
    const n = this.s.players;
    let q = player;
    for (let i = 0; i < n; i++) {
      q = (q + dir + n) % n;
      if (this.s.out[q] === 0) return q;
    }
    return player;
  }
  nextAfter(player: number): number {
    return this.seatAfter(player, this.s.dir);
  }
  leftOf(player: number): number {
    return this.seatAfter(player, 1);
  }
  rightOf(player: number): number {
    return this.seatAfter(player, -1);
  }

  // ---- zones and cards -------------------------------------------------------------------
  zone(decl: number, owner?: number): number {
    const base = this.s.declBase[decl];
    if (base < 0) throw new Error(`internal: zone(${this.def.zones[decl].name}) is a piles family; use piles()`);
    if (this.sharedZone[decl] === 1) return base;
    if (owner === undefined || owner < 0) return NONE;
    return base + owner;
  }
  // A zone's, a family's or a parameter's list is what generated loops run over: each read spends
  // its length plus one (core/fuel.ts), so nested loops pay for every iteration.
  piles(decl: number): readonly number[] {
    const ps = this.s.families[decl];
    if ((this.fuel -= ps.length + 1) < 0) throw new BudgetExceeded(fuelOf(this.def));
    return ps;
  }
  cards(zone: number): readonly number[] {
    const cs = zone < 0 ? EMPTY : this.s.zones[zone];
    if ((this.fuel -= cs.length + 1) < 0) throw new BudgetExceeded(fuelOf(this.def));
    return cs;
  }
  cardsArg(handle: number): readonly number[] {
    const cs = handle < 0 ? EMPTY : this.lists[handle];
    if ((this.fuel -= cs.length + 1) < 0) throw new BudgetExceeded(fuelOf(this.def));
    return cs;
  }
  isRow(zone: number): boolean {
    return this.c.isRow[this.s.zoneDecl[zone]] === 1;
  }
  size(zone: number): number {
    return zone < 0 ? 0 : this.s.zones[zone].length;
  }
  count(zone: number): number {
    if (zone < 0) return 0;
    const a = this.s.zones[zone];
    if (!this.isRow(zone)) return a.length;
    let n = 0;
    for (let i = 0; i < a.length; i++) if (a[i] >= 0) n++;
    return n;
  }
  /** Index of the top card (last non-hole), -1 when empty. */
  topIndex(zone: number): number {
    const a = this.s.zones[zone];
    let i = a.length - 1;
    while (i >= 0 && a[i] < 0) i--;
    return i;
  }
  top(zone: number): number {
    if (zone < 0) return NONE;
    const i = this.topIndex(zone);
    return i < 0 ? NONE : this.s.zones[zone][i];
  }
  bottom(zone: number): number {
    if (zone < 0) return NONE;
    const a = this.s.zones[zone];
    for (let i = 0; i < a.length; i++) if (a[i] >= 0) return a[i];
    return NONE;
  }
  zoneOf(card: number): number {
    return card < 0 ? NONE : cardZoneOf(this.s, card);
  }
  positionOf(card: number): number {
    return card < 0 ? NONE : this.s.zones[cardZoneOf(this.s, card)].indexOf(card);
  }
  zoneOwner(zone: number): number {
    return zone < 0 ? NONE : this.s.zoneOwner[zone];
  }
  face(card: number): number {
    return card < 0 ? NONE : this.s.face[card];
  }
  kind(card: number): number {
    return card < 0 ? NONE : this.faceKind[this.s.face[card]];
  }
  attr(card: number, attr: number): number {
    return card < 0 ? NONE : this.faceValues[attr][this.s.face[card]];
  }
  cardOwner(card: number): number {
    return card < 0 ? NONE : this.s.owner[card];
  }
  /** Bitmask of viewers who see position idx of zone z now. */
  visibleMask(z: number, idx: number): number {
    return visibleMask(this, z, idx);
  }

  // ---- moving cards --------------------------------------------------------------------------
  move(card: number, to: number, pos?: 'top' | 'bottom' | number): void {
    if (card < 0 || to < 0) return;
    ops.moveCard(this, card, to, pos ?? 'top');
  }
  moveTop(from: number, to: number, pos?: 'top' | 'bottom' | number): void {
    if (from < 0 || to < 0) return;
    ops.ensure(this, from, 1);
    const c = this.top(from);
    if (c >= 0) ops.moveCard(this, c, to, pos ?? 'top');
  }
  moveN(n: number, from: number, to: number, oneByOne: boolean): void {
    ops.moveN(this, n, from, to, oneByOne);
  }
  moveAll(from: number, to: number): void {
    ops.moveAll(this, from, to);
  }
  newPile(family: number): number {
    return ops.newPile(this, family);
  }
  deal(n: number, from: number, toDecl: number, each: 'player' | 'side'): void {
    ops.deal(this, n, from, toDecl, each);
  }
  flip(from: number, to: number, at?: number, until?: (card: number) => boolean): void {
    ops.flip(this, from, to, at, until);
  }
  shuffle(zone: number): void {
    ops.shuffle(this, zone);
  }
  shuffleDeckInto(deck: number, side: number, zone: number): void {
    ops.shuffleDeckInto(this, deck, side, zone);
  }
  turnOver(from: number, to: number): void {
    ops.turnOver(this, from, to);
  }
  refillKeepingTop(to: number, from: number): void {
    ops.refillKeepingTop(this, to, from);
  }

  // ---- flow ------------------------------------------------------------------------------------
  endTurn(): void {
    this.fEndTurn = true;
  }
  keepTurn(): void {
    this.fKeep = true;
  }
  skipNext(): void {
    this.set('skips', this.s.skips + 1);
  }
  reverse(): void {
    this.set('dir', -this.s.dir);
  }
  turnTo(player: number): void {
    if (player >= 0) this.fTurnTo = player;
  }
  nextStep(): void {
    this.fNextStep = true;
  }
  openWindow(window: number): void {
    flow.openWindow(this, window);
  }
  closeWindow(): void {
    flow.closeWindow(this);
  }
  windowOpen(): boolean {
    return this.s.window >= 0;
  }
  pause(ms: number, cont: number, bound: number): void {
    flow.pause(this, ms, cont, bound);
  }
  endStage(): void {
    this.rEndStage = true;
  }
  endRound(): void {
    this.rEndRound = true;
  }
  endGame(): void {
    this.rEndGame = true;
  }
  announce(text: string): void {
    if (!this.quiet) this.events.push({ type: 'announce', text });
  }
  elapsed(): number {
    return this.now - (this.s.window >= 0 ? this.s.windowStart : this.s.stageStart);
  }

  // ---- chance ------------------------------------------------------------------------------------
  roll(die: number): number {
    const d = this.def.dice[die];
    let value: number;
    if (this.rigged !== null && this.rigged.length > 0) {
      value = this.rigged.shift()!;
      if (!d.faces.includes(value)) this.misfit ??= `${value} is not a face of die ${d.name}`;
    } else value = d.faces[nextInt(this.wRng(), d.faces.length)];
    if (!this.quiet) this.events.push({ type: 'roll', die: d.name, value });
    return value;
  }
  random(lo: number, hi: number): number {
    const a = Math.ceil(Math.min(lo, hi));
    const b = Math.floor(Math.max(lo, hi));
    if (this.rigged !== null && this.rigged.length > 0) {
      const v = this.rigged.shift()!;
      if (!(v >= a && v <= b)) this.misfit ??= `${v} is outside random ${a}..${b}`;
      return v;
    }
    return b <= a ? a : a + nextInt(this.wRng(), b - a + 1);
  }

  // ---- standard library (melds: see meld-calls.ts) ----------------------------------------------
  canMeldAll(cards: readonly number[], rules: number): boolean {
    return this.melds.canMeldAll(cards, rules);
  }
  canMeldAllWithout(cards: readonly number[], card: number, rules: number): boolean {
    return this.melds.canMeldAllWithout(cards, card, rules);
  }
  canGoOut(cards: readonly number[], rules: number, keep: number): boolean {
    return this.melds.canGoOut(cards, rules, keep);
  }
  unmeldedPoints(cards: readonly number[], rules: number): number {
    return this.melds.unmeldedPoints(cards, rules);
  }
  layMelds(cards: readonly number[], rules: number, into: number, best: boolean): void {
    this.melds.layMelds(cards, rules, into, best);
  }

  /**
   * A parameterless `define`'s value, computed once per state version, actor and time: a
   * define is a pure function of the state, `me` and `now`, and every write goes through the
   * engine (which bumps the version), so the cached value is the one it would compute.
   * `shared`: the define reads neither `me` nor the time, so one value serves every actor and
   * time of the version (Tiv-Miv's `targets`, asked for every seat's `canAct`).
   */
  memo<T>(slot: number, compute: (x: Ctx) => T, shared = false): T {
    // The version first, for every memo: a define asked per candidate hits here.
    if (this.memoVer[slot] === this.ver && (shared || (this.memoMe[slot] === this.me && this.memoNow[slot] === this.now))) return this.memoVal[slot] as T;
    return this.memoMiss(slot, compute, shared);
  }

  private memoMiss<T>(slot: number, compute: (x: Ctx) => T, shared: boolean): T {
    if (shared && slot < this.c.memoReads.length) {
      const reads = this.c.memoReads[slot];
      if (reads !== null) return this.kept(slot, reads, compute);
    }
    const value = compute(this);
    this.grow(slot);
    this.memoVer[slot] = this.ver;
    this.memoMe[slot] = this.me;
    this.memoNow[slot] = this.now;
    this.memoVal[slot] = value;
    return value;
  }

  /**
   * A shared memo whose value reads only `reads` (write channels, GameDef.memoReads), asked at a
   * new version: kept from the clock it was computed at until a write to one of them, across the
   * actions and calls of one line of states (working-copy.ts `line`), and then good for this
   * version too. Tiv-Miv's `targets` reads the centre pile only: a draw no longer recomputes it.
   */
  private kept<T>(slot: number, reads: Float64Array, compute: (x: Ctx) => T): T {
    if (slot < this.memoLine.length && this.memoLine[slot] === this.line && !readSince(this.chan, reads, this.memoAt[slot])) {
      this.memoVer[slot] = this.ver;
      return this.memoVal[slot] as T;
    }
    const value = compute(this);
    keptComputed++;
    this.grow(slot);
    this.memoVer[slot] = this.ver;
    this.memoLine[slot] = this.line;
    this.memoAt[slot] = this.clock;
    this.memoVal[slot] = value;
    return value;
  }

  private grow(slot: number): void {
    while (this.memoVer.length <= slot) {
      this.memoVer.push(-1);
      this.memoMe.push(NONE);
      this.memoNow.push(NaN);
      this.memoVal.push(undefined);
      this.memoLine.push(-1);
      this.memoAt.push(-1);
    }
  }

  show(card: number): string {
    return card < 0 ? 'none' : this.def.faces.notation[this.s.face[card]];
  }
  showValue(value: number, type: 'player' | 'side' | 'number' | 'bool' | { enumIndex: number }): string {
    if (type === 'number') return String(value);
    if (value < 0) return 'none';
    if (type === 'bool') return value !== 0 ? 'yes' : 'no';
    if (type === 'player') return `Player ${value + 1}`;
    if (type === 'side') return `Side ${value + 1}`;
    return this.def.enums[type.enumIndex].values[value] ?? String(value);
  }
}

let keptComputed = 0;

/** How many values of memos kept by their reads were computed since the process started (for the tests). */
export function keptMemoComputes(): number {
  return keptComputed;
}

const EMPTY: readonly number[] = Object.freeze([]);

const pool = new WeakMap<GameDef, Engine>();
// The definition asked last and its engine: a server or a loop asks the same game's engine five
// or six times per action (canAct per seat, the actions, apply), and a WeakMap lookup each time
// was 2 % of the public API's loop. Held strongly: one definition, which a loaded game keeps anyway.
let lastDef: GameDef | null = null;
let lastEngine: Engine | null = null;

/** The engine reused for a definition, or a fresh one when it is busy (nested use). */
export function engineFor(def: GameDef): Engine {
  let e = def === lastDef ? lastEngine : pool.get(def);
  if (e === undefined || e === null) {
    e = new Engine(def);
    pool.set(def, e);
  }
  lastDef = def;
  lastEngine = e;
  return e.busy ? new Engine(def) : e;
}
