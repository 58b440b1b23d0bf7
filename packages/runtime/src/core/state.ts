// The game state: one plain JSON-serialisable object of numbers and arrays (no Maps, no classes).
//
// Arrays that never change after setup (faces, owners, homes, keys …) are shared between
// successive states; every other array is copied on its first write inside an apply/tick
// (see Engine), so the caller's state is never mutated and a step copies only what it touches.
import type { RngState } from '../rng/index.ts';

/** How a finished game ended: normally, or stopped by the runtime's termination guards. */
export type EndedBy = 'end' | 'stuck';

export interface GameResult {
  /** Winning players (every player of a winning side), ascending. Empty when stuck. */
  winners: number[];
  /** Final score per player (a side's score for each of its players). */
  scores: number[];
  endedBy: EndedBy;
  /**
   * Why a stuck game stopped: `triggers` (no fixed point in 64 passes), `limit` (max moves) or
   * `range` (a timer or trigger after one wrote a variable outside its declared range).
   */
  reason?: 'triggers' | 'limit' | 'range';
}

export interface GameState {
  v: 1;
  game: string;
  players: number;
  sides: number;
  /** Option values by option index (enum ordinal, 0/1, ms …). */
  options: number[];
  rng: RngState;
  /** Termination guard: accepted actions + fired timers after which the game ends as stuck. */
  maxMoves: number;

  // ---- cards (fixed after setup) ----
  /** Card id → face index. Ids are a seeded permutation of the physical cards. */
  face: number[];
  /** Card id → side whose deck it belongs to (-1: a shared deck). */
  owner: number[];
  /** Card id → deck index. */
  deck: number[];
  /** Card id → home zone instance (where a family pile's cards return at a round's start). */
  home: number[];

  // ---- zones ----
  /** Zone instance → card ids bottom→top (rows: slots, -1 for a hole). */
  zones: number[][];
  /** Zone instance → declaration index. */
  zoneDecl: number[];
  /** Zone instance → owning player/side, -1 for shared zones and family piles. */
  zoneOwner: number[];
  /** Declaration → first instance (per-seat zones: + owner), -1 for `piles` families. */
  declBase: number[];
  /** Number of instances created at setup (family piles come after them). */
  staticZones: number;
  /** Declaration → its piles (only for `piles` families, oldest first; else []). */
  families: number[][];
  /**
   * Card id → zone instance, in chunks of CARD_CHUNK cards (`cardZoneOf`): a move copies the
   * moved card's chunk and the short list of chunks, not an entry per card of the game, so a
   * state kept after its action (by a room, until the next one) holds little of its own.
   */
  cardZone: number[][];

  // ---- variables ----
  /** Global, player and side variables, flat. */
  vars: number[];
  /** Variable → offset into `vars` (player/side vars: + seat), or pile-variable ordinal. */
  varBase: number[];
  /** Pile variable ordinal → value per zone instance. */
  pileVars: number[][];

  // ---- seats ----
  sideOf: number[];
  /** Role bitmask per player. */
  roles: number[];
  /** Per player 1 when sitting out this round (`ties replay among tied`). */
  out: number[];

  // ---- per-viewer opaque card ids (see views/view-ids.ts) ----
  /** 4 round keys per viewer (players, then the spectator). Never leaves the server. */
  keys: number[];
  /**
   * Per viewer and card, the epoch: bumped when the card enters a place that viewer cannot see.
   * Chunks of 16 cards, viewer-major (views/view-ids.ts `epochOf`), so a bump copies one chunk.
   */
  epochs: number[][];

  // ---- flow ----
  round: number;
  dealer: number;
  /** Position in `rounds.stages` of the running stage, -1 when none (game over). */
  stage: number;
  stageStart: number;
  /** Deadline of a `pause` stage, -1 otherwise. */
  stageDeadline: number;
  current: number;
  /** 1 clockwise (left), -1 counter-clockwise. */
  dir: number;
  step: number;
  /** Pending `skip next`s. */
  skips: number;
  window: number;
  /** 1 while the open window is blocking (stage timers are suspended then). */
  windowBlocking: number;
  windowStart: number;
  windowDeadline: number;
  turnDeadline: number;
  idleDeadline: number;
  /** A trigger's `pause d`: until when, and the continuation to run with its bound value. */
  pauseUntil: number;
  pauseCont: number;
  pauseBound: number;
  /** Serial of the current window/stage instance, for `once`. */
  scope: number;
  /** action × player → time of the last accepted one (-1: never), for `rate`. */
  rate: number[];
  /** action × player → scope in which it was done (-1: never), for `once`. */
  once: number[];

  accepted: number;
  /** Accepted actions plus fired timers (the termination guard counts these). */
  moves: number;
  lastAt: number;
  result: GameResult | null;
}

/** Card `c`'s chunk of `GameState.cardZone` is `c >> CARD_CHUNK_BITS`, its place in it `c & (CARD_CHUNK - 1)`. */
export const CARD_CHUNK_BITS = 4;
/** Cards per chunk of `GameState.cardZone`. */
export const CARD_CHUNK = 1 << CARD_CHUNK_BITS;

/** The zone instance card `card` is in. */
export function cardZoneOf(s: GameState, card: number): number {
  return s.cardZone[card >> CARD_CHUNK_BITS][card & (CARD_CHUNK - 1)];
}

/** Number of viewers with their own view ids: the players and the spectator (last). */
export function viewerCount(s: GameState): number {
  return s.players + 1;
}

/**
 * A shallow copy with every field written out: one object shape, so V8 builds it fast
 * (object spread of this many fields is several times slower). TypeScript checks that no
 * field is forgotten.
 */
export function shallowCopy(s: GameState): GameState {
  return {
    v: s.v,
    game: s.game,
    players: s.players,
    sides: s.sides,
    options: s.options,
    rng: s.rng,
    maxMoves: s.maxMoves,
    face: s.face,
    owner: s.owner,
    deck: s.deck,
    home: s.home,
    zones: s.zones,
    zoneDecl: s.zoneDecl,
    zoneOwner: s.zoneOwner,
    declBase: s.declBase,
    staticZones: s.staticZones,
    families: s.families,
    cardZone: s.cardZone,
    vars: s.vars,
    varBase: s.varBase,
    pileVars: s.pileVars,
    sideOf: s.sideOf,
    roles: s.roles,
    out: s.out,
    keys: s.keys,
    epochs: s.epochs,
    round: s.round,
    dealer: s.dealer,
    stage: s.stage,
    stageStart: s.stageStart,
    stageDeadline: s.stageDeadline,
    current: s.current,
    dir: s.dir,
    step: s.step,
    skips: s.skips,
    window: s.window,
    windowBlocking: s.windowBlocking,
    windowStart: s.windowStart,
    windowDeadline: s.windowDeadline,
    turnDeadline: s.turnDeadline,
    idleDeadline: s.idleDeadline,
    pauseUntil: s.pauseUntil,
    pauseCont: s.pauseCont,
    pauseBound: s.pauseBound,
    scope: s.scope,
    rate: s.rate,
    once: s.once,
    accepted: s.accepted,
    moves: s.moves,
    lastAt: s.lastAt,
    result: s.result,
  };
}
