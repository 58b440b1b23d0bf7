// Opens the storage a `--db`/`--database` value names: a SQLite file (default), `memory:`, or a postgres:// URL.
import { MemoryStorage } from './memory.ts';
import { openDatabase, SqliteStorage } from './sqlite.ts';
import type { Storage } from './storage.ts';

export type StorageKind = 'sqlite' | 'memory' | 'postgres';

/**
 * Which engine a storage URL names: `postgres://…`/`postgresql://…` → PostgreSQL, `memory:` →
 * in-memory, `sqlite:<path>` or any other string (a file path, `:memory:`) → SQLite.
 */
export function storageKind(url: string): StorageKind {
  if (/^postgres(ql)?:\/\//i.test(url)) return 'postgres';
  if (url === 'memory:') return 'memory';
  return 'sqlite';
}

/** Options passed on to the engine that is opened (each ignores the others'). */
export interface OpenStorageOptions {
  /** PostgreSQL: pool size per process (default 10). */
  poolSize?: number;
  /** PostgreSQL: schema (overrides `?schema=`; default `public`). */
  schema?: string;
  /** PostgreSQL: errors of idle pooled connections. */
  onError?: (error: Error) => void;
  /** SQLite: a checkpoint truncates the -wal file once it is larger than this (default 64 MiB). */
  walLimitBytes?: number;
}

/** The file a SQLite storage URL names: `sqlite:<path>`, or the string itself (a path, `:memory:`). */
export function sqliteFile(url: string): string {
  return url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : url;
}

/** How a store is opened on each engine; only the one the URL names is called (so `pg` loads only when asked for). */
export interface EngineOpeners<T> {
  memory: () => T;
  postgres: () => Promise<T>;
  sqlite: (file: string) => T | Promise<T>;
}

/**
 * Opens a store on the engine a storage URL names (see {@link storageKind}): the room storage,
 * and the stores that live beside it (ratings, drafts) in the same SQLite file or PostgreSQL schema.
 *
 * @example
 * const drafts = await openOnEngine(url, { memory: () => new MemoryDrafts(), postgres: () => PostgresDrafts.open(url), sqlite: (f) => new SqliteDrafts(openDatabase(f)) });
 */
export async function openOnEngine<T>(url: string, open: EngineOpeners<T>): Promise<T> {
  switch (storageKind(url)) {
    case 'memory':
      return open.memory();
    case 'postgres':
      return open.postgres();
    case 'sqlite':
      return open.sqlite(sqliteFile(url));
  }
}

/**
 * Opens the storage named by `url` (see {@link storageKind}); PostgreSQL is loaded only when
 * asked for, and its migrations are applied before this resolves.
 *
 * @example
 * const storage = await openStorage(process.env.DATABASE_URL ?? './data/decksmith.db');
 */
export function openStorage(url: string, options: OpenStorageOptions = {}): Promise<Storage> {
  const walLimit = options.walLimitBytes !== undefined ? { walLimitBytes: options.walLimitBytes } : {};
  return openOnEngine<Storage>(url, {
    memory: () => new MemoryStorage(),
    postgres: async () => (await import('./postgres.ts')).PostgresStorage.open({ url, ...options }),
    sqlite: (file) => new SqliteStorage(openDatabase(file, { walLimitBytes: options.walLimitBytes }), walLimit),
  });
}
