// The lobby across workers: the primary asks every worker for a page of its own rooms and merges them into one page, newest first, with one cursor that holds each worker's own.
import { cursorAfter, LOBBY_PAGE_DEFAULT } from '../transport/http/lobby.ts';

interface Summary {
  id: string;
  status: string;
  game: string;
  createdAt: number;
}

export interface WorkerQuery {
  /** The worker's index. */
  worker: number;
  /** Path and query to send it. */
  path: string;
}

/** The composite cursor: each worker's own cursor, `''` for one to read from its start, `null` for one with nothing left. */
type Cursors = (string | null)[];

function decode(cursor: string | null, workers: number): Cursors | undefined | { error: string } {
  if (cursor === null) return undefined;
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(c) && c.length === workers && c.every((x) => x === null || typeof x === 'string')) return c as Cursors;
  } catch {
    // not ours
  }
  return { error: 'Invalid querystring: cursor is not one this server gave.' };
}

/**
 * The per-worker queries for one lobby request: every worker lists up to `limit` of its own rooms
 * after its own cursor (so the merged first `limit` are the true newest), a finished worker is
 * not asked. An error for a cursor that is not one of ours.
 *
 * @example
 * lobbyQueries('/api/rooms?status=waiting&limit=10', 2);
 * // [{ worker: 0, path: '/api/rooms?status=waiting&limit=10' }, { worker: 1, … }]
 */
export function lobbyQueries(url: string, workers: number): { queries: WorkerQuery[]; cursors: Cursors | undefined } | { error: string } {
  const q = url.indexOf('?');
  const params = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
  const cursors = decode(params.get('cursor'), workers);
  if (cursors && 'error' in cursors) return cursors;
  params.delete('cursor');
  const queries: WorkerQuery[] = [];
  for (let worker = 0; worker < workers; worker++) {
    const c = cursors?.[worker];
    if (c === null) continue;
    const mine = new URLSearchParams(params);
    if (c) mine.set('cursor', c);
    queries.push({ worker, path: `/api/rooms${mine.size ? `?${mine.toString()}` : ''}` });
  }
  return { queries, cursors };
}

/** The lobby's order (transport/http/lobby.ts): newest first, the id breaking ties. */
const newestFirst = (a: Summary, b: Summary): number => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * Merges the workers' answers to `lobbyQueries` into one page of `limit` rooms: the newest of
 * all; each worker's cursor moves past the rooms of its own that made the page (or stays where
 * it was when none did), and `next` is given while any worker has more. A worker's error answer
 * (a bad query) is passed on as is.
 */
export function mergeLobby(url: string, answers: { worker: number; status: number; body: string }[], workers: number, cursors: Cursors | undefined): { status: number; body: string } {
  const failed = answers.find((a) => a.status !== 200);
  if (failed) return { status: failed.status, body: failed.body };
  const q = url.indexOf('?');
  const asked = Number(new URLSearchParams(q < 0 ? '' : url.slice(q + 1)).get('limit') ?? LOBBY_PAGE_DEFAULT);
  const limit = Number.isInteger(asked) && asked > 0 ? asked : LOBBY_PAGE_DEFAULT;
  // A worker that did not answer (restarting) keeps its place.
  const next: Cursors = Array.from({ length: workers }, (_, w) => (cursors ? cursors[w]! : ''));
  const pages = answers.map((a) => ({ worker: a.worker, page: JSON.parse(a.body) as { rooms: Summary[]; next?: string } }));
  const all = pages.flatMap((p) => p.page.rooms.map((room) => ({ worker: p.worker, room }))).sort((a, b) => newestFirst(a.room, b.room));
  const page = all.slice(0, limit);
  for (const { worker, page: answer } of pages) {
    const taken = page.filter((e) => e.worker === worker);
    if (taken.length === answer.rooms.length) next[worker] = answer.next ?? null;
    else if (taken.length > 0) {
      const last = taken[taken.length - 1]!.room;
      next[worker] = cursorAfter({ id: last.id, status: last.status, record: { game: last.game, createdAt: last.createdAt } });
    }
    // else none of its rooms made the page: its cursor stays where it was.
  }
  const rooms = page.map((e) => e.room);
  const more = next.some((c) => c !== null);
  return { status: 200, body: JSON.stringify({ rooms, ...(more ? { next: Buffer.from(JSON.stringify(next), 'utf8').toString('base64url') } : {}) }) };
}
