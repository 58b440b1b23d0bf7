// The Engine as its helpers see it: `Ctx` (what generated code calls) plus the working copy and
// the per-call fields that flow, zones, visibility, legal actions, the codec, arbitration and the
// meld calls read and set. engine.ts imports those helpers and its class implements this
// interface; the helpers import only this file, so no import (not even a type import) points
// back at engine.ts. It imports nothing but leaf type modules.
import type { Compiled } from './compiled.ts';
import type { Ctx } from './ctx.ts';
import type { GameEvent } from './events.ts';
import type { GameDef } from './game-def.ts';
import type { GameState } from './state.ts';
import type { WorkingCopy } from './working-copy.ts';

export interface EngineParts extends WorkingCopy, Ctx {
  /** The working copy (Ctx reads it; the engine's helpers write through WorkingCopy's w* methods). */
  s: GameState;
  /** Logical time of this call in ms. */
  now: number;
  readonly def: GameDef;
  readonly c: Compiled;
  /** The acting player (-1: the system acts); set by the caller of a check or an apply. */
  me: number;
  /** Events of this call, in order. */
  events: GameEvent[];
  /** Whether an apply/tick is running on this engine (nested use gets another engine). */
  busy: boolean;
  /** Fast path only: no events built, no view-id epochs bumped. */
  quiet: boolean;
  /** See Ctx.explain: false only while legal actions are enumerated. */
  explain: boolean;
  /** Scenarios only: outcomes the next `roll`/`random` draws take; null in play. */
  rigged: number[] | null;
  misfit: string | null;
  /** Steps this call may still spend (core/fuel.ts). */
  fuel: number;

  /** Argument buffer of the action being checked (reused). */
  readonly args: number[];
  /** 1 for parameters left out because their `if` condition is false. */
  readonly absent: Uint8Array;
  /** Card lists of `cards` parameters, by parameter index (the handle). */
  readonly lists: number[][];

  // Turn control requested by the running effect.
  fKeep: boolean;
  fEndTurn: boolean;
  fNextStep: boolean;
  fTurnTo: number;
  /** Rounds in a row whose every stage was skipped by its condition (flow/rounds.ts guard). */
  emptyRounds: number;
  // Flow transitions requested (handled by flow/settle after the effect).
  rEndStage: boolean;
  rEndRound: boolean;
  rEndGame: boolean;

  /** Starts a call: a working copy when writable, the state itself when reading. */
  begin(state: GameState, now: number, writable: boolean): void;
  /** Starts the next call on the same working copy (the fast path's in-place session). */
  resume(now: number): void;
  resetTurnFlags(): void;
  hasFlowRequest(): boolean;
  isRow(zone: number): boolean;
  /** Index of the top card (last non-hole), -1 when empty. */
  topIndex(zone: number): number;
  /** The next active seat from p going in direction dir (p itself if nobody else is active). */
  seatAfter(player: number, dir: number): number;
  /** Bitmask of viewers who see position idx of zone z now. */
  visibleMask(z: number, idx: number): number;
}
