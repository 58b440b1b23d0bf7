// The contract between a generated game module and the runtime: the game's own tables and compiled functions.
//
// A generated module (`games/<id>/generated/<id>.generated.ts`) exports one `GameDef`.
// Everything in it is this game's own: its option domains, card faces, zones, variables,
// stages, windows, actions (with compiled guards and effects), triggers and scoring.
// Everything that is the same for every game — turn order, windows and timers, races, views,
// replay, legal-action enumeration — is the runtime's, reached through `Ctx`.
//
// Representation rule: at run time every value is a number. Booleans are 0/1, enum values
// their ordinal, players/sides/cards/zones their index, durations milliseconds, and `none` is
// -1. This keeps states small, JSON-serialisable and fast to copy.

import type { Ctx } from './ctx.ts';

/** `none` for every optional value (card, player, enum …). */
export const NONE = -1;

/** A rejection: a namespaced code (`card/not_playable`) and a sentence for the player. */
export interface Rejection {
  code: string;
  message: string;
}

/** An option an author declared: every [A] decision of a spec becomes one. */
export interface OptionDef {
  name: string;
  description: string;
  /** `int` and `duration` (ms) use min/max; `enum` uses values; `bool` is 0/1. */
  kind: 'int' | 'duration' | 'bool' | 'enum';
  min?: number;
  max?: number;
  values?: readonly string[];
  /** Default, encoded as a number (enum ordinal, 0/1, ms). */
  default: number;
  /** Where the new-table form shows it: `basic` at once, `advanced` (also when absent) folded away. */
  group?: 'basic' | 'advanced';
}

export interface EnumDef {
  name: string;
  values: readonly string[];
  /** Symbol per value, used by card notation and on card faces. */
  symbols: readonly string[];
}

/** One attribute column of the face table. */
export interface AttrDef {
  name: string;
  /** Enum index into `GameDef.enums` when the attribute is an enum, else -1 (numeric). */
  enumIndex: number;
  /** Symbols for numeric values that have one (Five Crowns' 11 → "J"). */
  numberSymbols?: Readonly<Record<number, string>>;
}

/**
 * Every distinct card face of the game, as columns. A physical card is a face plus an
 * owner; many physical cards may share a face (two red 5s).
 */
export interface FaceTable {
  kinds: readonly string[];
  attrs: readonly AttrDef[];
  /** Face → kind index. */
  kind: readonly number[];
  /** values[attr][face] → value (enum ordinal or number), NONE if the kind lacks it. */
  values: readonly (readonly number[])[];
  /** Face → its card notation (`R5`, `9±3`, `K♠`); unique per face. */
  notation: readonly string[];
}

export type ZoneShape = 'pile' | 'fan' | 'row' | 'piles';
export type Visibility = 'visible' | 'top' | 'owner' | 'hidden' | 'count';

export interface ZoneDef {
  name: string;
  scope: 'shared' | 'player' | 'side';
  shape: ZoneShape;
  /** Fixed slot count for rows (empty slots hold NONE). */
  slots?: number;
  visibility: Visibility;
  /** `unless <cond>`: while it returns true, nobody sees faces in this zone. */
  hiddenWhen?: (x: Ctx) => boolean;
  /**
   * `refill from <zone> keeping top` (shared piles only): the declaration index of the
   * shared pile whose cards but its top are moved in and shuffled whenever a move needs more
   * cards than this pile holds.
   */
  refill?: number;
}

/** A variable's range bound: a number, or the value of an option (`0..hand_size`). */
export type VarBound = number | { option: number };

export interface VarDef {
  name: string;
  scope: 'global' | 'player' | 'side' | 'pile';
  /**
   * The declared type, for clients (the value itself is always a number): `number`, `bool`,
   * `duration`, `player`, `side`, `card`, `pile`, `enum:<EnumName>`, `<type>?` when it may be
   * `none`, `[<type>]` for a list.
   */
  type?: string;
  /** Initial value (evaluated at game start; options are available). */
  init: (x: Ctx) => number;
  /**
   * The declared integer range (`0..13`, `0..hand_size`): a write outside it is rejected
   * `var/out_of_range` (core/var-range.ts). Absent: any value.
   */
  range?: readonly [VarBound, VarBound];
}

/** A deck line expanded by the generator: `count` copies of each face, times `repeat`. */
export interface DeckDef {
  name: string;
  perSide: boolean;
  /**
   * Declaration index of the zone the deck's cards start in and return to when `piles`
   * families are emptied at a round's start: the first zone the deck is shuffled into, else
   * the game's first shared pile. For a per-side deck it is a per-side zone (side s's cards
   * live in `zone(home, s)`).
   */
  home: number;
  /** Faces and their multiplicity for the given options (e.g. `box × boxes`). */
  build: (x: Ctx) => readonly number[];
}

export interface DieDef {
  name: string;
  /** Face values (enum ordinals or numbers), each equally likely. */
  faces: readonly number[];
  /** The enum (`EnumDef.name`) whose ordinals the faces are, when they are an enum's values. */
  enum?: string;
}

export interface MeldRulesDef {
  name: string;
  minSize: number;
  minRank: number;
  maxRank: number;
  books: boolean;
  runs: boolean;
  allWildMeld: boolean;
  /** `all wild allowed when <cond>`: all-wild melds count only while this holds. */
  allWildWhen?: (x: Ctx) => boolean;
  /** Attribute indices the solver reads. */
  rankAttr: number;
  suitAttr: number;
  isWild: (x: Ctx, card: number) => boolean;
  points: (x: Ctx, card: number) => number;
}

/** Who may perform an action. */
export type Who =
  | { kind: 'current' }
  | { kind: 'any'; except?: (x: Ctx) => number }
  /** `when`: the role is required only while it holds (`by player with role r if cond`); else anyone may act. */
  | { kind: 'role'; role: number; when?: (x: Ctx) => boolean };

export type ParamDef =
  | { name: string; kind: 'card'; zone: (x: Ctx) => number; where?: (x: Ctx, a: number[]) => boolean; when?: (x: Ctx, a: number[]) => boolean }
  /**
   * A list of cards: the argument is a handle, read with `Ctx.cardsArg(a[i])`. With `count`
   * (`3 cards in …`, `1..3 cards in …`) a counted choice: never enumerated as every subset (see
   * core/choice.ts); without it every subset of a zone of at most 8 cards (MAX_SUBSET_ZONE).
   * `where` judges each candidate card, put in `a[i]` while it is asked.
   */
  | { name: string; kind: 'cards'; zone: (x: Ctx) => number; count?: { min: number; max: number }; where?: (x: Ctx, a: number[]) => boolean; when?: (x: Ctx, a: number[]) => boolean }
  | { name: string; kind: 'pile'; family: number; orNew: boolean; when?: (x: Ctx, a: number[]) => boolean }
  | { name: string; kind: 'enum'; enumIndex: number; when?: (x: Ctx, a: number[]) => boolean }
  | { name: string; kind: 'bool'; when?: (x: Ctx, a: number[]) => boolean }
  | { name: string; kind: 'int'; min: number; max: number; when?: (x: Ctx, a: number[]) => boolean }
  | { name: string; kind: 'player'; when?: (x: Ctx, a: number[]) => boolean };

/**
 * Value of a `pile … or new` parameter meaning "a new pile": it is `none`, in guards and in
 * effects alike (the rule file creates the pile itself with `new pile in f`, as in
 * `let q = if p == none then new pile in centre else p`).
 */
export const NEW_PILE = NONE;

export interface ActionDef {
  name: string;
  who: Who;
  /** Stage, step and window names where the action exists (empty: every stage). */
  during: readonly string[];
  params: readonly ParamDef[];
  /** Index of the parameter (or -2 for `racesZone`) whose zone the action races on. */
  races?: number;
  racesZone?: (x: Ctx, a: number[]) => number;
  /** `rate d` in ms: a constant, or read from the table (`rate roll_rate`, an option). */
  rate?: number | ((x: Ctx) => number);
  once?: boolean;
  /**
   * `by turn timer`: performed only by the stage's turn timer, for the current player (`who`
   * is `current`). It is never a legal action of any seat, and `apply` rejects it
   * (`turn/not_yours`).
   */
  byTimer?: boolean;
  /** The `require` statements: the first failing one's rejection, or null. */
  guard: (x: Ctx, a: number[]) => Rejection | null;
  /**
   * How many leading parameters the guard reads (codegen: 1 + the last one its requires
   * name; 0 when none). Legal-action enumeration checks the guard as soon as those are
   * chosen, once for every choice of the others. Absent: it may read them all.
   */
  guardArity?: number;
  /**
   * The action's legal candidates for `x.me`, enumerated by code generated for it (issue 24):
   * each written to `a` and handed to `out.emit(x, actionIndex)`, in the order of the generic
   * walk; returns true once `out` asks to stop. Availability and limits are checked before.
   * Absent: the runtime walks the parameter domains and calls the guard (core/legal.ts, the
   * reference the generated enumeration is tested against).
   */
  legal?: (x: Ctx, a: number[], out: LegalOut) => boolean;
  effect: (x: Ctx, a: number[]) => void;
}

/** Where a generated enumeration puts each legal candidate; true asks it to stop. */
export interface LegalOut {
  emit(x: Ctx, ai: number): boolean;
}

export type StageDef =
  | {
      name: string;
      kind: 'turns';
      /** First player of the stage. */
      first: (x: Ctx) => number;
      steps: readonly string[];
      /** `steps a, b if c`: each step's condition (null: always); a step whose condition is false is skipped. */
      stepWhen?: readonly (((x: Ctx) => boolean) | null)[];
      turnTimer?: { ms: (x: Ctx) => number; action: string };
    }
  | { name: string; kind: 'realtime'; idle?: { ms: (x: Ctx) => number; on: readonly string[]; effect: (x: Ctx) => void } }
  | { name: string; kind: 'pause'; ms: (x: Ctx) => number };

export interface WindowDef {
  name: string;
  blocking: boolean;
  /** Duration in ms, or undefined (or a result of NONE) for a window closed only by an action. */
  ms?: (x: Ctx) => number;
  onTimeout?: (x: Ctx) => void;
}

export interface TriggerDef {
  name: string;
  /** Stages (empty: any) in which the trigger is live. */
  during: readonly string[];
  /** Returns the bound value (player, side, card … ≥ 0), 0 for a plain true, or NONE when false. */
  test: (x: Ctx) => number;
  effect: (x: Ctx, bound: number) => void;
  /**
   * What the test reads (from the codegen): the runtime re-tests the trigger only after a write
   * there since it last tested false (core/trigger-reads.ts). Undefined: after every action
   * (a test that reads the actor, the time or chance, or a definition built by hand).
   */
  reads?: TriggerReads;
}

/** A trigger test's read set; every property always present (see TriggerDef.reads). */
export interface TriggerReads {
  /** Zone declarations whose cards it reads (any instance). */
  zones: readonly number[];
  /** Variables (any scope) it reads. */
  vars: readonly number[];
  /** Who sits out (`players`/`sides` as loop sources). */
  seats: boolean;
  /** The current player. */
  current: boolean;
  /** Where any card is (`position of`). */
  anyZone: boolean;
  /** Dealer, direction. */
  flow: boolean;
}

export interface RoundsDef {
  /** Number of rounds, or undefined when `until` decides. */
  count?: (x: Ctx) => number;
  /** Checked after each round's scoring: true ends the game. */
  until?: (x: Ctx) => boolean;
  /** `until`'s condition as the rule file writes it (one line), for readers such as the rules panel. */
  untilText?: string;
  /** Names and computations of per-round values (global vars recomputed at each round start). */
  values: readonly { varIndex: number; compute: (x: Ctx) => number }[];
  /** `firstIf` (`dealer random if <cond>`): `first` applies only while it holds, else the other way. */
  dealer: { first: 'random' | 'first'; rotate: 'left' | 'right' | 'fixed'; firstIf?: (x: Ctx) => boolean };
  setup: (x: Ctx) => void;
  stages: readonly number[];
  /**
   * `stages a if c, b`: each stage's condition (null: always), aligned with `stages`, read when
   * the stage's turn comes; a stage whose condition is false is skipped.
   */
  stageWhen?: readonly (((x: Ctx) => boolean) | null)[];
  scoring?: (x: Ctx) => void;
}

export interface WinnerDef {
  by: 'lowest' | 'highest';
  /** The ranked quantity per player (defaults to score). */
  value: (x: Ctx, player: number) => number;
  /**
   * `ties shared` is `{ replay: false, amongTied: false }`. `ties replay [among tied] [if c]`:
   * when the best value is shared (by players of different sides) another round is played,
   * only by the tied players when `amongTied` (the others sit out: `Ctx.active`), and only if
   * `when` holds (else the win is shared).
   */
  ties: { replay: boolean; amongTied: boolean; when?: (x: Ctx) => boolean };
}

/** `constraint <cond> "sentence"`: checked at set-up; a failure is `setup/invalid`. */
export interface ConstraintDef {
  test: (x: Ctx) => boolean;
  message: string;
}

export interface SidesDef {
  /** Player count → side of each player, and role mask of each player. */
  assign: (players: number) => { sideOf: number[]; roles: number[] };
  roles: readonly string[];
}

/** Optional client hints; the web client renders any game from these. */
export interface LayoutDef {
  colours: Readonly<Record<string, string>>;
  cards: Readonly<Record<string, { fill?: readonly string[]; corner?: string; centre?: string }>>;
  places: readonly { zone: string; of: 'me' | 'others' | 'shared'; at: 'bottom' | 'top' | 'centre' | 'around' | 'side' }[];
  /** A symbol per colour (`colours { red "#c00" symbol "●" }`), drawn on cards for colour-blind play. */
  symbols?: Readonly<Record<string, string>>;
  /** Readable names (`names { go_wacky "Go Wacky!" }`) of enum values, actions, zones, kinds, stages, windows. */
  names?: Readonly<Record<string, string>>;
}

/** Everything a generated module exports about its game. */
export interface GameDef {
  id: string;
  title: string;
  summary: string;
  minPlayers: number;
  maxPlayers: number;
  options: readonly OptionDef[];
  /** Set-up constraints (players and options known), checked in order. */
  constraints?: readonly ConstraintDef[];
  enums: readonly EnumDef[];
  faces: FaceTable;
  decks: readonly DeckDef[];
  zones: readonly ZoneDef[];
  vars: readonly VarDef[];
  /** Index of the implicit `score` variable in `vars`. */
  scoreVar: number;
  dice: readonly DieDef[];
  melds: readonly MeldRulesDef[];
  sides?: SidesDef;
  rounds: RoundsDef;
  stages: readonly StageDef[];
  windows: readonly WindowDef[];
  actions: readonly ActionDef[];
  beforeTurnAction?: (x: Ctx) => void;
  triggers: readonly TriggerDef[];
  /** `pause d` splits a trigger block: the rest of the block runs from here after d. */
  continuations: readonly ((x: Ctx, bound: number) => void)[];
  /**
   * Per `Ctx.memo` slot, what the memoised value reads (from the codegen, as TriggerDef.reads): a
   * shared memo whose slot has a read set is kept until a write there, across actions and calls
   * on the states that follow from one another; undefined (the slot's or the table's): per state
   * version as before.
   */
  memoReads?: readonly (TriggerReads | undefined)[];
  winner: WinnerDef;
  layout: LayoutDef;
  /**
   * Steps one engine call may spend (core/fuel.ts): set by the host (`setFuel`), never by the
   * generated module; absent is SHIPPED_FUEL.
   */
  fuel?: number;
}
