// Flow nodes (reference §10): rounds, stages and windows.
import type { Expr } from './expressions.ts';
import type { Ident, Loc, Node } from './loc.ts';
import type { Block } from './statements.ts';

/** `value dealt = round + 2`: recomputed at each round start. */
export interface RoundValue extends Node {
  kind: 'round_value';
  name: Ident;
  value: Expr;
}

/**
 * `dealer first`, `dealer random`, optionally `if <cond>` (else the other way: `dealer random if
 * random_first` deals first from player 1 when the condition fails), then `, then left | right | fixed`.
 */
export interface DealerSpec extends Node {
  kind: 'dealer';
  first: 'first' | 'random';
  when: Expr | null;
  then: 'left' | 'right' | 'fixed' | null;
}

/**
 * `rounds { count 11  value … dealer … setup {…} stages a, b  scoring {…} }`. Each clause appears
 * at most once (a repeated clause is a syntax error); `count` and `until` are alternatives.
 */
export interface RoundsDecl extends Node {
  kind: 'rounds';
  count: Expr | null;
  until: Expr | null;
  values: RoundValue[];
  dealer: DealerSpec | null;
  setup: Block | null;
  stages: Ident[];
  /**
   * `stages pass if round mod 4 != 0, play`: each stage's condition (null: always), aligned
   * with `stages`; a stage whose condition is false when its turn comes is skipped.
   */
  stageIfs?: (Expr | null)[];
  scoring: Block | null;
}

/** `turn timer d { action }`: performs the named parameterless action when `d` elapses. */
export interface TurnTimer extends Node {
  kind: 'turn_timer';
  duration: Expr;
  action: Ident;
}

/** Who starts a turns stage: `from <seat expr>` or `from random player`. */
export type TurnsStart = Expr | { kind: 'random_player'; loc: Loc };

/** `stage play turns [from …] [{ steps a, b  turn timer d { a } }]` */
export interface TurnsMode extends Node {
  kind: 'turns';
  from: TurnsStart | null;
  steps: Ident[];
  /** `steps draw, meld if …, discard`: each step's condition (null: always), aligned with `steps`. */
  stepIfs?: (Expr | null)[];
  turnTimer: TurnTimer | null;
}

/** `idle d [on a, b] {…}`: runs when no (listed) action was accepted for `d`. */
export interface IdleHandler extends Node {
  kind: 'idle';
  duration: Expr;
  on: Ident[];
  body: Block;
}

/** `stage rush realtime [{ idle … }]` */
export interface RealtimeMode extends Node {
  kind: 'realtime';
  idles: IdleHandler[];
}

/** `stage go pause d` */
export interface PauseMode extends Node {
  kind: 'pause';
  duration: Expr;
}

/** `stage <name> turns … | realtime … | pause d` */
export interface StageDecl extends Node {
  kind: 'stage';
  name: Ident;
  mode: TurnsMode | RealtimeMode | PauseMode;
}

/** `window name [(d)] [blocking] [{ on timeout {…} }]` */
export interface WindowDecl extends Node {
  kind: 'window';
  name: Ident;
  duration: Expr | null;
  blocking: boolean;
  onTimeout: Block | null;
}
