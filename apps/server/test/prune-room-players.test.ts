// The retention prune forgets who sat in the rooms it deletes (room_players) on every engine, and leaves the rooms it keeps alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PostgresRatings } from '../src/ratings/postgres.ts';
import { SqliteRatings } from '../src/ratings/sqlite.ts';
import { MemoryRatings, type PlayerRecord, type RatingStore } from '../src/ratings/store.ts';
import { pruneOnce } from '../src/rooms/pruner.ts';
import { MemoryStorage } from '../src/storage/memory.ts';
import { dropSchema, PostgresStorage } from '../src/storage/postgres.ts';
import { openDatabase, SqliteStorage } from '../src/storage/sqlite.ts';
import type { Storage } from '../src/storage/storage.ts';
import { testApp } from './helpers.ts';
import { roomRecord } from './storage-conformance.ts';
import { DATABASE_URL, randomSchema } from './storage-conformance-engines.ts';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const ada: PlayerRecord = { id: 'p-ada', keyHash: 'k-ada', name: 'Ada', colour: '#112233', createdAt: 1 };

/** Two rooms, old (ended at 100) and kept (ended at 5000), each with a remembered player in seat 0. */
async function seed(storage: Storage, ratings: RatingStore): Promise<void> {
  await ratings.createPlayer(ada);
  for (const [id, endedAt] of [['old', 100], ['kept', 5000]] as const) {
    await storage.createRoom(roomRecord(id, { status: 'finished', endedAt }));
    await ratings.seatPlayer(id, 0, ada.id);
  }
}

async function expectPruned(storage: Storage, ratings: RatingStore, onPruned?: (ids: readonly string[]) => Promise<void>): Promise<void> {
  await seed(storage, ratings);
  expect(await pruneOnce(storage, { pruneAfterMs: 1000, pruneBatch: 10 }, 2000, onPruned)).toBe(1);
  expect(await storage.getRoom('old')).toBeNull();
  expect(await ratings.roomPlayers('old')).toEqual([]);
  expect(await ratings.roomPlayers('kept')).toEqual([{ seat: 0, player: ada.id }]);
}

describe('pruning rooms deletes their room_players rows', () => {
  it('SQLite: in the prune transaction itself (ratings beside the storage in one file)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prune-rp-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'd.db');
    const storage = new SqliteStorage(openDatabase(file));
    const ratings = new SqliteRatings(openDatabase(file));
    cleanups.push(() => storage.close(), () => ratings.close());
    await expectPruned(storage, ratings);
  });

  it('SQLite: a file whose ratings were never opened (no room_players table) prunes as before', async () => {
    const storage = new SqliteStorage(openDatabase(':memory:'));
    cleanups.push(() => storage.close());
    await storage.createRoom(roomRecord('old', { status: 'finished', endedAt: 100 }));
    expect(await storage.pruneRooms(1000, 10)).toEqual(['old']);
  });

  it('PostgreSQL: in the prune statement itself (ratings in the same schema)', async () => {
    const schema = randomSchema('prp');
    cleanups.push(() => dropSchema(DATABASE_URL, schema));
    const storage = await PostgresStorage.open({ url: DATABASE_URL, schema, poolSize: 2 });
    const ratings = await PostgresRatings.open(DATABASE_URL, { schema, poolSize: 1 });
    cleanups.push(() => storage.close(), () => ratings.close());
    await expectPruned(storage, ratings);
  });

  it('memory: the pruner tells the ratings store the ids it deleted', async () => {
    const ratings = new MemoryRatings();
    await expectPruned(new MemoryStorage(), ratings, (ids) => ratings.forgetRooms(ids));
  });

  it('the server wires its pruner to its ratings store', async () => {
    const storage = new MemoryStorage();
    const ratings = new MemoryRatings();
    await seed(storage, ratings);
    const app = await testApp({ storage, ratings, config: { pruneAfterMs: 1000, pruneEveryMs: 20 } });
    cleanups.push(() => app.close());
    await vi.waitFor(async () => expect(await ratings.roomPlayers('old')).toEqual([]), { timeout: 10_000, interval: 20 });
    expect(await ratings.roomPlayers('kept')).toEqual([]); // ended at 5000 (1970): past retention too
    expect(await storage.getRoom('kept')).toBeNull();
  });
});
