// Turn control, windows and pauses (language.md §10): what happens after an effect asked for
// `keep turn`, `skip next`, `turn to`, `next step`, `open window`, `close window` or `pause d`.
import type { EngineParts } from '../core/engine-parts.ts';
import { newScope } from '../arbitration/scope.ts';
import { NONE, type StageDef } from '../core/game-def.ts';

export function stageDef(e: EngineParts): StageDef | null {
  const pos = e.s.stage;
  return pos < 0 ? null : e.def.stages[e.def.rounds.stages[pos]];
}

/** The first step at or after `from` whose condition (`steps a if c`) holds now, or -1. */
function activeStep(e: EngineParts, sd: StageDef & { kind: 'turns' }, from: number): number {
  for (let i = from; i < sd.steps.length; i++) if (sd.stepWhen?.[i]?.(e) !== false) return i;
  return -1;
}

/**
 * Starts p's turn at its first step whose condition holds, the turn timer armed. A player with
 * no such step is passed over; when nobody has one, the stage ends.
 */
export function startTurn(e: EngineParts, p: number): void {
  const sd = stageDef(e);
  let step = 0;
  if (sd !== null && sd.kind === 'turns' && sd.stepWhen !== undefined) {
    for (let tries = 0; ; tries++) {
      e.set('current', p);
      step = activeStep(e, sd, 0);
      if (step >= 0) break;
      if (tries >= e.s.players) {
        step = 0;
        e.rEndStage = true;
        break;
      }
      p = e.nextAfter(p);
    }
  }
  e.setTurn(p, step, NONE);
  let deadline = NONE;
  if (sd !== null && sd.kind === 'turns' && sd.turnTimer !== undefined) {
    const ms = sd.turnTimer.ms(e); // it may read whose turn it is, so that is written first
    if (ms > 0) {
      deadline = e.now + ms;
      e.setTurn(p, step, deadline);
    }
  }
  if (!e.quiet) e.events.push({ type: 'turn', player: p, deadline: deadline < 0 ? null : deadline });
}

/** Passes the turn in the direction of play, honouring pending skips. */
export function passTurn(e: EngineParts): void {
  let p = e.s.current;
  const n = 1 + e.s.skips;
  if (e.s.skips !== 0) e.set('skips', 0);
  for (let i = 0; i < n; i++) p = e.nextAfter(p);
  startTurn(e, p);
}

function advanceStep(e: EngineParts, sd: StageDef & { kind: 'turns' }): void {
  const next = activeStep(e, sd, e.s.step + 1);
  if (next >= 0) {
    e.set('step', next);
    if (!e.quiet) e.events.push({ type: 'step', step: sd.steps[e.s.step] });
  } else passTurn(e);
}

/**
 * Applies the turn control an effect requested. `turnAction`: the effect was an accepted
 * current-player action of the stage itself (not of a window), which passes the turn unless
 * it kept it; a system effect (timer, trigger) only does what it asked for.
 */
export function applyTurnControl(e: EngineParts, turnAction: boolean): void {
  const sd = stageDef(e);
  if (sd !== null && sd.kind === 'turns' && !e.hasFlowRequest() && e.s.result === null) {
    if (e.fTurnTo >= 0) {
      if (e.s.skips !== 0) e.set('skips', 0);
      startTurn(e, e.fTurnTo);
    } else if (e.fEndTurn) passTurn(e);
    else if (e.fNextStep) advanceStep(e, sd);
    else if (turnAction && !e.fKeep) {
      if (sd.steps.length > 0) advanceStep(e, sd);
      else passTurn(e);
    }
  }
  e.resetTurnFlags();
}

export function openWindow(e: EngineParts, w: number): void {
  if (e.s.window >= 0) closeWindow(e);
  const wd = e.def.windows[w];
  const ms = wd.ms === undefined ? NONE : wd.ms(e);
  const deadline = ms >= 0 ? e.now + ms : NONE;
  e.set('window', w);
  e.set('windowBlocking', wd.blocking ? 1 : 0);
  e.set('windowStart', e.now);
  e.set('windowDeadline', deadline);
  newScope(e);
  if (!e.quiet) e.events.push({ type: 'window', window: wd.name, open: true, deadline: deadline < 0 ? null : deadline });
}

/**
 * Closes the open window. Stage timers (turn timer, idle) do not run while a blocking window
 * is open: when it closes they restart with their full duration.
 */
export function closeWindow(e: EngineParts): void {
  const w = e.s.window;
  if (w < 0) return;
  const wd = e.def.windows[w];
  e.set('window', NONE);
  e.set('windowBlocking', 0);
  e.set('windowDeadline', NONE);
  newScope(e);
  if (!e.quiet) e.events.push({ type: 'window', window: wd.name, open: false, deadline: null });
  if (!wd.blocking) return;
  const sd = stageDef(e);
  if (sd === null) return;
  if (sd.kind === 'turns' && sd.turnTimer !== undefined && e.s.turnDeadline >= 0) {
    e.set('turnDeadline', e.now + sd.turnTimer.ms(e));
  }
  if (sd.kind === 'realtime' && sd.idle !== undefined && e.s.idleDeadline >= 0) {
    e.set('idleDeadline', e.now + sd.idle.ms(e));
  }
}

/** `pause d`: freezes actions and every other timer for ms, then runs continuation `cont`. */
export function pause(e: EngineParts, ms: number, cont: number, bound: number): void {
  const d = Math.max(0, ms);
  const s = e.s;
  if (s.windowDeadline >= 0) e.set('windowDeadline', s.windowDeadline + d);
  if (s.turnDeadline >= 0) e.set('turnDeadline', s.turnDeadline + d);
  if (s.idleDeadline >= 0) e.set('idleDeadline', s.idleDeadline + d);
  if (s.stageDeadline >= 0) e.set('stageDeadline', s.stageDeadline + d);
  e.set('pauseUntil', e.now + d);
  e.set('pauseCont', cont);
  e.set('pauseBound', bound);
  if (!e.quiet) e.events.push({ type: 'pause', until: e.now + d });
}
