// The lobby across workers: the primary asks every worker for its share of a page and merges them, with one cursor that holds each worker's own.

/** Lobby page size when the query gives none (the HTTP contract's default). */
const DEFAULT_LIMIT = 50;

export interface WorkerQuery {
  /** The worker's index. */
  worker: number;
  /** Path and query to send it. */
  path: string;
}

/**
 * The per-worker queries for one lobby request: each worker lists `ceil(limit / N)` of its own
 * rooms after its own cursor (the composite cursor holds one per worker; a finished worker is
 * skipped). Returns an error for a cursor that is not one of ours.
 *
 * @example
 * lobbyQueries('/api/rooms?status=waiting&limit=10', 2);
 * // [{ worker: 0, path: '/api/rooms?status=waiting&limit=5' }, { worker: 1, … }]
 */
export function lobbyQueries(url: string, workers: number): WorkerQuery[] | { error: string } {
  const q = url.indexOf('?');
  const params = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
  const limit = Number(params.get('limit') ?? DEFAULT_LIMIT);
  let cursors: (string | null | undefined)[] = [];
  const cursor = params.get('cursor');
  if (cursor !== null) {
    try {
      cursors = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as (string | null)[];
    } catch {
      return { error: 'This cursor was not given by this server.' };
    }
    if (!Array.isArray(cursors) || cursors.length !== workers || !cursors.every((c) => c === null || typeof c === 'string')) {
      return { error: 'This cursor was not given by this server (or the worker count changed).' };
    }
  }
  const queries: WorkerQuery[] = [];
  for (let worker = 0; worker < workers; worker++) {
    const mine = new URLSearchParams(params);
    // An invalid limit is passed on as is, so the worker's own validation answers it.
    if (Number.isInteger(limit) && limit > 0) mine.set('limit', String(Math.ceil(limit / workers)));
    mine.delete('cursor');
    const c = cursors[worker];
    if (c === null) continue;
    if (c !== undefined) mine.set('cursor', c);
    queries.push({ worker, path: `/api/rooms?${mine.toString()}` });
  }
  return queries;
}

interface Summary {
  createdAt?: number;
}

/**
 * Merges the workers' answers to `lobbyQueries`: the rooms of all, newest first, and a `next`
 * cursor while any worker has more. A worker's error answer (bad query) is passed on as is.
 * A legacy array answer (no paging) is merged as an array.
 */
export function mergeLobby(answers: { worker: number; status: number; body: string }[], workers: number, cursorIn: (string | null)[] | undefined): { status: number; body: string } {
  const failed = answers.find((a) => a.status !== 200);
  if (failed) return { status: failed.status, body: failed.body };
  const parsed = answers.map((a) => ({ worker: a.worker, page: JSON.parse(a.body) as Summary[] | { rooms: Summary[]; next?: string } }));
  const newestFirst = (a: Summary, b: Summary): number => (b.createdAt ?? 0) - (a.createdAt ?? 0);
  if (parsed.every((p) => Array.isArray(p.page))) {
    return { status: 200, body: JSON.stringify(parsed.flatMap((p) => p.page as Summary[]).sort(newestFirst)) };
  }
  const next: (string | null)[] = Array.from({ length: workers }, (_, w) => (cursorIn ? (cursorIn[w] ?? null) : null));
  const rooms: Summary[] = [];
  for (const { worker, page } of parsed) {
    const p = Array.isArray(page) ? { rooms: page } : page;
    rooms.push(...p.rooms);
    next[worker] = p.next ?? null;
  }
  rooms.sort(newestFirst);
  const more = next.some((c) => c !== null);
  return { status: 200, body: JSON.stringify({ rooms, ...(more ? { next: Buffer.from(JSON.stringify(next), 'utf8').toString('base64url') } : {}) }) };
}

/** The per-worker cursors a composite cursor holds (undefined on the first page). */
export function decodeCursor(url: string): (string | null)[] | undefined {
  const q = url.indexOf('?');
  const cursor = new URLSearchParams(q < 0 ? '' : url.slice(q + 1)).get('cursor');
  if (cursor === null) return undefined;
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as (string | null)[];
  } catch {
    return undefined;
  }
}
