// Events redacted for one seat, like views: a moved card's face and id only for a viewer who
// saw it at its source or its destination.
import type { GameEvent } from '../core/events.ts';
import type { GameDef } from '../core/game-def.ts';
import type { GameState } from '../core/state.ts';
import { viewerIndex } from './view.ts';

export type ViewEvent =
  | { type: 'move'; from: number; to: number; at: number; card: number; face: number; shown: string }
  | { type: 'move'; from: number; to: number; at: number; back: number }
  | Exclude<GameEvent, { type: 'move' }>;

/**
 * The events of an apply/tick as `seat` may see them. `state` is the state they produced.
 *
 * @example
 * const r = apply(def, s, 1, action, now);
 * if ('state' in r) for (const seat of seats) send(seat, eventsFor(def, r.state, r.events, seat));
 */
export function eventsFor(def: GameDef, state: GameState, events: readonly GameEvent[], seat: number | 'spectator'): ViewEvent[] {
  const viewer = viewerIndex(state, seat);
  const out: ViewEvent[] = [];
  for (const ev of events) {
    if (ev.type !== 'move') {
      out.push(ev);
      continue;
    }
    if (((ev.seen >> viewer) & 1) === 1 && ev.ids !== null) {
      const f = state.face[ev.card];
      out.push({ type: 'move', from: ev.from, to: ev.to, at: ev.at, card: ev.ids[viewer], face: f, shown: def.faces.notation[f] });
    } else out.push({ type: 'move', from: ev.from, to: ev.to, at: ev.at, back: state.owner[ev.card] });
  }
  return out;
}
