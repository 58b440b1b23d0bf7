// The summary shown between rounds: each player's points for the round that ended, how they were
// made (during play, and by the round's scoring), the totals, and what was announced. Pure.
import type { GameView, ViewEvent } from '../net/protocol.ts';

export interface RoundSummaryRow {
  player: number;
  /** Points this round (total now minus the total at the end of the previous round). */
  points: number;
  /** Of which scored by the round's scoring (cards left, bonuses), when the server says. */
  atEnd: number | null;
  total: number;
  /** Cards the player still held in their own zones as the round ended (from the last view). */
  held: number | null;
}

export interface RoundSummary {
  round: number;
  rows: RoundSummaryRow[];
  /** What the game announced as the round ended ("Bot 2 goes out!"). */
  notes: string[];
  /** Whether the game goes on (another round started). */
  next: boolean;
}

/** The round-end event of a batch of events, if any. */
export function roundEnd(events: readonly ViewEvent[]): Extract<ViewEvent, { type: 'round' }> | undefined {
  return events.find((e): e is Extract<ViewEvent, { type: 'round' }> => e.type === 'round' && e.phase === 'end');
}

/**
 * Builds the summary from the round-end event, the totals after the previous round, the view
 * before the round ended (cards held) and the announcements of the round's last moments.
 */
export function summarise(
  end: Extract<ViewEvent, { type: 'round' }>,
  before: readonly number[] | undefined,
  lastView: GameView | null,
  ownZones: (view: GameView, player: number) => number | null,
  notes: readonly string[],
  next: boolean,
): RoundSummary {
  const totals = end.scores ?? [];
  const scored = (end as { scored?: number[] }).scored;
  const rows = totals.map((total, player) => ({
    player,
    points: total - (before?.[player] ?? 0),
    atEnd: scored ? (scored[player] ?? 0) : null,
    total,
    held: lastView ? ownZones(lastView, player) : null,
  }));
  return { round: end.round, rows, notes: [...notes], next };
}

/** "+12 (10 in play, 2 at the end of the round)" or "+12". */
export function howMade(row: RoundSummaryRow): string {
  const sign = (n: number) => (n > 0 ? `+${n}` : String(n));
  if (row.atEnd === null || row.atEnd === row.points || row.atEnd === 0) return sign(row.points);
  return `${sign(row.points)} (${sign(row.points - row.atEnd)} in play, ${sign(row.atEnd)} when the round was scored)`;
}
