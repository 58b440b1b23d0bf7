// The AST of a scenario file (docs/scenarios.md): header, table, arrangement and steps.
import type { CallExpr, DurationLit, Expr, FaceLit, NameExpr, NumberLit, SeatLit, StringLit } from './expressions.ts';
import type { GameId, Ident, Node, RejectionCode } from './loc.ts';

/** A parsed `*.scenario` file. */
export interface ScenarioAst extends Node {
  kind: 'scenario';
  file: string;
  /** `scenario "<name>"`: what the report prints. */
  name: StringLit;
  /** `for super-taki` (a game id) or `for "path/to/file.rules"`. */
  game: { kind: 'id'; id: GameId } | { kind: 'path'; path: StringLit };
  items: ScenarioItem[];
}

/** `players 4` */
export interface PlayersItem extends Node {
  kind: 'sc_players';
  count: NumberLit;
}

/** `option hand_size = 3` */
export interface OptionItem extends Node {
  kind: 'sc_option';
  name: Ident;
  value: Expr;
}

/** `seed 7`, `seed "room-1"` */
export interface SeedItem extends Node {
  kind: 'sc_seed';
  seed: NumberLit | StringLit;
}

/** `arrange { … }` */
export interface ArrangeBlock extends Node {
  kind: 'sc_arrange';
  items: ArrangeItem[];
}

export type ScenarioItem = PlayersItem | OptionItem | SeedItem | ArrangeBlock | ScenarioStep;

/** `_` in a row's card list: an empty slot. */
export interface Hole extends Node {
  kind: 'hole';
}

/**
 * `hand(p1) = ['R5', 'G7']`; `draw = rest` (every card not placed elsewhere, shuffled);
 * `draw = rest + ['B2', 'B1']` (those on top of the rest).
 */
export interface ArrangeZone extends Node {
  kind: 'ar_zone';
  zone: CallExpr | NameExpr;
  rest: boolean;
  /** Bottom to top (a row's slots left to right); with `rest`, the cards on top of it. */
  cards: (FaceLit | Hole)[];
}

/** `set colour = red`, `set declared(p2) = true` */
export interface ArrangeSet extends Node {
  kind: 'ar_set';
  target: CallExpr | NameExpr;
  value: Expr;
}

/** `turn to p2` */
export interface ArrangeTurn extends Node {
  kind: 'ar_turn';
  seat: Expr;
}

/** `dealer p1` */
export interface ArrangeDealer extends Node {
  kind: 'ar_dealer';
  seat: Expr;
}

/** `stage play` */
export interface ArrangeStage extends Node {
  kind: 'ar_stage';
  name: Ident;
}

/** `round 3` */
export interface ArrangeRound extends Node {
  kind: 'ar_round';
  round: NumberLit;
}

/** `open window breaker_window` */
export interface ArrangeWindow extends Node {
  kind: 'ar_window';
  name: Ident;
}

export type ArrangeItem = ArrangeZone | ArrangeSet | ArrangeTurn | ArrangeDealer | ArrangeStage | ArrangeRound | ArrangeWindow;

/** `new` as the value of a `pile … or new` parameter. */
export interface ArgNew extends Node {
  kind: 'arg_new';
}

/** `pile 2`: the second pile (in creation order) of the parameter's family. */
export interface ArgPile extends Node {
  kind: 'arg_pile';
  number: number;
}

/** `c: 'R5'` */
export interface ScenarioArg extends Node {
  kind: 'sc_arg';
  name: Ident;
  value: Expr | ArgNew | ArgPile;
}

/** `p1 does play(c: 'R5') [rolling v | rolling [v, …]] [rejected [code]]` */
export interface DoesStep extends Node {
  kind: 'st_does';
  seat: SeatLit;
  action: Ident;
  args: ScenarioArg[];
  /** `with 60ms latency`: the play takes this long to reach the server (ranked by send time under the game's compensation). */
  latency: DurationLit | null;
  /** `at 1.2s p2 does …` inside `together`: when the play was sent (else: the group's time). */
  sentAt: DurationLit | null;
  /** `rolling red` / `rolling [red, 42]`: what the action's `roll` and `random` draws give, in order. */
  rolling: Expr[] | null;
  rejected: boolean;
  code: RejectionCode | null;
}

/** `together { p1 does …  at 1.2s p2 does … with 60ms latency }` */
export interface TogetherStep extends Node {
  kind: 'st_together';
  steps: DoesStep[];
}

/** `at 2.5s [step]`: an absolute logical time. */
export interface AtStep extends Node {
  kind: 'st_at';
  time: DurationLit;
  step: TimedStep | null;
}

/** `after 4s [step]`: time advances. */
export interface AfterStep extends Node {
  kind: 'st_after';
  time: DurationLit;
  step: TimedStep | null;
}

/** `expect <expression>` */
export interface ExpectStep extends Node {
  kind: 'st_expect';
  expr: Expr;
}

/** `expect [not] announced "text"` */
export interface ExpectAnnouncedStep extends Node {
  kind: 'st_expect_announced';
  text: StringLit;
  negated: boolean;
}

/** `expect [not] game over`, `expect [not] round over` */
export interface ExpectOverStep extends Node {
  kind: 'st_expect_over';
  what: 'game' | 'round';
  negated: boolean;
}

/** `expect winners [p1, p3]` */
export interface ExpectWinnersStep extends Node {
  kind: 'st_expect_winners';
  seats: SeatLit[];
}

/** `expect stage play`, `expect step discard`, `expect window breaker_window`, `expect no window` (name null). */
export interface ExpectFlowStep extends Node {
  kind: 'st_expect_flow';
  what: 'stage' | 'step' | 'window';
  name: Ident | null;
}

/** A check of an `expect` step. */
export type ExpectCheck = ExpectStep | ExpectAnnouncedStep | ExpectOverStep | ExpectWinnersStep | ExpectFlowStep;

/** `expect round over and announced "…"`: every check must hold, in order (an expression check comes last). */
export interface ExpectAllStep extends Node {
  kind: 'st_expect_all';
  checks: ExpectCheck[];
}

export type TimedStep =
  | DoesStep | TogetherStep | ExpectStep | ExpectAnnouncedStep | ExpectOverStep | ExpectWinnersStep | ExpectFlowStep | ExpectAllStep;

export type ScenarioStep = TimedStep | AtStep | AfterStep;
