// Latency-compensated arbitration (docs/fairness.md): in a contested moment (a realtime stage or an
// open window, where several seats may act at once) plays are ranked by when they were sent, not by
// when they reached the server. The server measures each seat's delay and holds contested plays for
// the window; everything here is pure: the caller passes the times, this decides the order.
import type { GameDef } from '../core/game-def.ts';
import type { GameState } from '../core/state.ts';

/** The window (ms) of a game that declares no `compensation` option. */
export const DEFAULT_COMPENSATION_MS = 150;
/** The name of the duration option that sets a game's window (0 ms turns compensation off). */
export const COMPENSATION_OPTION = 'compensation';

/** The table's compensation window: the `compensation` option when the game declares one, else the default. */
export function compensationOf(def: GameDef, state: GameState): number {
  const i = def.options.findIndex((o) => o.name === COMPENSATION_OPTION && o.kind === 'duration');
  return i >= 0 ? Math.max(0, state.options[i] ?? 0) : DEFAULT_COMPENSATION_MS;
}

/** Whether several seats may be racing now: a realtime stage, or an open window, of a game under way. */
export function contested(def: GameDef, state: GameState): boolean {
  if (state.result !== null || state.stage < 0 || state.pauseUntil >= 0) return false;
  if (state.window >= 0) return true;
  return def.stages[def.rounds.stages[state.stage]!]!.kind === 'realtime';
}

/** The window that applies to a play arriving now: `compensationOf` in a contested moment, else 0 (first received wins). */
export function compensationWindow(def: GameDef, state: GameState): number {
  return contested(def, state) ? compensationOf(def, state) : 0;
}

/** A play as the server received it. Times are the room's logical ms. */
export interface TimedPlay {
  seat: number;
  /** When it reached the server. */
  arrivedAt: number;
  /** The server's estimate of the seat's one-way delay (half its smoothed round trip); never the client's word. */
  delay: number;
  /** The view version (update number) the client says it acted on, if it said. */
  seen?: number;
  /** When the server sent that view version; unknown (too old, or never sent) gives no credit. */
  seenAt?: number;
}

/** Why a play was given the send time it was. */
export type SentBasis = 'arrival' | 'delay' | 'window' | 'view';

export interface SentEstimate {
  /** The estimated send time: `arrivedAt − credited`. */
  sentAt: number;
  /** The ms credited for the trip (0 … window). */
  credited: number;
  /** `arrival`: no compensation (window 0, or an unknown view); `delay`: the measured delay; `window`: capped at the window; `view`: capped by the age of the view acted on. */
  basis: SentBasis;
}

/**
 * The send time the server credits a play with. The credit is the seat's measured one-way delay,
 * capped at the window and at half the age of the view the play was made on (a client cannot have
 * seen a view before the server sent it, so view + trip back both fit in that time): a client that
 * delays its heartbeat answers to look far gains at most what its view's age allows, and never
 * more than the window. A negative or non-finite delay counts as 0. A play that names a view
 * version the server cannot date (`seen` given, `seenAt` not) is judged on arrival, as without
 * compensation.
 */
export function estimateSent(p: TimedPlay, windowMs: number): SentEstimate {
  const w = Number.isFinite(windowMs) && windowMs > 0 ? windowMs : 0;
  if (w === 0 || (p.seen !== undefined && p.seenAt === undefined)) return { sentAt: p.arrivedAt, credited: 0, basis: 'arrival' };
  const delay = Number.isFinite(p.delay) && p.delay > 0 ? Math.floor(p.delay) : 0;
  let credited = delay;
  let basis: SentBasis = 'delay';
  if (credited > w) {
    credited = w;
    basis = 'window';
  }
  if (p.seenAt !== undefined) {
    const half = Math.max(0, Math.floor((p.arrivedAt - p.seenAt) / 2));
    if (half < credited) {
      credited = half;
      basis = 'view';
    }
  }
  return { sentAt: p.arrivedAt - credited, credited, basis };
}

/**
 * Ranks plays held together: by estimated send time, then by the view they were made on (an older
 * view first: the play was made knowing less), then by arrival (their order in `plays`). Returns
 * new objects with the estimate and `rank` (0: first); `plays` is untouched.
 */
export function rankPlays<T extends TimedPlay>(plays: readonly T[], windowMs: number): (T & SentEstimate & { rank: number; arrival: number })[] {
  const out = plays.map((p, arrival) => ({ ...p, ...estimateSent(p, windowMs), rank: 0, arrival }));
  out.sort((a, b) => a.sentAt - b.sentAt || (a.seen ?? Infinity) - (b.seen ?? Infinity) || a.arrival - b.arrival);
  out.forEach((p, i) => (p.rank = i));
  return out;
}

/** Rejection codes that mean "somebody else's play came first". */
const LOST = new Set(['race/beaten', 'window/closed', 'stage/not_now', 'round/over', 'game/over', 'action/already_done']);

/** A decided play of the recent past: who, and when it was sent. */
export interface DecidedPlay {
  seat: number;
  sentAt: number;
}

/**
 * Who beat a rejected play, and by how much: the latest play of another seat accepted before it
 * (in decided order) and sent no later than it, within `windowMs` (or 1 s without compensation).
 * Null when the rejection is not a lost race or no such play is known.
 */
export function beatenBy(code: string, loser: DecidedPlay, accepted: readonly DecidedPlay[], windowMs: number): { by: number; ms: number } | null {
  if (!LOST.has(code)) return null;
  const span = Math.max(windowMs, 1000);
  for (let i = accepted.length - 1; i >= 0; i--) {
    const a = accepted[i]!;
    if (a.seat === loser.seat) continue;
    const ms = loser.sentAt - a.sentAt;
    if (ms >= 0 && ms <= span) return { by: a.seat, ms };
  }
  return null;
}
