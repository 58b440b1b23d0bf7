// When a play of mine won a race: pure, so the rule is unit-tested (TableCues.svelte shows the flash).
import type { GameView, ViewEvent } from '../net/protocol.ts';

/** Whether the table was in a race before an update: a window open (snap, slap …) or everyone playing at once. */
export function racing(view: Pick<GameView, 'window' | 'stage'> | null | undefined): boolean {
  return !!view?.window || view?.stage?.kind === 'realtime';
}

/**
 * Whether an update's events hold a play of `seat` accepted during a race (the others' plays at
 * that moment lose: they get "Beaten!"). Spectators (seat null) win nothing.
 *
 * @example
 * wonRace(true, [{ type: 'action', seat: 1, action: 'slap' }], 1) // true
 */
export function wonRace(wasRacing: boolean, events: readonly ViewEvent[], seat: number | null): boolean {
  return wasRacing && seat !== null && events.some((e) => e.type === 'action' && e.seat === seat);
}
