// Expression nodes (language reference §8), a discriminated union on `kind`.
import type { Ident, Loc, Node } from './loc.ts';

/** `8`, `-1`, `0.75` (a leading minus on a literal is folded into the value). */
export interface NumberLit extends Node {
  kind: 'number';
  value: number;
  raw: string;
}

/** `4s`, `300ms`, `0.75s`; `ms` is the value in milliseconds. */
export interface DurationLit extends Node {
  kind: 'duration';
  ms: number;
  raw: string;
}

/** Literal text inside a string, escapes resolved (`{{` is already `{`). */
export interface StringText extends Node {
  kind: 'text';
  value: string;
}

/** `{expr}` inside a string; `loc` covers the braces, `expr.loc` the expression. */
export interface StringInterpolation extends Node {
  kind: 'interpolation';
  expr: Expr;
}

export type StringPart = StringText | StringInterpolation;

/**
 * `"…"`. `parts` alternates text and interpolations (empty for `""`); `value` is the cooked
 * text with each interpolation written back as `{…}` source, handy for plain strings.
 */
export interface StringLit extends Node {
  kind: 'string';
  parts: StringPart[];
  value: string;
}

export interface BoolLit extends Node {
  kind: 'bool';
  value: boolean;
}

export interface NoneLit extends Node {
  kind: 'none';
}

/** `[a, b]` */
export interface ListExpr extends Node {
  kind: 'list';
  elements: Expr[];
}

/** A bare name: option, variable, define, enum value, zone, parameter, `let`, quantifier variable. */
export interface NameExpr extends Node {
  kind: 'name';
  name: Ident;
}

/**
 * `f(a, …)`: a per-player/side/pile variable or zone (`declared(p)`, `hand(me)`), a define with
 * parameters, a math or stdlib function (`wrap`, `can_meld_all`), `owner(c)`, `min(a, b)`.
 */
export interface CallExpr extends Node {
  kind: 'call';
  callee: Ident;
  args: Expr[];
}

/** `c.attr` */
export interface MemberExpr extends Node {
  kind: 'member';
  object: Expr;
  attr: Ident;
}

export interface UnaryExpr extends Node {
  kind: 'unary';
  op: '-' | 'not';
  operand: Expr;
}

export type BinaryOp =
  | 'or' | 'and'
  | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'intersects'
  | '+' | '-' | 'without'
  | '*' | '/' | 'mod';

/** Infix operators; `opLoc` is the operator token (for type errors that point at it). */
export interface BinaryExpr extends Node {
  kind: 'binary';
  op: BinaryOp;
  left: Expr;
  right: Expr;
  opLoc: Loc;
}

/** `c is Kind`, `c is not Kind` */
export interface IsKindExpr extends Node {
  kind: 'is_kind';
  subject: Expr;
  negated: boolean;
  cardKind: Ident;
}

/** `z is empty`, `z is not empty` */
export interface IsEmptyExpr extends Node {
  kind: 'is_empty';
  subject: Expr;
  negated: boolean;
}

/** `if c then a else b` */
export interface IfExpr extends Node {
  kind: 'if';
  cond: Expr;
  then: Expr;
  else: Expr;
}

/** `top of z`, `bottom of z`: a card or `none`. */
export interface ZoneEndExpr extends Node {
  kind: 'top_of' | 'bottom_of';
  zone: Expr;
}

/** `count(z)`: number of cards. */
export interface CountOfExpr extends Node {
  kind: 'count_of';
  zone: Expr;
}

/**
 * `count x in S where e`, `any …`, `all …`, `exists …`, `first …`, `last …`: binds `variable`
 * over `source` (bottom to top for zones) in `where`. `where` is optional.
 */
export interface QuantifierExpr extends Node {
  kind: 'quantifier';
  quantifier: 'count' | 'any' | 'all' | 'exists' | 'first' | 'last';
  variable: Ident;
  source: Expr;
  where: Expr | null;
}

/** `sum e for x in S [where c]`, `max …`, `min …`: `body` is evaluated with `variable` bound. */
export interface AggregateExpr extends Node {
  kind: 'aggregate';
  op: 'sum' | 'max' | 'min';
  body: Expr;
  variable: Ident;
  source: Expr;
  where: Expr | null;
}

/**
 * Built-in values: the seats `me`, `current`, `dealer`, `players`, `sides`, `my side`
 * (`my_side`), and time `now`, `elapsed`, `round`.
 */
export interface BuiltinExpr extends Node {
  kind: 'builtin';
  name: 'me' | 'current' | 'dealer' | 'players' | 'sides' | 'my_side' | 'now' | 'elapsed' | 'round';
}

/** `next after p`, `left of p`, `right of p` */
export interface SeatRelExpr extends Node {
  kind: 'seat_rel';
  rel: 'next_after' | 'left_of' | 'right_of';
  seat: Expr;
}

/** `side of p` */
export interface SideOfExpr extends Node {
  kind: 'side_of';
  seat: Expr;
}

/** `position of c`: a card's index in its zone. */
export interface PositionOfExpr extends Node {
  kind: 'position_of';
  card: Expr;
}

/** `subsets of cs`: every combination of the cards of `cs` (a zone or a card list), as `[[Card]]`. */
export interface SubsetsExpr extends Node {
  kind: 'subsets';
  source: Expr;
}

/** `roll die` (effects only). */
export interface RollExpr extends Node {
  kind: 'roll';
  die: Expr;
}

/** `random a..b` (effects only). */
export interface RandomExpr extends Node {
  kind: 'random';
  min: Expr;
  max: Expr;
}

/** `deck(s)`: the deck of a side, for a `per side` deck. */
export interface DeckOfExpr extends Node {
  kind: 'deck_of';
  owner: Expr;
}

/** `new pile in f` (effects only): creates an empty pile in a `piles` family and returns it. */
export interface NewPileExpr extends Node {
  kind: 'new_pile';
  family: Expr;
}

/**
 * `player 2`, `side 1`: a seat by its 1-based number (seat order as people count). In scenario
 * files `p2` and `s1` are shorthands for them.
 */
export interface SeatLit extends Node {
  kind: 'seat';
  of: 'player' | 'side';
  /** 1-based, as written. */
  number: number;
}

/**
 * `pile 2`, `pile 1 of centre` (scenario files only): the Nth pile made in a `piles` zone (the
 * game's only one when `of` is left out), for its pile variables: `height(pile 1)`.
 */
export interface PileLit extends Node {
  kind: 'pile_lit';
  /** 1-based, in the order the piles were made. */
  number: number;
  family: Expr | null;
}

/** `'R5'`, `'9±3'`: a card face in the game's card notation; `c == 'R5'` compares faces. */
export interface FaceLit extends Node {
  kind: 'face';
  /** The notation between the quotes (escapes `\'` and `\\` resolved). */
  text: string;
}

/** Any expression. */
export type Expr =
  | NumberLit | DurationLit | StringLit | BoolLit | NoneLit | ListExpr
  | NameExpr | CallExpr | MemberExpr | UnaryExpr | BinaryExpr
  | IsKindExpr | IsEmptyExpr | IfExpr
  | ZoneEndExpr | CountOfExpr | QuantifierExpr | AggregateExpr
  | BuiltinExpr | SeatRelExpr | SideOfExpr | PositionOfExpr | SubsetsExpr
  | RollExpr | RandomExpr | DeckOfExpr | NewPileExpr
  | SeatLit | FaceLit | PileLit;
