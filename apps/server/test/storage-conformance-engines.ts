// The storage engines the conformance suite runs against, each on a fresh store: SQLite (temp file), memory, PostgreSQL (a random schema, dropped after).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryStorage } from '../src/storage/memory.ts';
import { dropSchema, PostgresStorage } from '../src/storage/postgres.ts';
import { openDatabase, SqliteStorage } from '../src/storage/sqlite.ts';
import type { Storage } from '../src/storage/storage.ts';

/** The PostgreSQL server of the tests (the project's machines run one; `npm test` provides it elsewhere). */
export const DATABASE_URL = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A schema name no other test uses. */
export function randomSchema(prefix = 't'): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/** One fresh store of an engine: `open` gives an instance on it, `openPeer` another instance on the same store (a second node). */
export interface StoreUnderTest {
  open(): Promise<Storage>;
  /** Another process-like instance on the same data (own connections); absent for engines that cannot share. */
  openPeer?: () => Promise<Storage>;
  /** Closes every instance opened and removes the store. */
  dispose(): Promise<void>;
}

/** Parts of the contract an engine is known to break (see `contract` in storage-conformance.ts). */
export type Divergence = 'rejectsGap' | 'listOrder';

export interface StorageEngine {
  name: string;
  /** Makes a new, empty store. */
  fresh(): StoreUnderTest;
  /** Known breaks of the contract, each with why: those tests are expected to fail until fixed. */
  divergences?: Partial<Record<Divergence, string>>;
}

function tracking(open: () => Promise<Storage>, remove: () => Promise<void> | void, shared: boolean): StoreUnderTest {
  const opened: Storage[] = [];
  const track = async (): Promise<Storage> => {
    const s = await open();
    // Closed once, however often a test and the clean-up close it (SQLite's close() waits forever the second time).
    const close = s.close.bind(s);
    let closing: Promise<void> | undefined;
    s.close = () => (closing ??= close());
    opened.push(s);
    return s;
  };
  return {
    open: track,
    ...(shared ? { openPeer: track } : {}),
    async dispose() {
      await Promise.allSettled([...new Set(opened)].map((s) => s.close()));
      await remove();
    },
  };
}

export const sqliteEngine: StorageEngine = {
  name: 'sqlite',
  fresh() {
    const dir = mkdtempSync(join(tmpdir(), 'decksmith-conformance-'));
    const file = join(dir, 'rooms.db');
    return tracking(async () => new SqliteStorage(openDatabase(file)), () => rmSync(dir, { recursive: true, force: true }), true);
  },
};

export const memoryEngine: StorageEngine = {
  name: 'memory',
  fresh() {
    let store: MemoryStorage | undefined;
    // One store: `open` twice is the same object (memory cannot be shared between processes).
    return tracking(async () => (store ??= new MemoryStorage()), () => {}, false);
  },
};

export const postgresEngine: StorageEngine = {
  name: 'postgres',
  fresh() {
    const schema = randomSchema('conf');
    return tracking(
      () => PostgresStorage.open({ url: DATABASE_URL, schema, poolSize: 4 }),
      () => dropSchema(DATABASE_URL, schema),
      true,
    );
  },
};
