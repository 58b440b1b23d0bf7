// Logical timers (language.md §10, §12): pauses, pause stages, window timeouts, turn timers
// and idle timers. `runDue` fires every timer due by `now`, earliest first, each at its own
// deadline and followed by triggers.
import type { EngineParts } from '../core/engine-parts.ts';
import { NONE } from '../core/game-def.ts';
import type { GameState } from '../core/state.ts';
import type { TimerKind } from '../core/events.ts';
import { applyTurnControl, closeWindow, passTurn, stageDef } from '../flow/control.ts';
import { finishGame } from '../flow/rounds.ts';
import { settle } from '../flow/settle.ts';
import { performTimed } from '../core/perform.ts';
import { VarOutOfRange } from '../core/var-range.ts';

const KINDS: readonly TimerKind[] = ['pause', 'stage', 'window', 'turn', 'idle'];

/** Index into KINDS of the earliest pending timer (ties: that order), -1 when none. */
function earliest(s: GameState): number {
  if (s.result !== null) return -1;
  if (s.pauseUntil >= 0) return 0;
  const blocked = s.windowBlocking === 1;
  let best = -1;
  let at = Infinity;
  for (let k = 1; k <= 4; k++) {
    if ((k === 3 || k === 4) && blocked) continue;
    if (k === 2 && s.window < 0) continue;
    const d = deadlineOf(s, k);
    if (d >= 0 && d < at) {
      best = k;
      at = d;
    }
  }
  return best;
}

function deadlineOf(s: GameState, k: number): number {
  return k === 0 ? s.pauseUntil : k === 1 ? s.stageDeadline : k === 2 ? s.windowDeadline : k === 3 ? s.turnDeadline : s.idleDeadline;
}

/**
 * When the next timer falls due (logical ms), or null when nothing is pending. A server calls
 * `tick` at that time.
 *
 * @example
 * const at = nextDeadline(state); if (at !== null) schedule(at - now);
 */
export function nextDeadline(state: GameState): number | null {
  const k = earliest(state);
  return k < 0 ? null : deadlineOf(state, k);
}

/** Fires every timer due at or before `now`; true when any fired. */
export function runDue(e: EngineParts, now: number): boolean {
  let fired = false;
  for (;;) {
    const s = e.s;
    const k = earliest(s);
    if (k < 0) break;
    const at = deadlineOf(s, k);
    if (at > now) break;
    fired = true;
    e.now = at;
    try {
      fire(e, k, at);
      e.set('moves', e.s.moves + 1);
      e.set('lastAt', Math.max(e.s.lastAt, at));
      settle(e);
    } catch (err) {
      // No action to reject: a timer that writes a variable out of its range ends the game.
      if (!(err instanceof VarOutOfRange)) throw err;
      finishGame(e, 'stuck', 'range');
    }
    if (e.s.result === null && e.s.moves >= e.s.maxMoves) finishGame(e, 'stuck', 'limit');
  }
  e.now = now;
  return fired;
}

function fire(e: EngineParts, k: number, at: number): void {
  const s = e.s;
  const def = e.def;
  if (!e.quiet) e.events.push({ type: 'timer', timer: KINDS[k], at });
  e.me = NONE;
  e.resetTurnFlags();
  switch (k) {
    case 0: {
      const cont = s.pauseCont;
      const bound = s.pauseBound;
      e.set('pauseUntil', NONE);
      e.set('pauseCont', NONE);
      if (cont >= 0) def.continuations[cont](e, bound);
      applyTurnControl(e, false);
      break;
    }
    case 1:
      e.set('stageDeadline', NONE);
      e.rEndStage = true;
      break;
    case 2: {
      const w = s.window;
      closeWindow(e);
      def.windows[w].onTimeout?.(e);
      applyTurnControl(e, false);
      break;
    }
    case 3: {
      e.set('turnDeadline', NONE);
      const ai = e.c.timerAction[def.rounds.stages[s.stage]];
      const p = s.current;
      if (ai < 0 || p < 0 || !performTimed(e, p, ai)) {
        // The timed action is not possible: the turn passes anyway, so play goes on.
        e.resetTurnFlags();
        if (stageDef(e)?.kind === 'turns' && e.s.current >= 0) passTurn(e);
      }
      break;
    }
    default: {
      const sd = stageDef(e);
      if (sd === null || sd.kind !== 'realtime' || sd.idle === undefined) {
        e.set('idleDeadline', NONE);
        break;
      }
      const ms = sd.idle.ms(e);
      e.set('idleDeadline', ms > 0 ? at + ms : NONE);
      sd.idle.effect(e);
      applyTurnControl(e, false);
    }
  }
}
