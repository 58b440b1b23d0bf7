// Round scores of a table, kept for the page's session (a reload keeps the score table).
import type { RoundScores } from './table.svelte.ts';

export function loadRounds(room: string): RoundScores[] {
  try {
    return JSON.parse(sessionStorage.getItem(`decksmith:rounds:${room}`) ?? '[]') as RoundScores[];
  } catch {
    return [];
  }
}

export function saveRounds(room: string, rounds: RoundScores[]): void {
  try {
    sessionStorage.setItem(`decksmith:rounds:${room}`, JSON.stringify(rounds));
  } catch {
    /* private mode */
  }
}
