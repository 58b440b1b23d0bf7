// The lobby's paging: rooms filtered by game and status, newest first, in pages with a stable cursor.
import { Type } from '@fastify/type-provider-typebox';

export const LOBBY_PAGE_DEFAULT = 50;

export const LobbyQuery = Type.Object(
  {
    game: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only rooms of this game.' })),
    status: Type.Optional(Type.Union([Type.Literal('waiting'), Type.Literal('playing'), Type.Literal('finished')], { description: 'Only rooms in this state.' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, description: `Rooms per page: ${LOBBY_PAGE_DEFAULT} by default, at most the server's lobbyPageMax (200 by default).` })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The `next` of the previous page.' })),
  },
  { additionalProperties: false },
);

/** What the lobby needs of a room to order and filter it. */
export interface Listed {
  readonly id: string;
  readonly status: string;
  readonly record: { readonly game: string; readonly createdAt: number };
}

interface Position {
  createdAt: number;
  id: string;
}

/** The cursor after a room: its creation time and id (opaque to clients). */
export function cursorAfter(room: Listed): string {
  return Buffer.from(`${room.record.createdAt}:${room.id}`, 'utf8').toString('base64url');
}

function parseCursor(cursor: string): Position | null {
  const m = /^(\d{1,16}):([A-Za-z0-9_-]{1,64})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m ? { createdAt: Number(m[1]), id: m[2]! } : null;
}

/** Newest first; the id breaks ties, so the order is total and a cursor stays valid while rooms come and go. */
const before = (a: Position, b: Position): boolean => a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id);

/**
 * One page of the lobby: the rooms matching the filters that come after the cursor in the
 * order newest first, and the cursor of the next page when there are more. Rooms created
 * after the first page was read never shift the later pages (they sort before the cursor).
 *
 * @example
 * const first = lobbyPage(rooms, { status: 'waiting', limit: 20 });
 * const second = lobbyPage(rooms, { status: 'waiting', limit: 20, cursor: first.next });
 */
export function lobbyPage<R extends Listed>(
  rooms: Iterable<R>,
  query: { game?: string; status?: string; limit?: number; cursor?: string },
): { rooms: R[]; next?: string } | { invalid: string } {
  const after = query.cursor === undefined ? null : parseCursor(query.cursor);
  if (query.cursor !== undefined && !after) return { invalid: 'Invalid querystring: cursor is not one this server gave.' };
  const limit = query.limit ?? LOBBY_PAGE_DEFAULT;
  const matching: R[] = [];
  for (const r of rooms) {
    if (query.game !== undefined && r.record.game !== query.game) continue;
    if (query.status !== undefined && r.status !== query.status) continue;
    if (after && !before(after, { createdAt: r.record.createdAt, id: r.id })) continue;
    matching.push(r);
  }
  matching.sort((a, b) => (before({ createdAt: a.record.createdAt, id: a.id }, { createdAt: b.record.createdAt, id: b.id }) ? -1 : 1));
  const page = matching.slice(0, limit);
  return matching.length > limit ? { rooms: page, next: cursorAfter(page[page.length - 1]!) } : { rooms: page };
}
