// The runtime API that generated guards, effects and expressions call: one object per apply/tick.
//
// Generated code never touches `GameState` directly for anything with rules attached
// (moving cards, passing the turn, opening windows): it calls these methods, so the runtime
// keeps its indexes, events and invariants right. Reads of plain variables go through
// `g/pv/sv/zv` for the same reason (a single place to change the representation).
//
// Every value is a number (see game-def.ts): cards, zones, players, sides are indices, `none`
// is -1. Methods that take a zone take a zone *instance* (from `zone(decl, owner)`).

// Ctx names no GameDef (the definition's tables are the runtime's, reached through the engine:
// core/engine-parts.ts), so game-def.ts, whose compiled functions take a Ctx, is not imported back.
import type { GameState } from './state.ts';

export interface Ctx {
  /** The working copy of the state (mutated by effects, never the caller's object). */
  readonly s: GameState;
  /** The acting player, or -1 when the system acts (setup, timers, triggers). */
  readonly me: number;
  /** Logical time of this apply/tick in ms. */
  readonly now: number;
  /**
   * Whether a failing guard must say why (apply). False while legal actions are enumerated:
   * only pass/fail matters there, so generated guards return the shared `REJECTED` instead of
   * building a message.
   */
  readonly explain: boolean;
  /**
   * Whether this call records no events (the fast path, ISMCTS rollouts): generated code then
   * skips building an announcement whose sentence only reads the state.
   */
  readonly quiet: boolean;
  /**
   * Legal enumeration (ActionDef.legal): 1 at i while the candidate leaves parameter i out (its
   * `if` condition false, its argument -1). The runtime clears it before each action's call.
   */
  readonly absent: Uint8Array;

  /**
   * Spends one step of this call's fuel (core/fuel.ts): every generated loop iteration does;
   * throws BudgetExceeded past the game's budget.
   */
  step(): void;
  /** Spends n steps at once (`subsets of` n cards spends what building its 2^n lists costs). */
  spend(n: number): void;

  // ---- options and variables -------------------------------------------------------
  opt(option: number): number;
  g(v: number): number;
  setG(v: number, value: number): void;
  pv(v: number, player: number): number;
  setPv(v: number, player: number, value: number): void;
  sv(v: number, side: number): number;
  setSv(v: number, side: number, value: number): void;
  zv(v: number, pile: number): number;
  setZv(v: number, pile: number, value: number): void;

  // ---- seats -------------------------------------------------------------------------
  /** Number of seats (players are 0..players()-1). */
  players(): number;
  /**
   * Whether a player takes part in this round (false only for players sitting out a
   * `ties replay among tied` round): `each player`, `players` and turn order skip them.
   */
  active(player: number): boolean;
  sides(): number;
  sideOf(player: number): number;
  /** Players of a side, in seat order. */
  sidePlayers(side: number): readonly number[];
  hasRole(player: number, role: number): boolean;
  current(): number;
  dealer(): number;
  round(): number;
  /** The player after p in the direction of play. */
  nextAfter(player: number): number;
  /** Clockwise neighbour (left) and counter-clockwise (right), regardless of direction. */
  leftOf(player: number): number;
  rightOf(player: number): number;

  // ---- zones and cards -----------------------------------------------------------------
  /** Zone instance of a declared zone (owner: player or side for per-seat zones, else omitted). */
  zone(decl: number, owner?: number): number;
  /** Piles of a `piles` family, oldest first. */
  piles(decl: number): readonly number[];
  /**
   * Cards bottom→top (rows: slot order, empty slots are -1). A live view: copy it before
   * moving cards out of the zone while iterating over it.
   */
  cards(zone: number): readonly number[];
  /** The card list passed for a `cards` parameter (its argument is a handle). */
  cardsArg(handle: number): readonly number[];
  count(zone: number): number;
  /** `count` of a zone that is not a row (the codegen knows its declaration): its length, 0 for -1. */
  size(zone: number): number;
  top(zone: number): number;
  bottom(zone: number): number;
  zoneOf(card: number): number;
  positionOf(card: number): number;
  /** Owner of a per-seat zone instance (player/side), -1 for shared zones. */
  zoneOwner(zone: number): number;

  face(card: number): number;
  kind(card: number): number;
  attr(card: number, attr: number): number;
  /** The side whose deck the card belongs to (-1 for shared decks). */
  cardOwner(card: number): number;

  // ---- moving cards (each emits a move event, redacted per seat in views) ---------------
  /** pos: 'top' (default), 'bottom', or a slot index for rows. */
  move(card: number, to: number, pos?: 'top' | 'bottom' | number): void;
  /**
   * `move top of from to …`: the top card of `from`, refilling `from` first when it is empty
   * and declared `refill from … keeping top` (a plain `move(top(from), …)` would find it empty).
   * Nothing happens when there is still no card.
   */
  moveTop(from: number, to: number, pos?: 'top' | 'bottom' | number): void;
  /**
   * n cards from `from`'s top (fewer if it runs out after its `refill`); oneByOne reverses
   * their order (flipping a stack). Into a row, cards fill its empty slots left to right.
   */
  moveN(n: number, from: number, to: number, oneByOne: boolean): void;
  moveAll(from: number, to: number): void;
  newPile(family: number): number;
  /** Deal n (or all when n < 0) cards one at a time round robin to decl(each player/side), from the dealer's left. */
  deal(n: number, from: number, toDecl: number, each: 'player' | 'side'): void;
  /** Move the top card of `from` to `to` (at slot); with `until`, rebury failures at the bottom. */
  flip(from: number, to: number, at?: number, until?: (card: number) => boolean): void;
  shuffle(zone: number): void;
  /** Gather a deck's cards (for per-side decks: side s's; else side -1) from anywhere into a zone, then shuffle it. */
  shuffleDeckInto(deck: number, side: number, zone: number): void;
  turnOver(from: number, to: number): void;
  refillKeepingTop(to: number, from: number): void;

  // ---- flow ------------------------------------------------------------------------------
  endTurn(): void;
  keepTurn(): void;
  skipNext(): void;
  reverse(): void;
  turnTo(player: number): void;
  nextStep(): void;
  openWindow(window: number): void;
  closeWindow(): void;
  windowOpen(): boolean;
  /** Freeze all actions for ms, then run continuation `cont` with `bound`. */
  pause(ms: number, cont: number, bound: number): void;
  endStage(): void;
  endRound(): void;
  endGame(): void;
  announce(text: string): void;
  /** ms since the open window (else the stage) began. */
  elapsed(): number;

  // ---- chance ----------------------------------------------------------------------------
  roll(die: number): number;
  random(lo: number, hi: number): number;

  // ---- standard library ------------------------------------------------------------------
  canMeldAll(cards: readonly number[], rules: number): boolean;
  /**
   * `can_meld_all(cards without card, rules)`: the same answer, but a hand none of whose cards
   * can be left out is rejected by one memoised search (fast when asked for every card).
   */
  canMeldAllWithout(cards: readonly number[], card: number, rules: number): boolean;
  canGoOut(cards: readonly number[], rules: number, keep: number): boolean;
  unmeldedPoints(cards: readonly number[], rules: number): number;
  /** Lay melds (exact partition, or best = minimum leftover) of cards into a zone. */
  layMelds(cards: readonly number[], rules: number, into: number, best: boolean): void;

  /**
   * The value of a parameterless `define` (slot: its index in the module), computed at most
   * once per state version, `me` and `now` (per state version alone when `shared`: the define
   * reads neither `me` nor the time); the value must be treated as read-only.
   */
  memo<T>(slot: number, compute: (x: Ctx) => T, shared?: boolean): T;

  /** Renders a card's notation (`R5`) for sentences and announcements. */
  show(card: number): string;
  /** Renders any value of a known type for interpolation. */
  showValue(value: number, type: 'player' | 'side' | 'number' | 'bool' | { enumIndex: number }): string;
}
