// Play now: the creator's choice of how long a table it opens waits for people before bots take the empty seats (remembered), and the request.
import { api, type GameSummary } from '../net/api.ts';
import { holdSeat, playerName } from '../state/seats.ts';

const WAIT_KEY = 'decksmith.quickplay.wait';

/** Seconds to wait before bots fill a table opened by Play now; null: wait for people. */
export const WAITS: readonly (number | null)[] = [10, 30, 120, null];

export function savedWait(): number | null {
  try {
    const v = localStorage.getItem(WAIT_KEY);
    if (v === 'never') return null;
    const n = Number(v);
    return v !== null && WAITS.includes(n) ? n : 10;
  } catch {
    return 10;
  }
}

export function saveWait(seconds: number | null): void {
  try {
    localStorage.setItem(WAIT_KEY, seconds === null ? 'never' : String(seconds));
  } catch {
    /* not remembered */
  }
}

/** The bot level that fills seats: the game's second level when it has one (a fair opponent), else its only one. */
export function fillLevel(game: GameSummary): string | undefined {
  return game.botLevels[Math.min(1, game.botLevels.length - 1)];
}

/** Seats this browser at an open table of `game` (or a new one) and returns the room id. */
export async function playNow(game: GameSummary, waitSeconds: number | null): Promise<string> {
  const level = fillLevel(game);
  const name = playerName() || undefined;
  const r = await api.quickPlay({ game: game.id, ...(name ? { name } : {}), ...(waitSeconds !== null && level ? { fill: { level, afterMs: waitSeconds * 1000 } } : {}) });
  holdSeat(r.room, { seat: r.seat, token: r.token });
  return r.room;
}
