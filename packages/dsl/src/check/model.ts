// The checked model: what the checker learns about a rule file, and all the code generator reads.
//
// The checker (passes under src/check/) resolves every name, types every expression and
// expands the declarations into indexed tables in the order the runtime will use them. The
// code generator (src/codegen/) never re-resolves anything: it walks the AST and asks this
// model what each name refers to (`refs`) and what type each expression has (`types`).
//
// Indices here are the runtime indices: `OptionInfo.index` is the option's index in
// `GameDef.options`, `VarInfo.index` the variable's index in `GameDef.vars`, and so on.

import type * as A from '../ast/index.ts';

/** The value types of the expression language. `error` marks an expression already reported. */
export type Type =
  | { t: 'number' }
  | { t: 'bool' }
  | { t: 'duration' }
  | { t: 'string' }
  | { t: 'player' }
  | { t: 'side' }
  | { t: 'card' }
  /** (added) A card face written in the game's notation (`'R5'`): compared with cards by face. */
  | { t: 'face' }
  | { t: 'pile' }
  /** A zone instance; `decl` is the declared zone's name when statically known. */
  | { t: 'zone'; decl: string | null }
  /** The `piles` family itself (`centre` in `pile in centre or new`). */
  | { t: 'family'; decl: string }
  | { t: 'enum'; name: string }
  | { t: 'list'; of: Type }
  | { t: 'optional'; of: Type }
  | { t: 'none' }
  | { t: 'deck'; name: string }
  | { t: 'die'; name: string }
  | { t: 'meld_rules'; name: string }
  | { t: 'error' };

export interface EnumInfo {
  name: string;
  index: number;
  values: string[];
  symbols: string[];
  /** null for an enum made from an inline union (`figure: plus2 | stop`); it is named after the attribute, capitalised (`Figure`). */
  decl: A.EnumDecl | null;
}

export interface AttrInfo {
  name: string;
  index: number;
  /** Enum name, or null when numeric. */
  enumName: string | null;
  /** The values a numeric attribute may take (union of all kinds' domains), sorted. */
  numbers: number[];
  numberSymbols: Record<number, string>;
}

export interface KindInfo {
  name: string;
  index: number;
  /** Attribute indices this kind has, in declaration order. */
  attrs: number[];
  decl: A.CardDecl;
}

/** One distinct card face: a kind and a value per attribute (NONE = -1 where the kind lacks it). */
export interface FaceInfo {
  index: number;
  kind: number;
  values: number[];
  notation: string;
}

export interface OptionInfo {
  name: string;
  index: number;
  type: Type;
  kind: 'int' | 'duration' | 'bool' | 'enum';
  min?: number;
  max?: number;
  /** For enum options: the enum's name (inline unions get an enum named after the option). */
  enumName?: string;
  default: number;
  description: string;
  /** The new-table form's group (`option … basic`); absent: advanced. */
  group?: 'basic' | 'advanced';
  decl: A.OptionDecl;
}

export interface VarInfo {
  name: string;
  index: number;
  scope: 'global' | 'player' | 'side' | 'pile';
  type: Type;
  /** The declaration; a round value (`value dealt = …`) is a global var with `roundValue` set. */
  decl: A.VarDecl | null;
  roundValue: A.RoundValue | null;
  /** True for the implicit `score` variable. */
  implicit: boolean;
}

export interface ZoneInfo {
  name: string;
  index: number;
  scope: 'shared' | 'player' | 'side';
  shape: 'pile' | 'fan' | 'row' | 'piles';
  decl: A.ZoneDecl;
  /** (added) Runtime visibility, as `ZoneDef.visibility` spells it (`visible top` → `top`). */
  visibility: 'visible' | 'top' | 'owner' | 'hidden' | 'count';
  /** (added) Fixed slot count of a `row N` (a literal or an option's default), else null. */
  slots: number | null;
  /** (added) `refill from z keeping top`: the index of zone z, else null. */
  refill: number | null;
}

/**
 * (added) One deck line: `count × Kind [where cond]`. `candidates` are the kind's faces;
 * `faces` are those the line deals when `where` does not depend on options (null when it
 * does: codegen then compiles `where` per candidate face; names of attributes in it have a
 * `refs` entry of kind `attr`).
 */
export interface DeckLineInfo {
  kind: number;
  candidates: number[];
  faces: number[] | null;
  decl: A.DeckLine;
}

export interface DeckInfo {
  name: string;
  index: number;
  perSide: boolean;
  decl: A.DeckDecl;
  /** (added) Expanded lines, in order. */
  lines: DeckLineInfo[];
  /**
   * (added) `GameDef.DeckDef.home`: index of the first zone the deck is shuffled into
   * (`shuffle deck into z`), else of the first shared pile; null if neither exists.
   */
  home: number | null;
}
export interface DieInfo { name: string; index: number; type: Type; faces: number[]; decl: A.DieDecl }
export interface MeldInfo {
  name: string;
  index: number;
  decl: A.MeldRulesDecl;
  /** (added) Resolved configuration for `GameDef.MeldRulesDef`; -1 for an attribute that is not given. */
  minSize: number;
  maxSize: number | null;
  books: boolean;
  runs: boolean;
  allWildMeld: boolean;
  /** `all wild allowed when <cond>`: the condition (evaluated when the solver runs), or null. */
  allWildWhen: A.Expr | null;
  suitAttr: number;
  rankAttr: number;
  minRank: number;
  maxRank: number;
  /** The `wild c when …` / `points c: …` lines (their variable is a `param` 0 of type Card). */
  wild: Extract<A.MeldRule, { kind: 'meld_wild' }> | null;
  points: Extract<A.MeldRule, { kind: 'meld_points' }> | null;
}
export interface DefineInfo { name: string; type: Type; params: { name: string; type: Type }[]; decl: A.DefineDecl }
export interface ProcedureInfo { name: string; params: { name: string; type: Type }[]; decl: A.ProcedureDecl }
export interface StageInfo {
  name: string;
  index: number;
  decl: A.StageDecl;
  /** (added) The stage's mode and its step names (turns stages only). */
  mode: 'turns' | 'realtime' | 'pause';
  steps: string[];
}
export interface WindowInfo { name: string; index: number; decl: A.WindowDecl }
export interface ActionInfo {
  name: string;
  index: number;
  params: { name: string; type: Type; decl: A.ActionParam }[];
  decl: A.ActionDecl;
}

/** What a name (a `name`/`call` expression, a `set` target, a procedure call) refers to. */
export type Symbol =
  | { kind: 'option'; info: OptionInfo }
  | { kind: 'var'; info: VarInfo }
  | { kind: 'define'; info: DefineInfo }
  | { kind: 'zone'; info: ZoneInfo }
  | { kind: 'deck'; info: DeckInfo }
  | { kind: 'die'; info: DieInfo }
  | { kind: 'meld'; info: MeldInfo }
  | { kind: 'enum_value'; enumName: string; ordinal: number }
  /** An action parameter (index into the action's args), a define/procedure parameter, a `let`, a quantifier/loop variable, a trigger's bound variable. */
  | { kind: 'param'; index: number; type: Type }
  /** `decl`: the LetStmt of a `let`; the variable's Ident for loop, quantifier and aggregate variables (see `binders`). */
  | { kind: 'local'; name: string; type: Type; decl: A.Node }
  | { kind: 'procedure'; info: ProcedureInfo }
  /** A built-in function (`wrap`, `sqrt`, `plus_minus`, `can_meld_all`, `owner`, `min` …). */
  | { kind: 'builtin_fn'; name: string }
  // (added) Symbols of the other namespaces, and attribute names inside deck-line `where`s.
  /** An attribute named bare in a deck line's `where` (`figure != change_colour`): the face's value. */
  | { kind: 'attr'; info: AttrInfo }
  /** A card kind named by `is Kind`, a deck line or a layout `card Kind` (the Ident is the key). */
  | { kind: 'kind'; info: KindInfo }
  /** Flow names (`during`, `rounds { stages … }`, `open window w`): the Ident is the key. */
  | { kind: 'stage'; info: StageInfo }
  | { kind: 'step'; stage: StageInfo; name: string; index: number }
  | { kind: 'window'; info: WindowInfo }
  /** Action names (`turn timer d { a }`, `idle … on a, b`): the Ident is the key. */
  | { kind: 'action'; info: ActionInfo }
  /** `by player with role r`: the Ident is the key; `index` into `roles`. */
  | { kind: 'role'; name: string; index: number };

export interface CheckedGame {
  /** The file as checked: for a variant, the base's items merged with the variant's. */
  ast: A.FileAst;
  /** Every file that contributed (the variant first, then its bases), for the header hash. */
  sources: { file: string; text: string }[];
  id: string;
  title: string;
  summary: string;
  minPlayers: number;
  maxPlayers: number;
  enums: EnumInfo[];
  attrs: AttrInfo[];
  kinds: KindInfo[];
  faces: FaceInfo[];
  options: OptionInfo[];
  vars: VarInfo[];
  zones: ZoneInfo[];
  decks: DeckInfo[];
  dice: DieInfo[];
  melds: MeldInfo[];
  defines: Map<string, DefineInfo>;
  procedures: Map<string, ProcedureInfo>;
  stages: StageInfo[];
  /** Step names of turns stages, in order (they are flow names like stages and windows). */
  steps: string[];
  windows: WindowInfo[];
  actions: ActionInfo[];
  roles: string[];
  /** The type of every expression node the checker visited. */
  types: Map<A.Expr, Type>;
  /** What every name refers to (`name`, `call`, set/add targets, call statements). */
  refs: Map<A.Node, Symbol>;

  // ---- (added by the checker engineer) ----
  /** Index of the implicit `score` variable in `vars` (`GameDef.scoreVar`). */
  scoreVar: number;
  /** The `sides { … }` declaration, or null (each player is a side). */
  sides: A.SidesDecl | null;
  rounds: A.RoundsDecl | null;
  winner: A.WinnerDecl | null;
  /** Triggers in file order, with the variable an `exists x in S where …` condition binds. */
  triggers: TriggerInfo[];
  beforeTurnAction: A.HookDecl | null;
  layout: A.LayoutDecl | null;
  /** `constraint cond "sentence"` items, in file order. */
  constraints: ConstraintInfo[];
  /**
   * The local each binder introduces: key a `quantifier`/`aggregate` expression, a `for_each` or
   * `let` statement, or a `winner` with `for`; the same Symbol object is the `refs` value of every
   * use of the variable (a trigger's `exists x` is used in its body too).
   */
  binders: Map<A.Node, Symbol>;
}

/**
 * (added) A trigger. `bound` is the quantifier node of an `exists x in S where …` condition
 * (its variable is a `local` in the body), else null.
 */
export interface TriggerInfo {
  index: number;
  decl: A.TriggerDecl;
  bound: A.QuantifierExpr | null;
}

/** (added) `constraint cond "message"`. */
export interface ConstraintInfo {
  cond: A.Expr;
  message: A.StringLit;
  decl: A.ConstraintDecl;
}

// ---- Conventions the checker guarantees (added) ----
// - Inline unions get an enum named after their attribute/option/variable/parameter in
//   UpperCamel (`figure` → `Figure`, `count_mode` → `CountMode`); card kinds and enums are
//   separate namespaces, so an enum may share a kind's name (Go Wacky's `Word`).
// - Faces: kinds in declaration order, then the cartesian product of the kind's own attribute
//   domains, first attribute outermost, each domain in declared order (enum ordinal / numbers
//   ascending). Notation renders `shown` (enum symbol, number symbol or the number); without
//   `shown` it is the kind name followed by the symbols (`Joker`, `Tiv 3 5`).
// - `players` / `sides` used as a number (compared or added to a number: `players <= 6`)
//   have type `number` in `types` (their count); elsewhere `[player]` / `[side]`.
// - In `winner` without `for`, the ranked player is bound as `p` (a `param` 0 of type Player),
//   and a bare per-player/side variable (`score`) means that player's (side's) value.
// - Action parameters: `card in z` is Card, `cards in z` [Card], `pile in f` Pile (Pile? with
//   `or new`: none is a new pile); a conditional parameter (`T if cond`) has type `T?`.
// - The `refs` key for `during`/`stages`/`on`/`turn timer`/`open window`/`role`/`is Kind`
//   names is the Ident node itself; for expressions it is the `name`/`call` node.
// - Per-side decks are called with their name and a side (`wackee(s)`), or `deck(s)` when
//   there is exactly one per-side deck (the `deck_of` node then refs that deck).

