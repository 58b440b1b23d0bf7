// The lobby of `--workers N`: paging through the primary's merged pages gives every room once, newest first, `limit` at a time, as one process would.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lobbyQueries, mergeLobby } from '../src/cluster/lobby.ts';
import { lobbyPage, type Listed } from '../src/transport/http/lobby.ts';

interface Room extends Listed {
  id: string;
  status: string;
  record: { game: string; createdAt: number };
}

const summary = (r: Room) => ({ id: r.id, status: r.status, game: r.record.game, createdAt: r.record.createdAt });

/** One worker answering a lobby path the way the HTTP route does (lobbyPage over its own rooms). */
function answer(rooms: Room[], path: string): { status: number; body: string } {
  const params = new URLSearchParams(path.split('?')[1] ?? '');
  const limit = params.get('limit');
  const cursor = params.get('cursor');
  const page = lobbyPage(rooms, { ...(limit ? { limit: Number(limit) } : {}), ...(cursor ? { cursor } : {}), ...(params.get('status') ? { status: params.get('status')! } : {}) });
  if ('invalid' in page) return { status: 400, body: JSON.stringify({ code: 'input/invalid', message: page.invalid }) };
  return { status: 200, body: JSON.stringify({ rooms: page.rooms.map(summary), ...(page.next ? { next: page.next } : {}) }) };
}

describe('lobby across workers', () => {
  it('pages through every worker’s rooms once, newest first, limit rooms a page', () => {
    const room = fc.record({ createdAt: fc.integer({ min: 0, max: 20 }), status: fc.constantFrom('waiting', 'playing'), worker: fc.nat() });
    fc.assert(
      fc.property(fc.array(room, { maxLength: 40 }), fc.integer({ min: 1, max: 7 }), fc.integer({ min: 2, max: 3 }), fc.boolean(), (specs, limit, workers, filter) => {
        const rooms: Room[] = specs.map((s, i) => ({ id: `r${String(i).padStart(3, '0')}`, status: s.status, record: { game: 'shed', createdAt: s.createdAt } }));
        const byWorker = Array.from({ length: workers }, (_, w) => rooms.filter((_, i) => specs[i]!.worker % workers === w));
        const expected = lobbyPage(rooms, { limit: 1000, ...(filter ? { status: 'waiting' } : {}) }) as { rooms: Room[] };
        const seen: string[] = [];
        let url = `/api/rooms?limit=${limit}${filter ? '&status=waiting' : ''}`;
        for (let pages = 0; pages < 100; pages++) {
          const plan = lobbyQueries(url, workers);
          if ('error' in plan) throw new Error(plan.error);
          const merged = mergeLobby(url, plan.queries.map((q) => ({ worker: q.worker, ...answer(byWorker[q.worker]!, q.path) })), workers, plan.cursors);
          expect(merged.status).toBe(200);
          const body = JSON.parse(merged.body) as { rooms: { id: string }[]; next?: string };
          if (body.next) expect(body.rooms).toHaveLength(limit);
          seen.push(...body.rooms.map((r) => r.id));
          if (!body.next) break;
          url = `/api/rooms?limit=${limit}${filter ? '&status=waiting' : ''}&cursor=${body.next}`;
        }
        expect(seen).toEqual(expected.rooms.map((r) => r.id));
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a cursor it did not give', () => {
    expect(lobbyQueries('/api/rooms?cursor=bm9wZQ', 2)).toMatchObject({ error: expect.stringContaining('cursor') });
    expect(lobbyQueries(`/api/rooms?cursor=${Buffer.from(JSON.stringify(['a'])).toString('base64url')}`, 2)).toMatchObject({ error: expect.any(String) });
  });
});
