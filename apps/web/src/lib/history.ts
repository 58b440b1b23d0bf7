// This browser's history of games played or left (localStorage): game, date, result, seat, and the room whose replay opens them.
import type { SeatSummary } from '../net/api.ts';
import type { GameResult } from '../net/protocol.ts';
import { resultText } from './names.ts';

export interface PlayedGame {
  room: string;
  game: string;
  /** The game's title when it was played. */
  title: string;
  /** Wall-clock ms when it ended (or was left). */
  at: number;
  /** The seat this browser held; null when it only watched. */
  seat: number | null;
  /** How it ended for this browser. */
  outcome: 'won' | 'lost' | 'resigned' | 'abandoned' | 'watched';
  /** "You win!", "Bot 2 (Casual) wins!", "You resigned." */
  text: string;
}

const KEY = 'decksmith:history';
/** Games kept; the oldest are dropped past it. */
export const HISTORY_MAX = 50;

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const OUTCOMES = new Set(['won', 'lost', 'resigned', 'abandoned', 'watched']);
const valid = (g: unknown): g is PlayedGame => {
  const x = g as PlayedGame;
  return !!x && typeof x.room === 'string' && typeof x.game === 'string' && typeof x.title === 'string' && typeof x.at === 'number' && (x.seat === null || typeof x.seat === 'number') && OUTCOMES.has(x.outcome) && typeof x.text === 'string';
};

/** The games of this browser, newest first (entries it cannot read are skipped). */
export function history(): PlayedGame[] {
  const raw = store()?.getItem(KEY);
  if (!raw) return [];
  try {
    const list = JSON.parse(raw) as unknown;
    return Array.isArray(list) ? list.filter(valid).sort((a, b) => b.at - a.at) : [];
  } catch {
    return [];
  }
}

/** Adds a game, or replaces the entry of the same room (a resign later seen finished keeps "resigned"). */
export function remember(game: PlayedGame): void {
  const before = history();
  const old = before.find((g) => g.room === game.room);
  if (old?.outcome === 'resigned' || old?.outcome === 'abandoned') return;
  const next = [game, ...before.filter((g) => g.room !== game.room)].slice(0, HISTORY_MAX);
  try {
    store()?.setItem(KEY, JSON.stringify(next));
  } catch {
    /* storage full or refused: the history is a convenience */
  }
}

/** Forgets every game of this browser. */
export function clearHistory(): void {
  store()?.removeItem(KEY);
}

/** The entry of a finished game as seen from `seat` (null: watched). */
export function finishedGame(room: string, game: string, title: string, result: GameResult, seats: readonly SeatSummary[], seat: number | null, at: number): PlayedGame {
  const outcome = seat === null ? 'watched' : result.winners.includes(seat) ? 'won' : 'lost';
  return { room, game, title, at, seat, outcome, text: resultText(result, seats, seat) };
}
