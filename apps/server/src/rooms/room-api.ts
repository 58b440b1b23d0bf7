// What a room's callers hand it and get back: who submits an action, what they are told, what leaving did.
import type { Rejection } from '../games/types.ts';

/** Who submits an action: a seat's connection (with the token hash it joined with) or the seat's bot. */
export interface Actor {
  seat: number;
  tokenHash?: string;
  bot?: boolean;
  /** The seat's measured one-way delay (ms) and the view version its play was made on (latency compensation). */
  delay?: number;
  seen?: number;
}

export type Outcome = { ok: true; n: number } | ({ ok: false; beaten?: { by: number; ms: number } } & Rejection);

export const reject = (code: string, message: string): Outcome => ({ ok: false, code, message });

/**
 * What a seat's leaving did: `freed` (before the game: the seat is open again), `resigned` (a
 * bot of `level` plays the seat on), `abandoned` (no other player was left: the game ended; the
 * room is closed by its manager).
 */
export type LeaveOutcome = { ok: true; seat: number; outcome: 'freed' | 'resigned' | 'abandoned'; level?: string } | ({ ok: false; status: number } & Rejection);

/** The bot that takes over a resigning player's seat: the game's middle level (a fair stand-in, neither a pushover nor the strongest). */
export function takeoverLevel(levels: readonly string[]): string {
  return levels[Math.floor((levels.length - 1) / 2)] ?? 'random';
}
