// Declaration nodes for the game's data (reference §2–§7): header, options, cards, decks, zones, variables.
import type { Expr, NumberLit, StringLit } from './expressions.ts';
import type { GameId, Ident, Loc, Node } from './loc.ts';
import type { Block } from './statements.ts';
import type { RangeType, TypeNode } from './types.ts';

/** `game <id> "<title>" [extends <base>]`: must be the first item. */
export interface GameDecl extends Node {
  kind: 'game';
  id: GameId;
  title: StringLit;
  extends: GameId | null;
}

/** `summary "…"` */
export interface SummaryDecl extends Node {
  kind: 'summary';
  text: StringLit;
}

/** `players 2..10` (or `players 4`: `min` and `max` are the same literal). */
export interface PlayersDecl extends Node {
  kind: 'players';
  min: NumberLit;
  max: NumberLit;
}

/** `option <name>: <domain> = <default> ["description"] [basic | advanced]` */
export interface OptionDecl extends Node {
  kind: 'option';
  name: Ident;
  domain: TypeNode;
  default: Expr;
  description: StringLit | null;
  /** The new-table form's group: `basic` shown at once; `advanced` (or none) folded away. */
  group: 'basic' | 'advanced' | null;
}

/** `option <name> = <value>` in a variant: overrides the base option's default. */
export interface OptionOverride extends Node {
  kind: 'option_override';
  name: Ident;
  value: Expr;
}

/** The declaration kinds that `remove` can name. */
export type RemovableKind =
  | 'option' | 'enum' | 'card' | 'deck' | 'zone' | 'var' | 'die' | 'define' | 'procedure'
  | 'stage' | 'window' | 'action' | 'meld';

/** `remove action last_card` in a variant (`remove meld rules x` has `target: 'meld'`). */
export interface RemoveDecl extends Node {
  kind: 'remove';
  target: RemovableKind;
  targetLoc: Loc;
  name: Ident;
}

/** One value of an enum: `red "R"`. */
export interface EnumValue extends Node {
  kind: 'enum_value';
  name: Ident;
  symbol: StringLit | null;
}

/** `enum Colour { red "R", … }` */
export interface EnumDecl extends Node {
  kind: 'enum';
  name: Ident;
  values: EnumValue[];
}

/** `attr: domain` inside a card kind. */
export interface AttributeDecl extends Node {
  kind: 'attribute';
  name: Ident;
  domain: TypeNode;
}

/** `card Number { colour: Colour, number: 1 | 3..9 } shown "{colour}{number}"` */
export interface CardDecl extends Node {
  kind: 'card';
  name: Ident;
  attributes: AttributeDecl[];
  shown: StringLit | null;
}

/** `2 × Special where figure != change_colour`; `count` is an integer literal or an option name. */
export interface DeckLine extends Node {
  kind: 'deck_line';
  count: Expr;
  cardKind: Ident;
  where: Expr | null;
}

/** `deck taki { … }`, `deck wackee per side { … }`, `deck box × boxes { … }` */
export interface DeckDecl extends Node {
  kind: 'deck';
  name: Ident;
  per: 'player' | 'side' | null;
  copies: Expr | null;
  lines: DeckLine[];
}

/** `pile`, `fan`, `row [N]`, `piles`. */
export interface ZoneShape extends Node {
  kind: 'zone_shape';
  shape: 'pile' | 'fan' | 'row' | 'piles';
  size: Expr | null;
}

/** `visible`, `visible top`, `owner`, `hidden`, `count`. */
export interface ZoneVisibility extends Node {
  kind: 'zone_visibility';
  visibility: 'visible' | 'visible_top' | 'owner' | 'hidden' | 'count';
}

/**
 * `zone <name>: [per player | per side,] <shape>, <visibility> [unless <condition>]
 * [, refill from <zone> keeping top]`
 */
export interface ZoneDecl extends Node {
  kind: 'zone';
  name: Ident;
  per: 'player' | 'side' | null;
  shape: ZoneShape;
  visibility: ZoneVisibility;
  unless: Expr | null;
  /** The zone of `refill from <zone> keeping top`, or `null`. */
  refill: Expr | null;
}

/** `var`, `player var`, `side var`, `pile var` */
export interface VarDecl extends Node {
  kind: 'var';
  scope: 'global' | 'player' | 'side' | 'pile';
  name: Ident;
  type: TypeNode;
  init: Expr;
}

/** `die colour_die: Colour`, `die d6: 1..6` */
export interface DieDecl extends Node {
  kind: 'die';
  name: Ident;
  faces: TypeNode;
}

/**
 * How players form sides: `one per player`, `pairs[, odd player alone]` (neighbours), or
 * `pairs across` (partners sit opposite: `across` is true).
 */
export type SidesArrangement =
  | { kind: 'one_per_player'; loc: Loc }
  | { kind: 'pairs'; oddAlone: boolean; across?: boolean; loc: Loc };

/** `when <cond>: <arrangement>` (`when` is `null` for `otherwise`). */
export interface SidesCase extends Node {
  kind: 'sides_case';
  when: Expr | null;
  arrangement: SidesArrangement;
}

/** `sides { when players <= 6: one per player  otherwise: pairs, odd player alone }` */
export interface SidesDecl extends Node {
  kind: 'sides';
  cases: SidesCase[];
}

/** `roles main, stock` */
export interface RolesDecl extends Node {
  kind: 'roles';
  names: Ident[];
}

/**
 * One line of a `meld rules` block (`all wild allowed [when <cond>]`: `cond` is null when always).
 * `wild when <cond>` and `points <expr>` range over a card named `c`; `variable` is that implicit `c` (located at the `wild`/`points` keyword), or the
 * name written in the longer forms `wild x when …` / `points x: …`.
 */
export type MeldRule =
  | { kind: 'meld_size'; min: number; max: number | null; loc: Loc }
  | { kind: 'meld_books'; by: Ident | null; loc: Loc }
  | { kind: 'meld_runs'; by: Ident; over: Ident; range: RangeType | null; loc: Loc }
  | { kind: 'meld_wild'; variable: Ident; cond: Expr; loc: Loc }
  | { kind: 'meld_all_wild'; cond: Expr | null; loc: Loc }
  | { kind: 'meld_points'; variable: Ident; value: Expr; loc: Loc };

/** `meld rules crowns { size 3 or more … }` */
export interface MeldRulesDecl extends Node {
  kind: 'meld_rules';
  name: Ident;
  rules: MeldRule[];
}

/** A typed parameter of a define or procedure: `c: Card`. */
export interface TypedParam extends Node {
  kind: 'typed_param';
  name: Ident;
  type: TypeNode;
}

/** `define lead: Card? = …`, `define matches(c: Card): bool = …` (`params` is `null` without parentheses). */
export interface DefineDecl extends Node {
  kind: 'define';
  name: Ident;
  params: TypedParam[] | null;
  type: TypeNode;
  body: Expr;
}

/** `procedure place(c: Card, p: Pile) { … }` */
export interface ProcedureDecl extends Node {
  kind: 'procedure';
  name: Ident;
  params: TypedParam[];
  body: Block;
}

/** `constraint <cond> "sentence"`: checked when a table is set up (`setup/invalid`). */
export interface ConstraintDecl extends Node {
  kind: 'constraint';
  cond: Expr;
  message: StringLit;
}
