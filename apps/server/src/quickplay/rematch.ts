// A rematch: the same game, options and seats as a finished table; each of its players who asks sits at their own seat again.
import type { RoomManager } from '../rooms/manager.ts';
import type { Room } from '../rooms/room.ts';
import { hashToken } from '../tokens.ts';

export type RematchResult = { room: Room; seat: number; token: string; opened: boolean } | { status: number; code: string; message: string };

/** Old room → its rematch, newest last (bounded: the oldest entries are forgotten). */
const MAX_REMEMBERED = 2000;

export class Rematches {
  private readonly next = new Map<string, string>();

  constructor(private readonly manager: RoomManager) {}

  /** The rematch of `oldId` this process opened, if any. */
  of(oldId: string): string | undefined {
    return this.next.get(oldId);
  }

  /**
   * Seats the holder of `token` (a seat of the finished room `oldId`) at the same seat of its
   * rematch, opening the rematch first when nobody has: human seats stay human (a player who
   * resigned included), bots stay bots of their level. `create` opens the room (the caller
   * checks quotas there). The old room's viewers are told `{ t: 'rematch', room }`.
   */
  async join(oldId: string, token: string, create: (input: Parameters<RoomManager['create']>[0]) => ReturnType<RoomManager['create']>): Promise<RematchResult> {
    const old = await this.manager.open(oldId);
    if (!old) return { status: 404, code: 'room/unknown', message: `No room "${oldId}".` };
    const seat = old.seatOfToken(hashToken(token));
    if (seat < 0) return { status: 403, code: 'auth/invalid_token', message: 'This token does not hold a seat of that table.' };
    if (old.status !== 'finished' && old.status !== 'expired') return { status: 409, code: 'game/not_over', message: 'A rematch is offered once the game is over.' };
    const name = old.record.seats[seat]?.name;
    let opened = false;
    let id = this.next.get(oldId);
    if (id === undefined || !this.manager.get(id)) {
      const seats = old.record.seats.map((s) => (s.kind === 'bot' && !s.resigned ? { kind: 'bot' as const, ...(s.level ? { level: s.level } : {}) } : { kind: 'human' as const }));
      const made = await create({ game: old.record.game, options: old.record.options, seats });
      if ('rejected' in made) return made.rejected;
      id = made.room.id;
      this.next.delete(oldId);
      this.next.set(oldId, id);
      if (this.next.size > MAX_REMEMBERED) this.next.delete(this.next.keys().next().value!);
      opened = true;
    }
    const claimed = await this.manager.claim(id, seat, name);
    if ('rejected' in claimed) return claimed.rejected;
    const room = this.manager.get(id)!;
    if (opened) for (const s of old.subscribers) s.send({ t: 'rematch', room: id });
    return { room, seat: claimed.seat, token: claimed.token, opened };
  }
}
