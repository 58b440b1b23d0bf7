// After every accepted action and timer: flow transitions, then triggers to a fixed point
// (language.md §12: at most 64 passes, else the game ends as stuck).
import type { EngineParts } from '../core/engine-parts.ts';
import { NONE } from '../core/game-def.ts';
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
      if (e.c.triggerLive[t][stageIdx] === 0) continue;
      e.me = NONE;
      const bound = triggers[t].test(e);
      if (bound === NONE) continue;
      fired = true;
      e.resetTurnFlags();
      triggers[t].effect(e, bound);
      applyTurnControl(e, false);
      if (e.hasFlowRequest() || e.s.pauseUntil >= 0 || e.s.result !== null) break;
    }
    if (!fired && !e.hasFlowRequest()) return;
  }
  processFlow(e);
  if (e.s.result === null) finishGame(e, 'stuck', 'triggers');
}
