// The Engine: the one object that implements Ctx over a working copy of the state.
//
// `begin` makes a shallow copy of the caller's state; every array is copied on its first
// write in this call (copy-on-write stamps), so an apply copies only what it touches and the
// caller's state is never mutated. In read mode (legal actions, views) the caller's state is
// used directly and any write is an internal bug.
import { cloneRng, nextInt, type RngState } from '../rng/index.ts';
import { bestLaydown, goOut, partitionExact, type MeldCard, type MeldRules } from '../stdlib/index.ts';
import { compiled, type Compiled } from './compiled.ts';
import { LegalBuffer, type Sink } from './legal.ts';
import type { Ctx } from './ctx.ts';
import type { GameEvent } from './events.ts';
import { NONE, type GameDef } from './game-def.ts';
import { shallowCopy, type GameState } from './state.ts';
import * as ops from '../zones/ops.ts';
import { visibleMask } from '../zones/visibility.ts';
import * as flow from '../flow/control.ts';

const OWN_ZONES = 1;
const OWN_CARDZONE = 2;
const OWN_VARS = 4;
const OWN_PILEVARS = 8;
const OWN_FAMILIES = 16;
const OWN_RATE = 32;
const OWN_ONCE = 64;
const OWN_EPOCHS = 128;
const OWN_RNG = 256;
const OWN_META = 512;
const OWN_OUT = 1024;

export class Engine implements Ctx {
  readonly def: GameDef;
  readonly c: Compiled;
  s!: GameState;
  me = NONE;
  now = 0;
  /** Events of this call, in order (a fresh array per call). */
  events: GameEvent[] = [];
  /** Whether an apply/tick is running on this engine (nested use gets another engine). */
  busy = false;
  /**
   * Fast path only (`randomPlayout`): nobody listens, so no move/action/announce/roll events
   * are built and no view-id epochs are bumped (ids are never sent from a playout).
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

  private writable = false;
  private gen = 1;
  /** Write version: bumped by every new call and every write access (see memo). */
  private ver = 0;
  private memoVer: number[] = [];
  private memoMe: number[] = [];
  private memoNow: number[] = [];
  private memoVal: unknown[] = [];
  private own = 0;
  private zoneStamp = new Int32Array(64);
  private familyStamp: Int32Array;
  private pileVarStamp: Int32Array;
  private epochStamp = new Int32Array(32);
  /** The last hand asked about in canMeldAllWithout (rank, suit, wild, points per card) and whether one card can be left out. */
  private leaveOneKey: number[] = [];
  private leaveOneIds: number[] = [];
  private leaveOneVer = -1;
  private leaveOneMe = NONE;
  private leaveOneNow = NaN;
  private leaveOneRules = NONE;
  private leaveOneAllWild = false;
  private leaveOne = false;

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

  // Turn control requested by the running effect.
  fKeep = false;
  fEndTurn = false;
  fNextStep = false;
  fTurnTo = NONE;
  // Flow transitions requested (handled by flow/settle after the effect).
  rEndStage = false;
  rEndRound = false;
  rEndGame = false;

  constructor(def: GameDef) {
    this.def = def;
    this.c = compiled(def);
    this.familyStamp = new Int32Array(Math.max(1, def.zones.length));
    this.pileVarStamp = new Int32Array(Math.max(1, this.c.pileVarCount));
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
  }

  /** Starts a call: a working copy when writable, the state itself when reading. */
  begin(state: GameState, now: number, writable: boolean): void {
    this.writable = writable;
    this.s = writable ? shallowCopy(state) : state;
    this.now = now;
    this.me = NONE;
    this.events = [];
    this.ver++;
    this.own = 0;
    this.gen++;
    this.resetTurnFlags();
    this.rEndStage = this.rEndRound = this.rEndGame = false;
  }

  /**
   * Starts the next call on the same working copy (the fast path's in-place session): arrays
   * this engine already copied are written in place from now on, nothing is copied again.
   * Only for a working copy that nobody else holds (begun writable, never handed out).
   */
  resume(now: number): void {
    this.now = now;
    this.me = NONE;
    if (this.events.length !== 0) this.events.length = 0;
    this.ver++;
    this.resetTurnFlags();
    this.rEndStage = this.rEndRound = this.rEndGame = false;
  }

  resetTurnFlags(): void {
    this.fKeep = this.fEndTurn = this.fNextStep = false;
    this.fTurnTo = NONE;
  }

  hasFlowRequest(): boolean {
    return this.rEndStage || this.rEndRound || this.rEndGame;
  }

  // ---- copy-on-write -----------------------------------------------------------------
  private mustWrite(): void {
    if (!this.writable) throw new Error('internal: write to the state in a read-only evaluation');
  }
  wZones(): number[][] {
    this.ver++;
    if ((this.own & OWN_ZONES) === 0) {
      this.mustWrite();
      this.s.zones = this.s.zones.slice();
      this.own |= OWN_ZONES;
    }
    return this.s.zones;
  }
  wZone(z: number): number[] {
    if (z >= this.zoneStamp.length) {
      const grown = new Int32Array(Math.max(z + 1, this.zoneStamp.length * 2));
      grown.set(this.zoneStamp);
      this.zoneStamp = grown;
    }
    const zones = this.wZones();
    if (this.zoneStamp[z] !== this.gen) {
      zones[z] = zones[z].slice();
      this.zoneStamp[z] = this.gen;
    }
    return zones[z];
  }
  /** Adds a zone instance whose array is owned by this call. */
  pushZone(decl: number, owner: number): number {
    const zones = this.wZones();
    const meta = this.wMeta();
    const z = zones.length;
    zones.push([]);
    meta.zoneDecl.push(decl);
    meta.zoneOwner.push(owner);
    this.wZone(z);
    return z;
  }
  wMeta(): { zoneDecl: number[]; zoneOwner: number[] } {
    this.ver++;
    if ((this.own & OWN_META) === 0) {
      this.mustWrite();
      this.s.zoneDecl = this.s.zoneDecl.slice();
      this.s.zoneOwner = this.s.zoneOwner.slice();
      this.own |= OWN_META;
    }
    return this.s;
  }
  wCardZone(): number[] {
    this.ver++;
    if ((this.own & OWN_CARDZONE) === 0) {
      this.mustWrite();
      this.s.cardZone = this.s.cardZone.slice();
      this.own |= OWN_CARDZONE;
    }
    return this.s.cardZone;
  }
  wVars(): number[] {
    this.ver++;
    if ((this.own & OWN_VARS) === 0) {
      this.mustWrite();
      this.s.vars = this.s.vars.slice();
      this.own |= OWN_VARS;
    }
    return this.s.vars;
  }
  wPileVar(k: number): number[] {
    this.ver++;
    if ((this.own & OWN_PILEVARS) === 0) {
      this.mustWrite();
      this.s.pileVars = this.s.pileVars.slice();
      this.own |= OWN_PILEVARS;
    }
    if (this.pileVarStamp[k] !== this.gen) {
      this.s.pileVars[k] = this.s.pileVars[k].slice();
      this.pileVarStamp[k] = this.gen;
    }
    return this.s.pileVars[k];
  }
  wFamily(decl: number): number[] {
    this.ver++;
    if ((this.own & OWN_FAMILIES) === 0) {
      this.mustWrite();
      this.s.families = this.s.families.slice();
      this.own |= OWN_FAMILIES;
    }
    if (this.familyStamp[decl] !== this.gen) {
      this.s.families[decl] = this.s.families[decl].slice();
      this.familyStamp[decl] = this.gen;
    }
    return this.s.families[decl];
  }
  wRate(): number[] {
    this.ver++;
    if ((this.own & OWN_RATE) === 0) {
      this.mustWrite();
      this.s.rate = this.s.rate.slice();
      this.own |= OWN_RATE;
    }
    return this.s.rate;
  }
  wOnce(): number[] {
    this.ver++;
    if ((this.own & OWN_ONCE) === 0) {
      this.mustWrite();
      this.s.once = this.s.once.slice();
      this.own |= OWN_ONCE;
    }
    return this.s.once;
  }
  wOut(): number[] {
    this.ver++;
    if ((this.own & OWN_OUT) === 0) {
      this.mustWrite();
      this.s.out = this.s.out.slice();
      this.own |= OWN_OUT;
    }
    return this.s.out;
  }
  wEpochs(viewer: number): number[] {
    this.ver++;
    if ((this.own & OWN_EPOCHS) === 0) {
      this.mustWrite();
      this.s.epochs = this.s.epochs.slice();
      this.own |= OWN_EPOCHS;
    }
    if (viewer >= this.epochStamp.length) {
      const grown = new Int32Array(viewer + 1);
      grown.set(this.epochStamp);
      this.epochStamp = grown;
    }
    if (this.epochStamp[viewer] !== this.gen) {
      this.s.epochs[viewer] = this.s.epochs[viewer].slice();
      this.epochStamp[viewer] = this.gen;
    }
    return this.s.epochs[viewer];
  }
  wRng(): RngState {
    this.ver++;
    if ((this.own & OWN_RNG) === 0) {
      this.mustWrite();
      this.s.rng = cloneRng(this.s.rng);
      this.own |= OWN_RNG;
    }
    return this.s.rng;
  }
  /** Writes a scalar field of the state (the working copy is already a shallow copy). */
  set<K extends keyof GameState>(key: K, value: GameState[K]): void {
    this.mustWrite();
    this.ver++;
    this.s[key] = value;
  }

  /** Counts a performed action (`accepted`: a player's, else a turn timer's) at this time. */
  countAction(accepted: boolean): void {
    this.mustWrite();
    this.ver++;
    const s = this.s;
    if (accepted) {
      s.accepted++;
      s.moves++;
    }
    s.lastAt = this.now;
  }

  // ---- options and variables -----------------------------------------------------------
  opt(option: number): number {
    return this.s.options[option];
  }
  g(v: number): number {
    return this.s.vars[this.s.varBase[v]];
  }
  setG(v: number, value: number): void {
    this.wVars()[this.s.varBase[v]] = value;
  }
  pv(v: number, player: number): number {
    return player < 0 ? NONE : this.s.vars[this.s.varBase[v] + player];
  }
  setPv(v: number, player: number, value: number): void {
    if (player >= 0) this.wVars()[this.s.varBase[v] + player] = value;
  }
  sv(v: number, side: number): number {
    return side < 0 ? NONE : this.s.vars[this.s.varBase[v] + side];
  }
  setSv(v: number, side: number, value: number): void {
    if (side >= 0) this.wVars()[this.s.varBase[v] + side] = value;
  }
  zv(v: number, pile: number): number {
    return pile < 0 ? NONE : this.s.pileVars[this.s.varBase[v]][pile];
  }
  setZv(v: number, pile: number, value: number): void {
    if (pile >= 0) this.wPileVar(this.s.varBase[v])[pile] = value;
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
  piles(decl: number): readonly number[] {
    return this.s.families[decl];
  }
  cards(zone: number): readonly number[] {
    return zone < 0 ? EMPTY : this.s.zones[zone];
  }
  cardsArg(handle: number): readonly number[] {
    return handle < 0 ? EMPTY : this.lists[handle];
  }
  isRow(zone: number): boolean {
    return this.c.isRow[this.s.zoneDecl[zone]] === 1;
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
    return card < 0 ? NONE : this.s.cardZone[card];
  }
  positionOf(card: number): number {
    return card < 0 ? NONE : this.s.zones[this.s.cardZone[card]].indexOf(card);
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

  // ---- standard library ------------------------------------------------------------------------------
  private meldInput(cards: readonly number[], rules: number): { mc: MeldCard[]; r: MeldRules } {
    const m = this.def.melds[rules];
    const mc: MeldCard[] = [];
    for (const card of cards) {
      mc.push({ rank: this.attr(card, m.rankAttr), suit: this.attr(card, m.suitAttr), wild: m.isWild(this, card), points: m.points(this, card) });
    }
    const allWildMeld = m.allWildMeld && (m.allWildWhen === undefined || m.allWildWhen(this));
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
    // Within one state version (one enumeration) the same cards give the same answer.
    if (this.leaveOneVer === this.ver && this.leaveOneMe === this.me && this.leaveOneNow === this.now && rules === this.leaveOneRules && sameIds(list, this.leaveOneIds)) return this.leaveOne;
    this.leaveOneVer = this.ver;
    this.leaveOneMe = this.me;
    this.leaveOneNow = this.now;
    this.leaveOneIds = list.slice();
    const m = this.def.melds[rules];
    const allWild = m.allWildMeld && (m.allWildWhen === undefined || m.allWildWhen(this));
    const key = this.leaveOneKey;
    let same = rules === this.leaveOneRules && allWild === this.leaveOneAllWild && key.length === 4 * list.length;
    for (let i = 0; same && i < list.length; i++) {
      const c = list[i];
      same = this.attr(c, m.rankAttr) === key[4 * i] && this.attr(c, m.suitAttr) === key[4 * i + 1] &&
        (m.isWild(this, c) ? 1 : 0) === key[4 * i + 2] && m.points(this, c) === key[4 * i + 3];
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
    const list = cards.slice();
    const { mc, r } = this.meldInput(list, rules);
    const melds = best ? bestLaydown(mc, r).melds : partitionExact(mc, r);
    if (melds === null) return;
    for (const meld of melds) for (const i of meld.cards) this.move(list[i], into, 'top');
  }

  /**
   * A parameterless `define`'s value, computed once per state version, actor and time: a
   * define is a pure function of the state, `me` and `now`, and every write goes through the
   * engine (which bumps the version), so the cached value is the one it would compute.
   */
  memo<T>(slot: number, compute: (x: Ctx) => T): T {
    if (this.memoVer[slot] === this.ver && this.memoMe[slot] === this.me && this.memoNow[slot] === this.now) return this.memoVal[slot] as T;
    const value = compute(this);
    while (this.memoVer.length <= slot) {
      this.memoVer.push(-1);
      this.memoMe.push(NONE);
      this.memoNow.push(NaN);
      this.memoVal.push(undefined);
    }
    this.memoVer[slot] = this.ver;
    this.memoMe[slot] = this.me;
    this.memoNow[slot] = this.now;
    this.memoVal[slot] = value;
    return value;
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

const EMPTY: readonly number[] = Object.freeze([]);

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const pool = new WeakMap<GameDef, Engine>();

/** The engine reused for a definition, or a fresh one when it is busy (nested use). */
export function engineFor(def: GameDef): Engine {
  let e = pool.get(def);
  if (e === undefined) {
    e = new Engine(def);
    pool.set(def, e);
  }
  return e.busy ? new Engine(def) : e;
}
