// Winner and layout nodes (reference §13–§14).
import type { Expr, StringLit } from './expressions.ts';
import type { Ident, Loc, Node } from './loc.ts';

/**
 * `ties shared`, or `ties replay [among tied] [if <cond>]` (with `if`, the win is shared when
 * `cond` does not hold).
 */
export type Ties =
  | { kind: 'ties_shared'; loc: Loc }
  | { kind: 'ties_replay'; amongTied: boolean; cond: Expr | null; loc: Loc };

/**
 * `winner lowest|highest <measure> [for x in S] [, ties …]`. Without `for`, the ranked player
 * is bound as `p` and a bare per-player/side variable (`score`) means that player's (side's).
 */
export interface WinnerDecl extends Node {
  kind: 'winner';
  order: 'lowest' | 'highest';
  measure: Expr;
  over: { variable: Ident; source: Expr; loc: Loc } | null;
  ties: Ties | null;
}

/** `red "#d32f2f"` inside `colours { … }`, with an optional `symbol "●"` for colour-blind play. */
export interface LayoutColour extends Node {
  kind: 'layout_colour';
  name: Ident;
  value: StringLit;
  symbol: StringLit | null;
}

/** `go_wacky "Go Wacky!"` inside `names { … }`: what players read for a name of the rule file. */
export interface LayoutName extends Node {
  kind: 'layout_name';
  name: Ident;
  value: StringLit;
}

/** `fill colour second`, `corner "{number}"`: a template string or one or more attribute names. */
export interface LayoutProp extends Node {
  kind: 'layout_prop';
  name: Ident;
  value: StringLit | Ident[];
}

/** A zone as placed: `discard`, `hand(me)`, `hand(others)`. */
export interface LayoutZoneRef extends Node {
  kind: 'layout_zone';
  zone: Ident;
  /** `me`, `others` or another word, or `null` for a shared zone. */
  of: Ident | null;
}

/** `discard centre`: a zone and where it sits (`centre`, `top`, `bottom`, `left`, `right`, `around`). */
export interface LayoutPlace extends Node {
  kind: 'layout_place';
  zone: LayoutZoneRef;
  position: Ident;
}

/** One item of a `layout` block. */
export type LayoutItem =
  | { kind: 'layout_colours'; colours: LayoutColour[]; loc: Loc }
  | { kind: 'layout_card'; cardKind: Ident; props: LayoutProp[]; loc: Loc }
  | { kind: 'layout_places'; places: LayoutPlace[]; loc: Loc }
  | { kind: 'layout_names'; names: LayoutName[]; loc: Loc };

/** `layout { colours {…}  card Kind {…}  place …  names {…} }` */
export interface LayoutDecl extends Node {
  kind: 'layout';
  items: LayoutItem[];
}
