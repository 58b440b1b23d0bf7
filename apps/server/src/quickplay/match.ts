// Quick play's choice of table: an open table of the game that is closest to starting, else none (a new one is opened).
import type { Room } from '../rooms/room.ts';

/** Free human seats of a room (unclaimed). */
export function freeSeats(room: Room): number[] {
  return room.record.seats.flatMap((s, i) => (s.kind === 'human' && !s.tokenHash ? [i] : []));
}

/**
 * The open table of `game` a quick player should sit at: waiting for players, not a practice
 * table, with a free human seat; the one with the fewest free seats first (it starts soonest),
 * then the oldest. Undefined when there is none.
 *
 * @example
 * openTable(manager.rooms.values(), 'go-fish') // a waiting Go Fish room with an open seat, or undefined
 */
export function openTable(rooms: Iterable<Room>, game: string): Room | undefined {
  let best: Room | undefined;
  let bestFree = Infinity;
  for (const r of rooms) {
    if (r.closed || r.record.game !== game || r.status !== 'waiting' || r.record.practice) continue;
    const free = freeSeats(r).length;
    if (free === 0) continue;
    if (free < bestFree || (free === bestFree && best !== undefined && r.record.createdAt < best.record.createdAt)) {
      best = r;
      bestFree = free;
    }
  }
  return best;
}
