// The cluster lobby in Redis: every node writes its rooms' summaries (expiring unless refreshed) and any node pages through all of them.
import type { Redis } from 'ioredis';
import type { Room } from '../rooms/room.ts';
import { cursorAfter, LOBBY_PAGE_DEFAULT, lobbyPage } from '../transport/http/lobby.ts';
import { roomSummary } from '../transport/http/room-summary.ts';
import type { ClusterKeys } from './redis-keys.ts';

/** A room as the lobby lists it (the shape of `GET /api/rooms/:id`). */
export type LobbySummary = Record<string, unknown> & { id: string; game: string; status: string; createdAt: number };

/** The summary of a loaded room. */
export function lobbySummary(room: Room): LobbySummary {
  return roomSummary(room.record, room, room.height);
}

/** Index entries read per Redis round trip, and at most per lobby request. */
const BATCH = 400;
const SCAN_MAX = 4000;

export class RedisLobby {
  private readonly written = new Map<string, string>();

  constructor(
    private readonly redis: Redis,
    private readonly keys: ClusterKeys,
    /** Summaries expire this long after their owner last wrote them. */
    private readonly ttlMs: number,
  ) {}

  /** Writes the summaries of this node's rooms (changed ones, and all of them often enough to stay alive). */
  async publish(rooms: Iterable<Room>, refreshAll: boolean): Promise<void> {
    const pipe = this.redis.pipeline();
    const seen = new Set<string>();
    for (const room of rooms) {
      seen.add(room.id);
      const json = JSON.stringify(lobbySummary(room));
      if (!refreshAll && this.written.get(room.id) === json) continue;
      this.written.set(room.id, json);
      pipe.set(this.keys.lobby(room.id), json, 'PX', this.ttlMs);
      pipe.zadd(this.keys.lobbyIndex, room.record.createdAt, room.id);
    }
    for (const id of [...this.written.keys()]) if (!seen.has(id)) this.written.delete(id);
    if (pipe.length > 0) await pipe.exec();
  }

  /** Removes a room that is no longer this node's (unloaded, or moved: its new owner writes it again). */
  async remove(id: string): Promise<void> {
    this.written.delete(id);
    await this.redis.multi().del(this.keys.lobby(id)).zrem(this.keys.lobbyIndex, id).exec();
  }

  /** One lobby page across the cluster, with the local lobby's order, filters and cursors. */
  async page(query: { game?: string; status?: string; limit?: number; cursor?: string }): Promise<{ rooms: LobbySummary[]; next?: string } | { invalid: string }> {
    const limit = query.limit ?? LOBBY_PAGE_DEFAULT;
    const found: LobbySummary[] = [];
    let max = '+inf';
    if (query.cursor !== undefined) {
      const probe = lobbyPage([], { cursor: query.cursor });
      if ('invalid' in probe) return probe;
      max = /^(\d+):/.exec(Buffer.from(query.cursor, 'base64url').toString('utf8'))![1]!;
    }
    let offset = 0;
    let scanned = 0;
    while (scanned < SCAN_MAX) {
      const ids = await this.redis.zrevrangebyscore(this.keys.lobbyIndex, max, '-inf', 'LIMIT', offset, BATCH);
      if (ids.length === 0) break;
      offset += ids.length;
      scanned += ids.length;
      const values = await this.redis.mget(...ids.map((id) => this.keys.lobby(id)));
      const stale: string[] = [];
      values.forEach((v, i) => (v ? found.push(JSON.parse(v) as LobbySummary) : stale.push(ids[i]!)));
      if (stale.length > 0) await this.redis.zrem(this.keys.lobbyIndex, ...stale);
      const listed = found.map((s) => ({ id: s.id, status: s.status, record: { game: s.game, createdAt: s.createdAt }, s }));
      const page = lobbyPage(listed, { ...query, limit });
      if ('invalid' in page) return page;
      if (page.next || ids.length < BATCH) return { rooms: page.rooms.map((r) => r.s), ...(page.next ? { next: page.next } : {}) };
    }
    // Scanned as far as one request may: what was found, and a cursor to go on from the last entry seen.
    const listed = found.map((s) => ({ id: s.id, status: s.status, record: { game: s.game, createdAt: s.createdAt }, s }));
    const page = lobbyPage(listed, { ...query, limit });
    if ('invalid' in page) return page;
    const last = listed.sort((a, b) => b.record.createdAt - a.record.createdAt || (a.id < b.id ? 1 : -1))[listed.length - 1];
    return { rooms: page.rooms.map((r) => r.s), ...(page.next ? { next: page.next } : last ? { next: cursorAfter(last) } : {}) };
  }
}
