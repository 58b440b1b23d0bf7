// Built-in checks before any `require` (language.md §11): who, stage/window, role, races,
// rate limits and `once`. Availability returns a small code so legal-action enumeration
// allocates nothing; apply turns a negative code into a Rejection.
import { STAGE_ALL, STAGE_STEPS } from '../core/compiled.ts';
import type { EngineParts } from '../core/engine-parts.ts';
import { NONE, type ActionDef, type Rejection } from '../core/game-def.ts';
import { viewIdOf } from '../views/view-ids.ts';
import { cardZoneOf } from '../core/state.ts';

/** Available through the stage (or one of its steps). */
export const AV_STAGE = 1;
/** Available through the open window. */
export const AV_WINDOW = 2;

const R_GAME_OVER = -1;
const R_PAUSED = -2;
const R_OUT = -3;
const R_NOT_YOURS = -4;
const R_EXCLUDED = -5;
const R_STAGE = -6;
const R_BLOCKED = -7;
const R_WINDOW = -8;
const R_ROLE = -9;

/** AV_STAGE / AV_WINDOW when `seat` may perform action `ai` now, else a negative code. */
export function availability(e: EngineParts, ai: number, seat: number): number {
  const r = seatRefusal(e, seat);
  return r < 0 ? r : actionAvailability(e, ai, seat);
}

/** A negative code when `seat` may perform no action at all now (game over, a pause, sitting out), else 0. */
export function seatRefusal(e: EngineParts, seat: number): number {
  const s = e.s;
  if (s.result !== null || s.stage < 0) return R_GAME_OVER;
  if (s.pauseUntil >= 0 || e.c.pauseAt[s.stage] === 1) return R_PAUSED;
  if (s.out[seat] !== 0) return R_OUT;
  return 0;
}

/** `availability` for a seat that `seatRefusal` lets act: who, stage, step, window and role. */
export function actionAvailability(e: EngineParts, ai: number, seat: number): number {
  const s = e.s;
  const def = e.def;
  const si = def.rounds.stages[s.stage];
  const a = def.actions[ai];
  const who = a.who;
  if (who.kind === 'current') {
    if (seat !== s.current) return R_NOT_YOURS;
  } else if (who.kind === 'any' && who.except !== undefined) {
    e.me = seat;
    if (who.except(e) === seat) return R_EXCLUDED;
  }
  const ca = e.c.actions[ai];
  const w = s.window;
  let via: number;
  if (w >= 0 && ca.window[w] === 1) via = AV_WINDOW;
  else {
    const st = ca.stage[si];
    if (st === STAGE_ALL || (st === STAGE_STEPS && ((ca.stepMask[si] >> s.step) & 1) === 1)) {
      if (w >= 0 && s.windowBlocking === 1) return R_BLOCKED;
      via = AV_STAGE;
    } else return ca.hasStage ? R_STAGE : R_WINDOW;
  }
  if (who.kind === 'role' && !e.hasRole(seat, who.role)) {
    e.me = seat;
    if (who.when === undefined || who.when(e)) return R_ROLE;
  }
  return via;
}

/** The rejection for a negative availability code. */
export function availabilityRejection(e: EngineParts, ai: number, code: number): Rejection {
  const s = e.s;
  const name = e.def.actions[ai].name;
  switch (code) {
    case R_GAME_OVER:
      return { code: 'game/over', message: 'The game is over.' };
    case R_PAUSED:
      return { code: 'stage/not_now', message: 'Nobody may act during the pause.' };
    case R_OUT:
      return { code: 'turn/not_yours', message: 'You sit this round out.' };
    case R_NOT_YOURS:
      return { code: 'turn/not_yours', message: s.current >= 0 ? `It is ${e.showValue(s.current, 'player')}'s turn.` : `Only the current player may ${name}.` };
    case R_EXCLUDED:
      return { code: 'turn/not_yours', message: `You may not ${name} now.` };
    case R_BLOCKED:
      return { code: 'stage/not_now', message: `Wait: the ${e.def.windows[s.window].name} window is open.` };
    case R_WINDOW:
      return { code: 'window/closed', message: `The window for ${name} is not open.` };
    case R_ROLE:
      return { code: 'role/not_yours', message: `Your role does not ${name}.` };
    default:
      return { code: 'stage/not_now', message: `You cannot ${name} now.` };
  }
}

/** The zone action `ai` races on with the decoded args, or NONE (no race, or a new pile). */
export function racedZone(e: EngineParts, ai: number): number {
  const a = e.def.actions[ai];
  if (a.races === undefined) return NONE;
  if (a.races === -2) return a.racesZone === undefined ? NONE : a.racesZone(e, e.args);
  const p = a.params[a.races];
  const v = e.args[a.races];
  if (v < 0) return NONE;
  return p.kind === 'card' ? cardZoneOf(e.s, v) : v;
}

/** The zone's height and its top card's id as `seat` sees it (null when hidden or empty). */
export function expectOf(e: EngineParts, z: number, seat: number): { height: number; top: number | null } {
  const height = e.count(z);
  const ti = e.topIndex(z);
  const top = ti >= 0 && ((e.visibleMask(z, ti) >> seat) & 1) === 1 ? viewIdOf(e.s, seat, e.s.zones[z][ti]) : null;
  return { height, top };
}

export function checkRace(e: EngineParts, ai: number, seat: number, expect: { height: number; top: number | null } | undefined): Rejection | null {
  const z = racedZone(e, ai);
  if (z < 0) return null;
  const zoneName = e.def.zones[e.s.zoneDecl[z]].name;
  if (expect === undefined) {
    return { code: 'input/invalid', message: `${e.def.actions[ai].name} races on ${zoneName}: send expect { height, top } as you see it.` };
  }
  const now = expectOf(e, z, seat);
  if (now.height !== expect.height || now.top !== expect.top) {
    return { code: 'race/beaten', message: `Too late: ${zoneName} changed before your play arrived.` };
  }
  return null;
}

/** An action's `rate` in ms: a constant, or a function of the table (an option). */
export function rateMs(e: EngineParts, a: ActionDef): number {
  return typeof a.rate === 'function' ? a.rate(e) : (a.rate ?? 0);
}

/** rate/limited and action/already_done. */
export function checkLimits(e: EngineParts, ai: number, seat: number): Rejection | null {
  const a = e.def.actions[ai];
  const s = e.s;
  const k = ai * s.players + seat;
  if (a.rate !== undefined && s.rate[k] >= 0 && e.now - s.rate[k] < rateMs(e, a)) {
    return { code: 'rate/limited', message: `Not so fast: one ${a.name} per ${rateMs(e, a)} ms.` };
  }
  if (a.once === true && s.once[k] === s.scope) {
    return { code: 'action/already_done', message: `You have already done ${a.name} here.` };
  }
  return null;
}

/** Whether rate/once allow the action (allocation-free, for enumeration). */
export function limitsOk(e: EngineParts, ai: number, seat: number): boolean {
  const a = e.def.actions[ai];
  const s = e.s;
  const k = ai * s.players + seat;
  if (a.rate !== undefined && s.rate[k] >= 0 && e.now - s.rate[k] < rateMs(e, a)) return false;
  return !(a.once === true && s.once[k] === s.scope);
}
