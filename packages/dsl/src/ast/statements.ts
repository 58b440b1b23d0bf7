// Statement nodes (language reference §9): the effects inside actions, procedures, hooks and triggers.
import type { Expr, StringLit } from './expressions.ts';
import type { Ident, Node, RejectionCode } from './loc.ts';

/** `{ … }`: a statement list. */
export interface Block extends Node {
  kind: 'block';
  statements: Stmt[];
}

/** What `move` moves: one card, `n from z` (from the top), or `all of z`. */
export type MoveSource =
  | { kind: 'card'; card: Expr }
  | { kind: 'count'; count: Expr; from: Expr }
  | { kind: 'all'; from: Expr };

/**
 * Where a card goes: a zone (its top for piles), `top of z`, `bottom of z`, `z at i`
 * (a row slot), or `new pile in f` (a pile created in a `piles` family).
 */
export type MoveTarget =
  | { kind: 'zone'; zone: Expr }
  | { kind: 'top'; zone: Expr }
  | { kind: 'bottom'; zone: Expr }
  | { kind: 'at'; zone: Expr; index: Expr }
  | { kind: 'new_pile'; family: Expr };

/** `move c to z`, `move n from a to b [one by one]`, `move all of a to b`, `move c to new pile in f` */
export interface MoveStmt extends Node {
  kind: 'move';
  source: MoveSource;
  target: MoveTarget;
  oneByOne: boolean;
}

/** `z(each player)` / `z(each side)`, or a single zone. */
export type DealTarget =
  | { kind: 'each'; zone: Ident; each: 'player' | 'side' }
  | { kind: 'zone'; zone: Expr };

/** `deal n from a to hand(each player)`, `deal all from a to …` (`count` is `null` for `all`). */
export interface DealStmt extends Node {
  kind: 'deal';
  count: Expr | null;
  from: Expr;
  to: DealTarget;
}

/** `flip a to b [at i] [until cond]` */
export interface FlipStmt extends Node {
  kind: 'flip';
  from: Expr;
  to: Expr;
  at: Expr | null;
  until: Expr | null;
}

/** `shuffle z`, `shuffle deck(s) into z` */
export interface ShuffleStmt extends Node {
  kind: 'shuffle';
  target: Expr;
  into: Expr | null;
}

/** `turn over a into b` */
export interface TurnOverStmt extends Node {
  kind: 'turn_over';
  from: Expr;
  into: Expr;
}

/** `refill a from b keeping top` */
export interface RefillStmt extends Node {
  kind: 'refill';
  zone: Expr;
  from: Expr;
}

/** `lay melds of L by R into z`, `lay best melds of L by R into z` */
export interface LayMeldsStmt extends Node {
  kind: 'lay_melds';
  best: boolean;
  cards: Expr;
  rules: Ident;
  into: Expr;
}

/** `set x = e`, `set v(p) = e`: `target` is a `name` or `call` expression. */
export interface SetStmt extends Node {
  kind: 'set';
  target: Expr;
  value: Expr;
}

/** `add e to x` / `subtract e from x` */
export interface AddStmt extends Node {
  kind: 'add' | 'subtract';
  amount: Expr;
  target: Expr;
}

/** `let x = e` */
export interface LetStmt extends Node {
  kind: 'let';
  name: Ident;
  value: Expr;
}

/** `if e {…} else if e {…} else {…}`: one branch per `if`, then the optional `else`. */
export interface IfStmt extends Node {
  kind: 'if';
  branches: { cond: Expr; body: Block }[];
  else: Block | null;
}

/** `for each x in S [where e] {…}` */
export interface ForEachStmt extends Node {
  kind: 'for_each';
  variable: Ident;
  source: Expr;
  where: Expr | null;
  body: Block;
}

/** `repeat n {…}` */
export interface RepeatStmt extends Node {
  kind: 'repeat';
  count: Expr;
  body: Block;
}

/** `end turn`, `end stage`, `end round`, `end game` */
export interface EndStmt extends Node {
  kind: 'end';
  what: 'turn' | 'stage' | 'round' | 'game';
}

/** `keep turn`, `skip next`, `reverse`, `next step`, `close window` (no operands). */
export interface FlowStmt extends Node {
  kind: 'keep_turn' | 'skip_next' | 'reverse' | 'next_step' | 'close_window';
}

/** `turn to p` */
export interface TurnToStmt extends Node {
  kind: 'turn_to';
  seat: Expr;
}

/** `open window w` */
export interface OpenWindowStmt extends Node {
  kind: 'open_window';
  window: Ident;
}

/** `pause d` (triggers only) */
export interface PauseStmt extends Node {
  kind: 'pause';
  duration: Expr;
}

/** `announce "text"` */
export interface AnnounceStmt extends Node {
  kind: 'announce';
  text: StringLit;
}

/** `require cond else code "sentence"` */
export interface RequireStmt extends Node {
  kind: 'require';
  cond: Expr;
  code: RejectionCode;
  message: StringLit;
}

/** `name(args)`: a procedure call. */
export interface CallStmt extends Node {
  kind: 'call';
  callee: Ident;
  args: Expr[];
}

/** Any statement. */
export type Stmt =
  | MoveStmt | DealStmt | FlipStmt | ShuffleStmt | TurnOverStmt | RefillStmt | LayMeldsStmt
  | SetStmt | AddStmt | LetStmt | IfStmt | ForEachStmt | RepeatStmt
  | EndStmt | FlowStmt | TurnToStmt | OpenWindowStmt | PauseStmt
  | AnnounceStmt | RequireStmt | CallStmt;
