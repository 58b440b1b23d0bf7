// Room admission: open rooms per client and bot-only rooms per client and in total, counted from the live rooms.
import type { ServerConfig } from '../config.ts';

/** A refusal of a room creation: HTTP 429 with a coded body and Retry-After. */
export interface RoomRefusal {
  status: 429;
  code: 'quota/rooms' | 'server/busy';
  message: string;
  retryAfterSeconds: number;
}

/** What admission needs to know of a live room. */
export interface LiveRoom {
  readonly status: string;
  readonly record: { readonly seats: readonly { readonly kind: string }[] };
}

/** A reservation for one room being created: `commit` it with the room's id, or `cancel` it. */
export interface RoomTicket {
  commit(roomId: string): void;
  cancel(): void;
}

type Config = Pick<ServerConfig, 'openRoomsPerClient' | 'botOnlyRoomsPerClient' | 'maxBotOnlyRooms' | 'maxRooms'>;

const isOpen = (room: LiveRoom | undefined): room is LiveRoom => room !== undefined && (room.status === 'waiting' || room.status === 'playing');
export const isBotOnly = (room: LiveRoom): boolean => room.record.seats.every((s) => s.kind === 'bot');

interface Holdings {
  rooms: Set<string>;
  pending: number;
  pendingBots: number;
}

/**
 * Admits room creations. A client is any of its keys (its IP address, and the hash of a seat
 * token when the request carries one); each key is held to the limits. A room counts against
 * its creator while it is open (waiting or playing) in this server: once it finishes, expires
 * or is reclaimed unjoined it frees the quota by itself, since counts are read from the live
 * rooms (no bookkeeping to forget). Reservations are taken synchronously, so parallel
 * requests cannot all pass the check before any of them is counted.
 *
 * @example
 * const t = admission.admit(['ip:1.2.3.4'], false);
 * if ('code' in t) reply.code(429)…; else { const room = await create(); t.commit(room.id); }
 */
export class RoomAdmission {
  private readonly byClient = new Map<string, Holdings>();
  private pendingAll = 0;
  private pendingBotsAll = 0;

  constructor(
    private readonly config: Config,
    private readonly get: (id: string) => LiveRoom | undefined,
    private readonly all: () => Iterable<LiveRoom>,
  ) {}

  /** Open rooms held by a client key (after dropping the ones no longer open), and bot-only ones among them. */
  held(key: string): { open: number; botOnly: number } {
    const h = this.byClient.get(key);
    if (!h) return { open: 0, botOnly: 0 };
    let botOnly = 0;
    for (const id of h.rooms) {
      const room = this.get(id);
      if (!isOpen(room)) h.rooms.delete(id);
      else if (isBotOnly(room)) botOnly++;
    }
    if (h.rooms.size === 0 && h.pending === 0) this.byClient.delete(key);
    return { open: h.rooms.size + h.pending, botOnly: botOnly + h.pendingBots };
  }

  /** Reserves a room for the client, or says why not. */
  admit(keys: readonly string[], botOnly: boolean): RoomTicket | RoomRefusal {
    const refusal = this.refusal(keys, botOnly);
    if (refusal) return refusal;
    const holdings = keys.map((k) => {
      let h = this.byClient.get(k);
      if (!h) this.byClient.set(k, (h = { rooms: new Set(), pending: 0, pendingBots: 0 }));
      return h;
    });
    const bot = botOnly ? 1 : 0;
    const take = (sign: 1 | -1) => {
      for (const h of holdings) {
        h.pending += sign;
        h.pendingBots += sign * bot;
      }
      this.pendingAll += sign;
      this.pendingBotsAll += sign * bot;
    };
    take(1);
    let done = false;
    return {
      commit: (roomId) => {
        if (done) return;
        done = true;
        take(-1);
        for (const [i, h] of holdings.entries()) {
          h.rooms.add(roomId);
          this.byClient.set(keys[i]!, h);
        }
      },
      cancel: () => {
        if (done) return;
        done = true;
        take(-1);
        for (const k of keys) this.held(k);
      },
    };
  }

  private refusal(keys: readonly string[], botOnly: boolean): RoomRefusal | null {
    const { maxRooms, maxBotOnlyRooms, openRoomsPerClient, botOnlyRoomsPerClient } = this.config;
    let live = 0;
    let bots = 0;
    for (const room of this.all()) {
      live++;
      if (botOnly && isOpen(room) && isBotOnly(room)) bots++;
    }
    if (live + this.pendingAll >= maxRooms) return busy(`This server hosts as many rooms as it can (${maxRooms}); try again later.`);
    if (botOnly && bots + this.pendingBotsAll >= maxBotOnlyRooms) {
      return busy(`This server hosts as many rooms of bots only as it can (${maxBotOnlyRooms}); add a human seat, or try again later.`);
    }
    for (const key of keys) {
      const held = this.held(key);
      if (held.open >= openRoomsPerClient) return quota(`You have ${held.open} open rooms, the most one client may have (${openRoomsPerClient}); finish or leave one first.`);
      if (botOnly && held.botOnly >= botOnlyRoomsPerClient) {
        return quota(`You have ${held.botOnly} open rooms of bots only, the most one client may have (${botOnlyRoomsPerClient}).`);
      }
    }
    return null;
  }
}

const busy = (message: string): RoomRefusal => ({ status: 429, code: 'server/busy', message, retryAfterSeconds: 30 });
const quota = (message: string): RoomRefusal => ({ status: 429, code: 'quota/rooms', message, retryAfterSeconds: 60 });
