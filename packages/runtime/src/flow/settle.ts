// After every accepted action and timer: flow transitions, then triggers to a fixed point
// (language.md §12: at most 64 passes, else the game ends as stuck). A trigger is re-tested only
// when what it reads was written since it last tested false (core/trigger-reads.ts).
import type { EngineParts } from '../core/engine-parts.ts';
import { NONE } from '../core/game-def.ts';
import { readSince } from '../core/trigger-reads.ts';
import { applyTurnControl } from './control.ts';
import { endRound, finishGame, nextStage } from './rounds.ts';

export const MAX_TRIGGER_PASSES = 64;

/** Carries out requested `end game` / `end round` / `end stage` transitions. */
export function processFlow(e: EngineParts): void {
  for (let guard = 0; e.hasFlowRequest() && e.s.result === null; guard++) {
    if (guard > MAX_TRIGGER_PASSES) {
      finishGame(e, 'stuck', 'triggers');
      return;
    }
    if (e.rEndGame) {
      e.rEndGame = e.rEndRound = e.rEndStage = false;
      endRound(e, true);
    } else if (e.rEndRound) {
      e.rEndRound = e.rEndStage = false;
      endRound(e, false);
    } else {
      e.rEndStage = false;
      nextStage(e);
    }
  }
  e.rEndGame = e.rEndRound = e.rEndStage = false;
}

/** Runs flow transitions and triggers until nothing fires. */
export function settle(e: EngineParts): void {
  const def = e.def;
  const triggers = def.triggers;
  for (let pass = 0; pass < MAX_TRIGGER_PASSES; pass++) {
    processFlow(e);
    const s = e.s;
    if (s.result !== null || s.pauseUntil >= 0 || s.stage < 0) return;
    const stageIdx = def.rounds.stages[s.stage];
    let fired = false;
    for (let t = 0; t < triggers.length; t++) {
      const bound = tested(e, t, stageIdx);
      if (bound === NONE) continue;
      e.cleanAt[t] = -1;
      fired = true;
      e.resetTurnFlags();
      triggers[t].effect(e, bound);
      applyTurnControl(e, false);
      if (e.hasFlowRequest() || e.s.pauseUntil >= 0 || e.s.result !== null) break;
    }
    if (!fired && !e.hasFlowRequest()) {
      e.restAt = e.clock;
      return;
    }
  }
  processFlow(e);
  if (e.s.result === null) finishGame(e, 'stuck', 'triggers');
}

/**
 * `settle` after a player's action: when the effect asked for no flow change and no live trigger
 * holds, nothing else would happen, and this finds it without `settle`'s passes; else `settle`.
 * The triggers are tested as `settle`'s first pass tests them (skipping those whose reads were
 * not written since they last tested false, noting those that test false); one that holds is
 * tested again by `settle`, which finds it holding (a test is a pure function of the state).
 */
export function settleAfterAction(e: EngineParts): void {
  if (!e.hasFlowRequest()) {
    const s = e.s;
    if (s.result !== null || s.pauseUntil >= 0 || s.stage < 0) return;
    if (!anyHolds(e, e.def.rounds.stages[s.stage])) {
      e.restAt = e.clock;
      return;
    }
  }
  settle(e);
}

/** Whether a trigger live in stage `stageIdx` holds (those that do not are noted clean). */
function anyHolds(e: EngineParts, stageIdx: number): boolean {
  for (let t = 0; t < e.def.triggers.length; t++) if (tested(e, t, stageIdx) !== NONE) return true;
  return false;
}

/**
 * Trigger t's bound value when it holds, else NONE: not live in stage `stageIdx`, false when last
 * tested with nothing it reads written since (false still: trigger-reads.ts), or tested false now
 * (then noted clean).
 */
function tested(e: EngineParts, t: number, stageIdx: number): number {
  if (e.c.triggerLive[t][stageIdx] === 0) return NONE;
  const reads = e.c.triggerReads[t];
  if (reads !== null && !readSince(e.chan, reads, e.cleanAt[t])) return NONE;
  e.me = NONE;
  const bound = e.def.triggers[t].test(e);
  if (bound === NONE) e.cleanAt[t] = e.clock;
  return bound;
}
