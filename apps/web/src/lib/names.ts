// Readable names outside the table: bot levels as words (with the algorithm as a hint), seats, results, ages. Pure.
import type { SeatSummary } from '../net/api.ts';
import type { GameResult } from '../net/protocol.ts';

/** The runtime's bot levels as players read them; the algorithm goes in a hint. */
const LEVELS: Record<string, { name: string; hint: string }> = {
  random: { name: 'Beginner', hint: 'Plays any legal move at random.' },
  greedy: { name: 'Casual', hint: 'Takes the move that looks best right now (greedy).' },
  ismcts: { name: 'Strong', hint: 'Thinks ahead by simulating many possible games (information-set Monte Carlo tree search).' },
};

const words = (id: string): string => {
  const s = id.replace(/[_-]+/g, ' ').trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
};

/** "Beginner", "Casual", "Strong"; an unknown level humanised. */
export function botLevelName(level: string): string {
  return LEVELS[level]?.name ?? words(level);
}

/** How a level plays, for a hint; an unknown level names itself. */
export function botLevelHint(level: string): string {
  return LEVELS[level]?.hint ?? `The "${level}" bot.`;
}

/** A seat as the lobby and history name it: the player's name, "Bot 2 (Casual)", or "Player 2". */
export function seatLabel(seat: SeatSummary | undefined, index: number): string {
  if (seat?.kind === 'bot' && !seat.resigned) return `Bot ${index + 1}${seat.level ? ` (${botLevelName(seat.level)})` : ''}`;
  return seat?.name || `Player ${index + 1}`;
}

/** The host of a table: whoever took the first human seat (the creator's, from the new-table form). */
export function hostOf(seats: readonly SeatSummary[]): string | null {
  const i = seats.findIndex((s) => (s.kind === 'human' && s.claimed) || s.resigned);
  return i < 0 ? null : seatLabel(seats[i], i);
}

/** "You win!", "Ada and you win!", "Bot 2 (Casual) wins!", "Nobody wins." — `me` is this browser's seat, if any. */
export function resultText(result: GameResult, seats: readonly SeatSummary[], me: number | null): string {
  const winners = result.winners;
  if (winners.length === 0) return 'Nobody wins.';
  const names = winners.map((w) => (w === me ? 'you' : seatLabel(seats[w], w)));
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  const text = list.charAt(0).toUpperCase() + list.slice(1);
  return `${text} ${winners.length === 1 && winners[0] !== me ? 'wins' : 'win'}!`;
}

/** "just now", "5 min ago", "2 h ago", "3 days ago". */
export function ago(at: number, now: number): string {
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 60) return 'just now';
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.floor(h / 24)} days ago`;
}
