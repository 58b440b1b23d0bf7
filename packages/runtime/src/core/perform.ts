// Performing an action on the working state: built-in checks in the order of language.md
// §11, the guard, the `before turn action` hook, the effect, turn passing, triggers.
import { AV_STAGE, availability, availabilityRejection, checkLimits, checkRace } from '../arbitration/checks.ts';
import { applyTurnControl, stageDef } from '../flow/control.ts';
import { finishGame } from '../flow/rounds.ts';
import { settleAfterAction } from '../flow/settle.ts';
import { checkShape, decodeArgs, type Action } from './codec.ts';
import type { EngineParts } from './engine-parts.ts';
import type { Rejection } from './game-def.ts';
import { VarOutOfRange } from './var-range.ts';

/** Checks and performs `action` by `seat` on e's working state; a Rejection leaves it unusable. */
export function perform(e: EngineParts, seat: number, action: Action): Rejection | null {
  const shape = checkShape(action);
  if (shape !== null) return shape;
  const s = e.s;
  const def = e.def;
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.players) return { code: 'input/invalid', message: `There is no seat ${seat}.` };
  const ai = e.c.actionIndex.get(action.type);
  if (ai === undefined) return { code: 'action/unknown', message: `${def.title} has no action "${action.type}".` };
  if (s.result !== null) return { code: 'game/over', message: 'The game is over.' };
  if (action.round !== undefined && action.round !== s.round) return { code: 'round/over', message: `Round ${action.round} is over.` };
  e.me = seat;
  const av = availability(e, ai, seat);
  if (av < 0) return availabilityRejection(e, ai, av);
  if (def.actions[ai].byTimer === true) return { code: 'turn/not_yours', message: `Only the turn timer performs ${def.actions[ai].name}.` };
  e.me = seat;
  const bad = decodeArgs(e, ai, seat, action.args) ?? checkRace(e, ai, seat, action.expect) ?? checkLimits(e, ai, seat);
  if (bad !== null) return bad;
  try {
    // A guard can range too (`subsets of` past its bound): then the action is rejected the same way.
    const guard = def.actions[ai].guard(e, e.args);
    if (guard !== null) return guard;
    run(e, seat, ai, av, true);
  } catch (err) {
    // A variable written outside its range: the action is rejected and nothing changes.
    if (err instanceof VarOutOfRange) return err.rejection;
    throw err;
  }
  return null;
}

/** A turn timer's action for the current player (parameterless); false when not possible. */
export function performTimed(e: EngineParts, seat: number, ai: number): boolean {
  e.me = seat;
  const av = availability(e, ai, seat);
  if (av < 0 || e.def.actions[ai].params.length > 0) return false;
  e.me = seat;
  if (checkLimits(e, ai, seat) !== null || e.def.actions[ai].guard(e, e.args) !== null) return false;
  run(e, seat, ai, av, false);
  return true;
}

/** Runs an action whose checks passed: hook, effect, turn control, idle timer, triggers. */
export function run(e: EngineParts, seat: number, ai: number, av: number, accepted: boolean): void {
  const def = e.def;
  const a = def.actions[ai];
  const sd = stageDef(e);
  const stagePos = e.s.stage;
  const inTurn = av === AV_STAGE && sd !== null && sd.kind === 'turns' && seat === e.s.current;
  if (!e.quiet) e.events.push({ type: 'action', seat, action: a.name });
  const k = ai * e.s.players + seat;
  if (a.rate !== undefined) e.wRate()[k] = e.now;
  if (a.once === true) e.wOnce()[k] = e.s.scope;
  e.resetTurnFlags();
  if (inTurn && def.beforeTurnAction !== undefined) {
    e.me = seat;
    def.beforeTurnAction(e);
  }
  e.me = seat;
  a.effect(e, e.args);
  restartIdle(e, sd, stagePos, ai);
  applyTurnControl(e, inTurn && a.who.kind === 'current');
  endAction(e, accepted);
}

/**
 * `run` for a player's action without `rate` or `once` in a realtime stage (the fast path's
 * kernel, bots/kernel.ts): the same writes in the same order. What it leaves out does nothing
 * there: no event is built (the fast path is quiet), no rate or once is noted, `before turn
 * action` and turn control act in a turns stage only (the stage cannot change before `settle`:
 * flow requests wait for it), so turn control is only its reset of the effect's turn flags.
 */
export function runRealtime(e: EngineParts, seat: number, ai: number): void {
  const sd = stageDef(e);
  const stagePos = e.s.stage;
  e.resetTurnFlags();
  e.me = seat;
  e.def.actions[ai].effect(e, e.args);
  restartIdle(e, sd, stagePos, ai);
  e.resetTurnFlags();
  endAction(e, true);
}

/** What follows every performed action: it is counted, triggers settle, the move limit is checked. */
function endAction(e: EngineParts, accepted: boolean): void {
  e.countAction(accepted);
  settleAfterAction(e);
  if (e.s.result === null && e.s.moves >= e.s.maxMoves) finishGame(e, 'stuck', 'limit');
}

/** The idle timer restarts on a listed action if the stage goes on. */
function restartIdle(e: EngineParts, sd: ReturnType<typeof stageDef>, stagePos: number, ai: number): void {
  if (sd !== null && sd.kind === 'realtime' && sd.idle !== undefined && e.s.stage === stagePos && e.s.idleDeadline >= 0 && !e.hasFlowRequest()) {
    if (e.c.idleOn[e.def.rounds.stages[stagePos]][ai] === 1) e.set('idleDeadline', e.now + sd.idle.ms(e));
  }
}
