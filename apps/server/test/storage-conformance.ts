// The Storage contract as one suite: every engine (SQLite, memory, PostgreSQL) must pass it unchanged.
import { afterEach, describe, expect, it } from 'vitest';
import type { LogEntry, RoomRecord, Storage } from '../src/storage/storage.ts';
import type { Divergence, StorageEngine, StoreUnderTest } from './storage-conformance-engines.ts';

const T0 = 1_760_000_000_000;

/** A room with two human seats and a bot, `playing` unless told otherwise. */
export function roomRecord(id: string, over: Partial<RoomRecord> = {}): RoomRecord {
  return {
    id,
    game: 'shed',
    seed: `seed-${id}`,
    seedHash: `hash-${id}`,
    players: 3,
    options: { rounds: 3, variant: 'classic', open: true },
    seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', level: 'greedy' }],
    status: 'playing',
    createdAt: T0,
    ...over,
  };
}

export function logEntry(n: number, seat = n % 2): LogEntry {
  return { n, at: 1000 * n + 7, seat, seq: seat === 2 ? 0 : n, action: { type: 'play', args: { card: `c${n}`, z: n, a: [n, 1] }, round: 1 } };
}

const statusOf = (results: PromiseSettledResult<unknown>[]): string[] => results.map((r) => r.status);

/**
 * Registers the conformance tests of one engine: each test gets a fresh store (for PostgreSQL a
 * schema of its own), disposed after it. Tests of two writers on one store run where the engine
 * can share a store between instances (SQLite, PostgreSQL).
 */
export function describeStorageConformance(engine: StorageEngine): void {
  describe(`storage conformance: ${engine.name}`, () => {
    let store: StoreUnderTest | undefined;
    const fresh = async (): Promise<{ s: Storage; store: StoreUnderTest }> => {
      store = engine.fresh();
      return { s: await store.open(), store };
    };
    afterEach(async () => {
      await store?.dispose();
      store = undefined;
    });
    /**
     * A test an engine is known to fail (named in its `divergences`): registered as `it.fails`,
     * so it stays visible and turns red the day the engine is fixed (then drop the entry).
     */
    const contract = (key: Divergence, name: string, fn: () => Promise<void>): void => {
      const known = engine.divergences?.[key];
      if (known) it.fails(`${name} [known divergence: ${known}]`, fn);
      else it(name, fn);
    };

    describe('rooms', () => {
      it('returns a created room as it was stored (as the manager creates them), and omits absent optional fields', async () => {
        const { s } = await fresh();
        const full = roomRecord('full', {
          practice: true,
          status: 'waiting',
          seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', level: 'ismcts' }],
        });
        const bare = roomRecord('bare', { status: 'playing', options: {}, seats: [{ kind: 'bot', level: 'random' }], players: 1 });
        await s.createRoom(full);
        await s.createRoom(bare);
        expect(await s.getRoom('full')).toStrictEqual(full);
        expect(await s.getRoom('bare')).toStrictEqual(bare);
        expect(await s.getRoom('nope')).toBeNull();
        expect(await s.getActions('nope')).toEqual([]);
      });

      it('refuses a second room with the same id and keeps the first', async () => {
        const { s } = await fresh();
        await s.createRoom(roomRecord('dup'));
        await expect(s.createRoom(roomRecord('dup', { game: 'other' }))).rejects.toThrow();
        expect((await s.getRoom('dup'))?.game).toBe('shed');
      });

      it('hands out copies: changing a returned record changes nothing stored', async () => {
        const { s } = await fresh();
        const r = roomRecord('copy');
        await s.createRoom(r);
        r.seats[0]!.tokenHash = 'mutated-after-create';
        const got = (await s.getRoom('copy'))!;
        got.seats[1]!.tokenHash = 'mutated-after-get';
        got.options['rounds'] = 99;
        expect(await s.getRoom('copy')).toStrictEqual(roomRecord('copy'));
      });

      it('updates status, times, result and clockAt, leaving the other fields alone', async () => {
        const { s } = await fresh();
        await s.createRoom(roomRecord('u', { status: 'waiting' }));
        await s.updateRoom('u', { status: 'playing', startedAt: T0 + 1 });
        await s.updateRoom('u', { clockAt: 5_000 });
        await s.updateRoom('u', { clockAt: 9_000 });
        await s.updateRoom('u', {});
        expect(await s.getRoom('u')).toStrictEqual(roomRecord('u', { status: 'playing', startedAt: T0 + 1, clockAt: 9_000 }));
        const result = { winners: [1] } as unknown as RoomRecord['result'];
        await s.updateRoom('u', { status: 'finished', endedAt: T0 + 2, result });
        expect(await s.getRoom('u')).toStrictEqual(roomRecord('u', { status: 'finished', startedAt: T0 + 1, endedAt: T0 + 2, result, clockAt: 9_000 }));
        await expect(s.updateRoom('missing', { status: 'expired' })).resolves.toBeUndefined();
      });

      it('applies updates of one room in the order they were called, even when none is awaited', async () => {
        const { s } = await fresh();
        await s.createRoom(roomRecord('order'));
        // Several bursts: over pooled connections a reordering shows up in one burst or another.
        for (let burst = 1; burst <= 8; burst++) {
          const base = burst * 100;
          await Promise.all(Array.from({ length: 30 }, (_, i) => s.updateRoom('order', { clockAt: base + i, endedAt: T0 + base + i })));
          const r = await s.getRoom('order');
          expect([r?.clockAt, r?.endedAt]).toEqual([base + 29, T0 + base + 29]);
        }
      });

      contract('listOrder', 'lists rooms of the given statuses oldest first (by createdAt, not by insertion), up to the limit', async () => {
        const { s } = await fresh();
        const made: [string, RoomRecord['status'], number][] = [
          ['c', 'playing', 30],
          ['a', 'waiting', 10],
          ['e', 'finished', 5],
          ['b', 'playing', 20],
          ['d', 'expired', 1],
          ['f', 'waiting', 40],
        ];
        for (const [id, status, t] of made) await s.createRoom(roomRecord(id, { status, createdAt: T0 + t }));
        const ids = async (p: Promise<RoomRecord[]>) => (await p).map((r) => r.id);
        expect(await ids(s.listRooms(['waiting', 'playing']))).toEqual(['a', 'b', 'c', 'f']);
        expect(await ids(s.listRooms(['waiting', 'playing'], 2))).toEqual(['a', 'b']);
        expect(await ids(s.listRooms(['finished', 'expired']))).toEqual(['d', 'e']);
        expect(await s.listRooms([])).toEqual([]);
        expect((await s.listRooms(['playing'], 1))[0]).toStrictEqual(roomRecord('b', { createdAt: T0 + 20 }));
      });

      it('prunes up to `limit` rooms over (finished or expired) that ended before the cut-off, oldest first, with their logs', async () => {
        const { s } = await fresh();
        const make = async (id: string, status: RoomRecord['status'], endedAt?: number): Promise<void> => {
          await s.createRoom(roomRecord(id, { status: 'playing' }));
          await s.updateRoom(id, { status, ...(endedAt !== undefined ? { endedAt } : {}) });
        };
        await make('old2', 'expired', 200);
        await make('old1', 'finished', 100);
        await make('old3', 'finished', 300);
        await make('edge', 'finished', 1000); // ended exactly at the cut-off: kept
        await make('new', 'expired', 5000);
        await make('live', 'playing', 50); // not over: kept whatever its endedAt
        await make('wait', 'waiting');
        for (const id of ['old1', 'old2', 'live']) {
          for (let n = 1; n <= 3; n++) await s.appendAction(id, logEntry(n));
        }
        expect(await s.pruneRooms(1000, 0)).toHaveLength(0);
        expect((await s.pruneRooms(1000, 2)).sort()).toEqual(['old1', 'old2']);
        expect(await s.getRoom('old1')).toBeNull();
        expect(await s.getRoom('old2')).toBeNull();
        expect(await s.getActions('old1')).toEqual([]);
        expect(await s.getActions('old2')).toEqual([]);
        expect(await s.getRoom('old3')).not.toBeNull();
        expect(await s.pruneRooms(1000, 10)).toHaveLength(1);
        expect(await s.pruneRooms(1000, 10)).toHaveLength(0);
        const left = (await s.listRooms(['waiting', 'playing', 'finished', 'expired'])).map((r) => r.id).sort();
        expect(left).toEqual(['edge', 'live', 'new', 'wait']);
        expect(await s.getActions('live')).toEqual([logEntry(1), logEntry(2), logEntry(3)]);
      });
    });

    describe('seats', () => {
      it('claims a free human seat once, storing the token hash and name; refuses taken, bot, missing seats and rooms', async () => {
        const { s } = await fresh();
        await s.createRoom(roomRecord('r'));
        expect(await s.claimSeat('r', 0, 'h0', 'Ada')).toBe(true);
        expect(await s.claimSeat('r', 0, 'other', 'Eve')).toBe(false);
        expect(await s.claimSeat('r', 1, 'h1', undefined)).toBe(true);
        expect(await s.claimSeat('r', 2, 'hb', 'bot?')).toBe(false);
        expect(await s.claimSeat('r', 3, 'hx', undefined)).toBe(false);
        expect(await s.claimSeat('r', -1, 'hx', undefined)).toBe(false);
        expect(await s.claimSeat('missing', 0, 'hx', undefined)).toBe(false);
        expect((await s.getRoom('r'))?.seats).toStrictEqual([
          { kind: 'human', tokenHash: 'h0', name: 'Ada' },
          { kind: 'human', tokenHash: 'h1' },
          { kind: 'bot', level: 'greedy' },
        ]);
      });

      it('releases a claimed seat only to the token holding it: freed, or taken over by a bot for a resigning player', async () => {
        const { s } = await fresh();
        await s.createRoom(roomRecord('rel'));
        expect(await s.claimSeat('rel', 0, 'h0', 'Ada')).toBe(true);
        expect(await s.claimSeat('rel', 1, 'h1', 'Bo')).toBe(true);
        expect(await s.releaseSeat('rel', 0, 'wrong', { kind: 'human' })).toBe(false);
        expect(await s.releaseSeat('rel', 2, 'h0', { kind: 'human' })).toBe(false);
        expect(await s.releaseSeat('rel', 9, 'h0', { kind: 'human' })).toBe(false);
        expect(await s.releaseSeat('missing', 0, 'h0', { kind: 'human' })).toBe(false);
        expect(await s.releaseSeat('rel', 0, 'h0', { kind: 'human' })).toBe(true);
        expect(await s.releaseSeat('rel', 0, 'h0', { kind: 'human' })).toBe(false);
        expect(await s.releaseSeat('rel', 1, 'h1', { kind: 'bot', level: 'greedy', name: 'Bo', resigned: true })).toBe(true);
        expect((await s.getRoom('rel'))?.seats).toStrictEqual([
          { kind: 'human' },
          { kind: 'bot', level: 'greedy', name: 'Bo', resigned: true },
          { kind: 'bot', level: 'greedy' },
        ]);
        // A freed seat can be claimed again.
        expect(await s.claimSeat('rel', 0, 'h2', 'Cy')).toBe(true);
      });

      it('lets exactly one of many simultaneous claims of one seat win, and stores the winner’s hash', async () => {
        const { s } = await fresh();
        await s.createRoom(roomRecord('race'));
        const won = await Promise.all(Array.from({ length: 8 }, (_, i) => s.claimSeat('race', 1, `h${i}`, `p${i}`)));
        expect(won.filter(Boolean)).toHaveLength(1);
        const winner = won.indexOf(true);
        expect((await s.getRoom('race'))?.seats[1]).toStrictEqual({ kind: 'human', tokenHash: `h${winner}`, name: `p${winner}` });
      });
    });

    describe('action log', () => {
      it('appends in order and reads the log back exactly; refuses a taken position and changes nothing', async () => {
        const { s } = await fresh();
        await s.createRoom(roomRecord('log'));
        for (let n = 1; n <= 5; n++) await s.appendAction('log', logEntry(n));
        await expect(s.appendAction('log', { ...logEntry(5), seat: 1 })).rejects.toThrow();
        await expect(s.appendAction('log', logEntry(3))).rejects.toThrow();
        expect(await s.getActions('log')).toStrictEqual([1, 2, 3, 4, 5].map((n) => logEntry(n)));
        await s.appendAction('log', logEntry(6));
        expect((await s.getActions('log')).map((e) => e.n)).toEqual([1, 2, 3, 4, 5, 6]);
      });

      contract('rejectsGap', 'refuses a position that is not next: a gap, position 0, the first entry of a missing room', async () => {
        const { s } = await fresh();
        await s.createRoom(roomRecord('gap'));
        await s.appendAction('gap', logEntry(1));
        await expect(s.appendAction('gap', logEntry(3))).rejects.toThrow();
        await expect(s.appendAction('gap', { ...logEntry(1), n: 0 })).rejects.toThrow();
        await expect(s.appendAction('missing', logEntry(1))).rejects.toThrow();
        expect(await s.getActions('gap')).toStrictEqual([logEntry(1)]);
        expect(await s.getActions('missing')).toStrictEqual([]);
      });

      it('commits the appends of one turn together: each resolves, only a taken position rejects, and neither disturbs the others', async () => {
        const { s } = await fresh();
        for (const id of ['a', 'b', 'c']) await s.createRoom(roomRecord(id));
        const results = await Promise.allSettled([
          s.appendAction('a', logEntry(1)),
          s.appendAction('b', logEntry(1)),
          s.appendAction('a', logEntry(2)),
          s.appendAction('a', { ...logEntry(2), seat: 1, seq: 99 }), // a second writer of position 2
          s.appendAction('b', logEntry(2)),
          s.appendAction('c', logEntry(1)),
        ]);
        expect(statusOf(results)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
        expect(await s.getActions('a')).toStrictEqual([logEntry(1), logEntry(2)]);
        expect(await s.getActions('b')).toStrictEqual([logEntry(1), logEntry(2)]);
        expect(await s.getActions('c')).toStrictEqual([logEntry(1)]);
      });

      it('keeps many rooms’ interleaved appends in order', async () => {
        const { s } = await fresh();
        const rooms = ['r0', 'r1', 'r2', 'r3'];
        for (const id of rooms) await s.createRoom(roomRecord(id));
        // Each room appends its next entry as soon as the previous resolved, all rooms at once.
        await Promise.all(rooms.map(async (id) => {
          for (let n = 1; n <= 25; n++) await s.appendAction(id, logEntry(n));
        }));
        for (const id of rooms) expect((await s.getActions(id)).map((e) => e.n)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      });

      it('close() commits appends still queued, and they are read back by the next instance', async () => {
        const { s, store } = await fresh();
        await s.createRoom(roomRecord('q'));
        const pending = [1, 2, 3].map((n) => s.appendAction('q', logEntry(n)));
        await s.close();
        await expect(Promise.all(pending)).resolves.toBeDefined();
        const again = store.openPeer ? await store.openPeer() : s;
        expect((await again.getActions('q')).map((e) => e.n)).toEqual([1, 2, 3]);
      });
    });

    describe('two instances on one store (two nodes)', () => {
      const peers = async (): Promise<[Storage, Storage]> => {
        const { s, store } = await fresh();
        if (!store.openPeer) return [s, s];
        return [s, await store.openPeer()];
      };

      it('an append, once resolved, is visible to another instance (durable, not only in this process)', async () => {
        const [a, b] = await peers();
        await a.createRoom(roomRecord('d'));
        // Read through b the moment a's append resolves: the commit is already visible.
        const seen = await Promise.all([1, 2, 3].map((n) => a.appendAction('d', logEntry(n)).then(() => b.getActions('d'))));
        seen.forEach((log, i) => expect(log.length).toBeGreaterThanOrEqual(i + 1));
        expect(await b.getActions('d')).toStrictEqual([logEntry(1), logEntry(2), logEntry(3)]);
      });

      it('two writers of the same position: exactly one is accepted, and the log holds its entry', async () => {
        const [a, b] = await peers();
        await a.createRoom(roomRecord('fence'));
        await a.appendAction('fence', logEntry(1));
        for (let n = 2; n <= 6; n++) {
          const mine = logEntry(n, 0);
          const theirs = { ...logEntry(n, 1), action: { type: 'theirs', args: { n } } };
          const results = await Promise.allSettled([a.appendAction('fence', mine), b.appendAction('fence', theirs)]);
          expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
          const log = await a.getActions('fence');
          expect(log).toHaveLength(n);
          expect(log[n - 1]).toStrictEqual(results[0]!.status === 'fulfilled' ? mine : theirs);
        }
      });

      it('claims of one seat through two instances at once: exactly one wins', async () => {
        const [a, b] = await peers();
        await a.createRoom(roomRecord('seat'));
        const won = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).claimSeat('seat', 0, `h${i}`, undefined)));
        expect(won.filter(Boolean)).toHaveLength(1);
        expect((await b.getRoom('seat'))?.seats[0]?.tokenHash).toBe(`h${won.indexOf(true)}`);
      });

      it('a room created and updated by one instance is read by the other', async () => {
        const [a, b] = await peers();
        await a.createRoom(roomRecord('shared', { status: 'waiting' }));
        await a.updateRoom('shared', { status: 'playing', startedAt: T0 + 3, clockAt: 42 });
        expect(await b.getRoom('shared')).toStrictEqual(roomRecord('shared', { status: 'playing', startedAt: T0 + 3, clockAt: 42 }));
        expect((await b.listRooms(['playing'])).map((r) => r.id)).toEqual(['shared']);
      });
    });
  });
}
