// When a play of mine won a race: pure, so the rule is unit-tested (TableCues.svelte shows the flash).
import type { GameView, ViewEvent } from '../net/protocol.ts';
import type { ClientDef } from '../state/def.ts';

/** Whether the table was in a race before an update: a window open (snap, slap …) or everyone playing at once. */
export function racing(view: Pick<GameView, 'window' | 'stage'> | null | undefined): boolean {
  return !!view?.window || view?.stage?.kind === 'realtime';
}

/**
 * Whether an update's events hold a contested play of `seat` accepted during a race: an action
 * the rules make a race (`races`: it names the pile it expects, and the others' plays on it at
 * that moment lose with "Beaten!"). A play nobody could beat — drawing from one's own stock in a
 * real-time stage — is no race won. Spectators (seat null) win nothing.
 *
 * @example
 * wonRace(true, [{ type: 'action', seat: 1, action: 'slap' }], 1, (a) => a === 'slap') // true
 */
export function wonRace(wasRacing: boolean, events: readonly ViewEvent[], seat: number | null, contested: (action: string) => boolean): boolean {
  return wasRacing && seat !== null && events.some((e) => e.type === 'action' && e.seat === seat && contested(e.action));
}

/** The `contested` test of {@link wonRace} for a game: its actions marked `races`. */
export function racedActions(def: Pick<ClientDef, 'actions'> | null | undefined): (action: string) => boolean {
  const raced = new Set((def?.actions ?? []).filter((a) => a.races).map((a) => a.name));
  return (action) => raced.has(action);
}
