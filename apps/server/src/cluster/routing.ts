// Which worker owns a room (a hash of its id), and which room, if any, an HTTP request or WebSocket upgrade is about.

/**
 * The worker (0 … workers−1) that owns a room: FNV-1a of the id, modulo the worker count.
 * Deterministic, so the primary, every worker and a restarted worker agree without talking.
 *
 * @example
 * ownerOf('k3J9aZ0pQw_x', 2); // 0 or 1, always the same for this id
 */
export function ownerOf(roomId: string, workers: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < roomId.length; i++) {
    h ^= roomId.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % Math.max(1, workers);
}

/** Room ids as the server draws them (base64url); anything else in a path is not routed by room. */
const ROOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The room a request is about: `/api/rooms/:id` and everything below it, or the `room` query
 * parameter of `/ws?room=<id>`. Undefined for every other path (create, lobby, games, static
 * files, docs, health, metrics), which any worker can answer.
 *
 * @example
 * roomOfRequest('/api/rooms/abc/join'); // 'abc'
 * roomOfRequest('/ws?room=abc');        // 'abc'
 * roomOfRequest('/api/rooms?status=waiting'); // undefined
 */
export function roomOfRequest(url: string): string | undefined {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (path === '/ws') {
    const room = new URLSearchParams(q < 0 ? '' : url.slice(q + 1)).get('room');
    return room !== null && ROOM_ID.test(room) ? room : undefined;
  }
  const m = /^\/api\/rooms\/([^/?#]+)(?:\/|$)/.exec(path);
  if (!m) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(m[1]!);
  } catch {
    return undefined;
  }
  return ROOM_ID.test(id) ? id : undefined;
}

/** Whether a request path is the WebSocket endpoint. */
export function isWebSocketPath(url: string): boolean {
  const q = url.indexOf('?');
  return (q < 0 ? url : url.slice(0, q)) === '/ws';
}
