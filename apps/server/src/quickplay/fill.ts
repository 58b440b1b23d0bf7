// Seats nobody took within the wait its creator chose are given to bots, so a quick-play table always starts.
import { randomBytes } from 'node:crypto';
import type { Room } from '../rooms/room.ts';
import type { Storage } from '../storage/storage.ts';
import { hashToken } from '../tokens.ts';
import { freeSeats } from './match.ts';

/**
 * Gives every seat of `room` still free to a bot of `level`, then starts the room. Each seat
 * is taken in storage the way a player would take it (a claim with a token nobody holds, so a
 * player's claim at the same moment gets `seat/taken`), then handed to the bot; a seat a player
 * took meanwhile is left to them. A table nobody sits at any more stays as it is (bots never play
 * alone: null, and the caller may try again). Resolves to the seats given to bots.
 */
export async function fillWithBots(room: Room, storage: Storage, level: string): Promise<number[] | null> {
  if (room.closed || room.status !== 'waiting') return [];
  // Nobody is left waiting (the opener left): no table of bots alone (null: try again later).
  if (!room.record.seats.some((s) => s.kind === 'human' && s.tokenHash)) return null;
  const filled: number[] = [];
  for (const seat of freeSeats(room)) {
    const hash = hashToken(randomBytes(32).toString('base64url'));
    if (!(await storage.claimSeat(room.id, seat, hash, undefined))) continue;
    if (!(await storage.releaseSeat(room.id, seat, hash, { kind: 'bot', level }))) continue;
    // Only now, with storage agreeing, does the room see a bot there (a claim checks the record first, then storage).
    if (room.record.seats[seat]?.tokenHash) continue;
    room.record.seats[seat] = { kind: 'bot', level };
    filled.push(seat);
  }
  if (filled.length > 0) await room.maybeStart();
  return filled;
}

/** Timers of tables waiting to be filled (unref'd: they never keep the process alive). */
export class BotFill {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly storage: Storage) {}

  /**
   * Fills `room`'s free seats with `level` bots after `afterMs` (0: at once); when nobody sits
   * there then (the opener left), the wait starts again for whoever sits down next, until the
   * room starts or closes.
   */
  schedule(room: Room, level: string, afterMs: number, onError: (err: unknown) => void): void {
    this.cancel(room.id);
    const t = setTimeout(() => {
      this.timers.delete(room.id);
      void fillWithBots(room, this.storage, level).then((filled) => {
        if (filled === null && !room.closed && room.status === 'waiting') this.schedule(room, level, Math.max(afterMs, 1000), onError);
      }, onError);
    }, afterMs);
    t.unref?.();
    this.timers.set(room.id, t);
  }

  cancel(id: string): void {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
  }

  close(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
