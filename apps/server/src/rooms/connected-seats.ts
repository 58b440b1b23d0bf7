// Which seats of a room have a player connected, how far away each is, and when one that cannot act now next could.
import type { GameEngine } from '../games/types.ts';
import type { SeatRecord } from '../storage/storage.ts';
import { canAct, earliestAct } from './availability.ts';
import type { Subscriber } from './subscriber.ts';

/** The human seats with at least one connection. */
export function connectedSeats(seats: readonly SeatRecord[], subs: Iterable<Subscriber>): Set<number> {
  const out = new Set<number>();
  for (const s of subs) if (s.viewer !== 'spectator' && seats[s.viewer]?.kind === 'human') out.add(s.viewer);
  return out;
}

/**
 * Each seat's one-way delay (ms) if a player holding it is connected, else 0 (bots, empty seats):
 * the connection's measured delay, or, for one that does not report it, the delay its seat's last
 * action carried (`acted`). What the race buffer waits for (race-buffer.ts).
 */
export function seatDelays(seats: readonly SeatRecord[], subs: Iterable<Subscriber>, acted: readonly number[]): number[] {
  const out = seats.map(() => 0);
  for (const s of subs) {
    if (s.viewer === 'spectator' || seats[s.viewer]?.kind !== 'human') continue;
    out[s.viewer] = Math.max(out[s.viewer]!, s.delay ? s.delay() : (acted[s.viewer] ?? 0));
  }
  return out;
}

/** The earliest time a connected seat that cannot act now could, and which seats wait for it. */
export function seatWake(engine: GameEngine, state: unknown, connected: Iterable<number>, now: number): { at: number; seats: Set<number> } | null {
  let wake: { at: number; seats: Set<number> } | null = null;
  for (const seat of connected) {
    if (canAct(engine, state, seat, now)) continue;
    const at = earliestAct(engine, state, seat, now);
    if (at === null || (wake && at > wake.at)) continue;
    if (!wake || at < wake.at) wake = { at, seats: new Set() };
    wake.seats.add(seat);
  }
  return wake;
}
