// Type and domain nodes: variable and parameter types, option domains, card attribute domains.
import type { Expr, StringLit } from './expressions.ts';
import type { Ident, Node } from './loc.ts';

/**
 * A named type: `bool`, `number`, `Player`, `Side`, `Card`, `Pile`, or an enum (`Colour`).
 * Which one it is, is the checker's business.
 */
export interface NamedType extends Node {
  kind: 'type_name';
  name: Ident;
}

/** An integer or duration range `1..20`, `1s..10s`; bounds are literals or option names. */
export interface RangeType extends Node {
  kind: 'type_range';
  min: Expr;
  max: Expr;
}

/** `T?`: may be `none`. */
export interface OptionalType extends Node {
  kind: 'type_optional';
  inner: TypeNode;
}

/** `[T]`: a list (`[Colour]`, `[number]`). */
export interface ListType extends Node {
  kind: 'type_list';
  element: TypeNode;
}

/** An inline value in a union: `plus2 "+2"`, `shared`. */
export interface ValueMember extends Node {
  kind: 'member_value';
  name: Ident;
  symbol: StringLit | null;
}

/** An integer in a union: `1`, `11 "J"`. */
export interface IntMember extends Node {
  kind: 'member_int';
  value: number;
  symbol: StringLit | null;
}

/** An integer range in a union: `3..9`. */
export interface RangeMember extends Node {
  kind: 'member_range';
  min: number;
  max: number;
}

export type UnionMember = ValueMember | IntMember | RangeMember;

/**
 * An inline union: `shared | tiebreak`, `1 | 3..9`, `3..10 | 11 "J" | 12 "Q"`,
 * `plus2 "+2" | stop "Stop"`. A single value with a symbol (`plus2 "+2"`) is a one-member union.
 */
export interface UnionType extends Node {
  kind: 'type_union';
  members: UnionMember[];
}

/** Any type or domain. A lone lowercase name in a domain is a `type_name` (`bool`, `number`). */
export type TypeNode = NamedType | RangeType | OptionalType | ListType | UnionType;
