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

/**
 * Opens the storage named by `url` (see {@link storageKind}); PostgreSQL is loaded only when
 * asked for, and its migrations are applied before this resolves.
 *
 * @example
 * const storage = await openStorage(process.env.DATABASE_URL ?? './data/decksmith.db');
 */
export async function openStorage(url: string, options: OpenStorageOptions = {}): Promise<Storage> {
  switch (storageKind(url)) {
    case 'memory':
      return new MemoryStorage();
    case 'postgres': {
      const { PostgresStorage } = await import('./postgres.ts');
      return PostgresStorage.open({ url, ...options });
    }
    case 'sqlite':
      return new SqliteStorage(
        openDatabase(url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : url, { walLimitBytes: options.walLimitBytes }),
        options.walLimitBytes !== undefined ? { walLimitBytes: options.walLimitBytes } : {},
      );
  }
}
