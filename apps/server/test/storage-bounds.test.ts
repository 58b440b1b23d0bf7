// Bounded storage: the SQLite -wal file is cut back under its limit after a flood, and rooms past retention are pruned with their logs (SQLite, memory, and the manager's periodic prune).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pruneOnce } from '../src/rooms/pruner.ts';
import { MemoryStorage } from '../src/storage/memory.ts';
import { openDatabase, SqliteStorage } from '../src/storage/sqlite.ts';
import type { RoomRecord, RoomStatus, Storage } from '../src/storage/storage.ts';
import { hashSeed } from '../src/tokens.ts';
import { testApp } from './helpers.ts';

const dirs: string[] = [];
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'decksmith-bounds-'));
  dirs.push(d);
  return d;
};

function room(id: string, status: RoomStatus, endedAt?: number): RoomRecord {
  return {
    id,
    game: 'shed',
    seed: `seed-${id}`,
    seedHash: hashSeed(`seed-${id}`),
    players: 2,
    options: { hand_size: 7 },
    seats: [{ kind: 'bot', level: 'random' }, { kind: 'human', tokenHash: 'a'.repeat(64), name: 'Ada' }],
    status,
    createdAt: 0,
    ...(endedAt !== undefined ? { endedAt } : {}),
  };
}
const entry = (n: number) => ({ n, at: n * 100, seat: n % 2, seq: n, action: { type: 'play', args: { c: 1_000_000 + n } } });
const walSize = (file: string) => {
  try {
    return statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
};

describe('the SQLite -wal file', () => {
  it('is cut back under walLimitBytes by the checkpoints after a flood of rooms and actions', { timeout: 60_000 }, async () => {
    const file = join(tempDir(), 'flood.db');
    const limit = 256 * 1024;
    const storage = new SqliteStorage(openDatabase(file, { walLimitBytes: limit }), { walLimitBytes: limit, checkpointMs: 50 });
    // The flood: thousands of commits in a row, faster than any checkpoint keeps up with.
    let peak = 0;
    for (let r = 0; r < 3000; r++) {
      await storage.createRoom(room(`r${r}`, 'playing'));
      if (r % 10 === 0) await Promise.all(Array.from({ length: 5 }, (_, i) => storage.appendAction(`r${r}`, entry(i + 1))));
      if (r % 500 === 0) peak = Math.max(peak, walSize(file));
    }
    peak = Math.max(peak, walSize(file));
    expect(peak).toBeGreaterThan(limit); // the flood did outrun the checkpoints
    let size = walSize(file);
    for (let i = 0; i < 200 && size > limit; i++) {
      await new Promise((r) => setTimeout(r, 50));
      size = walSize(file);
    }
    expect(size).toBeLessThanOrEqual(limit);
    // Nothing was lost on the way.
    expect((await storage.getRoom('r2999'))?.seedHash).toBe(hashSeed('seed-r2999'));
    expect(await storage.getActions('r2990')).toHaveLength(5);
    await storage.close();
  });
});

async function pruneContract(storage: Storage): Promise<void> {
  const rooms = [room('f1000', 'finished', 1000), room('e1500', 'expired', 1500), room('f2000', 'finished', 2000), room('f3000', 'finished', 3000), room('playing', 'playing'), room('waiting', 'waiting'), room('f9000', 'finished', 9000)];
  for (const r of rooms) {
    // Created waiting, then ended the way the server ends rooms.
    await storage.createRoom({ ...r, status: 'waiting', endedAt: undefined });
    if (r.status !== 'waiting') await storage.updateRoom(r.id, { status: r.status, ...(r.endedAt !== undefined ? { endedAt: r.endedAt } : {}) });
    await storage.appendAction(r.id, entry(1));
    await storage.appendAction(r.id, entry(2));
  }
  expect(await storage.pruneRooms(2500, 10)).toHaveLength(3);
  for (const gone of ['f1000', 'e1500', 'f2000']) {
    expect(await storage.getRoom(gone)).toBeNull();
    expect(await storage.getActions(gone)).toEqual([]);
  }
  const left = (await storage.listRooms(['waiting', 'playing', 'finished', 'expired'])).map((r) => r.id).sort();
  expect(left).toEqual(['f3000', 'f9000', 'playing', 'waiting']);
  expect(await storage.getActions('f3000')).toHaveLength(2);
  // The limit holds, oldest first; rooms that can still go on are never pruned.
  expect(await storage.pruneRooms(Number.MAX_SAFE_INTEGER, 1)).toHaveLength(1);
  expect(await storage.getRoom('f3000')).toBeNull();
  expect(await storage.pruneRooms(Number.MAX_SAFE_INTEGER, 100)).toHaveLength(1);
  expect(await storage.pruneRooms(Number.MAX_SAFE_INTEGER, 100)).toHaveLength(0);
  expect((await storage.listRooms(['waiting', 'playing', 'finished', 'expired'])).map((r) => r.id).sort()).toEqual(['playing', 'waiting']);
  expect(await storage.getActions('playing')).toHaveLength(2);
}

describe('pruneRooms', () => {
  it('SQLite deletes finished and expired rooms ended before the cut, with their actions, up to the limit', async () => {
    const file = join(tempDir(), 'prune.db');
    const storage = new SqliteStorage(openDatabase(file));
    await pruneContract(storage);
    const db = openDatabase(file);
    expect((db.prepare('select count(*) as c from actions').get() as { c: number }).c).toBe(4);
    db.close();
    await storage.close();
  });

  it('memory storage keeps the same contract', async () => {
    await pruneContract(new MemoryStorage());
  });

  it('pruneOnce goes on in batches until a batch comes back short', async () => {
    const storage = new MemoryStorage();
    for (let i = 0; i < 7; i++) await storage.createRoom(room(`old${i}`, 'finished', 1000 + i));
    await storage.createRoom(room('recent', 'finished', 50_000));
    expect(await pruneOnce(storage, { pruneAfterMs: 10_000, pruneBatch: 3 }, 60_000)).toBe(7);
    expect((await storage.listRooms(['finished'])).map((r) => r.id)).toEqual(['recent']);
  });

  it('the server prunes old games on its own, every pruneEveryMs', { timeout: 30_000 }, async () => {
    const storage = new MemoryStorage();
    await storage.createRoom(room('ancient', 'finished', Date.now() - 10 * 86_400_000));
    await storage.createRoom(room('fresh', 'finished', Date.now()));
    app = await testApp({ storage, config: { pruneAfterMs: 86_400_000, pruneEveryMs: 50 } });
    for (let i = 0; i < 100 && (await storage.getRoom('ancient')); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await storage.getRoom('ancient')).toBeNull();
    expect(await storage.getRoom('fresh')).not.toBeNull();
  });
});
