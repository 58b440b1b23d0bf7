// Action, hook and trigger nodes (reference §11–§12).
import type { Expr } from './expressions.ts';
import type { Ident, Loc, Node } from './loc.ts';
import type { Block } from './statements.ts';
import type { TypeNode } from './types.ts';

/**
 * `card in <zone> [where c]` or `[n | a..b] cards in <zone> [where c]` (`many` for `cards`, a
 * list; `count` for a counted choice: exactly n, or a to b cards).
 */
export interface CardParamType extends Node {
  kind: 'param_card';
  many: boolean;
  count: ChoiceCount | null;
  zone: Expr;
  where: Expr | null;
}

/** `3` or `1..3` before `cards`: how many cards a counted choice takes (integer literals). */
export interface ChoiceCount {
  min: number;
  max: number;
  loc: Loc;
}

/** `pile in <family> [or new]` */
export interface PileParamType extends Node {
  kind: 'param_pile';
  family: Expr;
  orNew: boolean;
}

/** An action parameter type: a card/pile choice, or a plain type (enum, `bool`, range, `Player`). */
export type ParamType = CardParamType | PileParamType | TypeNode;

/** `name: type [if cond]`: with `condition`, required only when it holds (forbidden otherwise). */
export interface ActionParam extends Node {
  kind: 'action_param';
  name: Ident;
  type: ParamType;
  condition: Expr | null;
}

/** `by current`, `by any player [except p]`, `by player with role r`, `by turn timer` */
export type Who =
  | { kind: 'by_current'; loc: Loc }
  | { kind: 'by_any'; except: Expr | null; loc: Loc }
  /** `by player with role r [if cond]`: the role is required only while `cond` holds (else anyone may). */
  | { kind: 'by_role'; role: Ident; when: Expr | null; loc: Loc }
  /** Performed only by a turns stage's `turn timer`, for the current player; no seat may send it. */
  | { kind: 'by_turn_timer'; loc: Loc };

/**
 * `action name[(params)] [by …] [during s, w] [races z] [rate d] [once] { … }`. Clauses may come in
 * any order, each at most once. `require` statements are ordinary statements of `body`.
 */
export interface ActionDecl extends Node {
  kind: 'action';
  name: Ident;
  params: ActionParam[];
  who: Who | null;
  during: Ident[];
  races: Expr | null;
  rate: Expr | null;
  /** Location of `once`, or `null` without it. */
  once: Loc | null;
  body: Block;
}

/** `before turn action { … }`: runs before the effects of every current-player action. */
export interface HookDecl extends Node {
  kind: 'hook';
  event: 'before_turn_action';
  body: Block;
}

/**
 * `when <cond> { … }`. When `cond` is an `exists x in S where e` quantifier, `x` is bound in
 * `body` (the checker reads it from `cond`).
 */
export interface TriggerDecl extends Node {
  kind: 'trigger';
  cond: Expr;
  body: Block;
}
