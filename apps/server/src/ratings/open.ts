// Opens the ratings store beside the room storage a URL names: the same SQLite file, the same PostgreSQL schema, or memory.
import { openDatabase } from '../storage/sqlite.ts';
import { storageKind } from '../storage/open.ts';
import { MemoryRatings, type RatingStore } from './store.ts';

/**
 * The ratings store for a storage URL (see `storageKind`): PostgreSQL (its migrations applied),
 * a second connection to the SQLite file, or in memory.
 *
 * @example
 * const store = await openRatings('./data/decksmith.db');
 */
export async function openRatings(url: string, options: { schema?: string } = {}): Promise<RatingStore> {
  switch (storageKind(url)) {
    case 'memory':
      return new MemoryRatings();
    case 'postgres': {
      const { PostgresRatings } = await import('./postgres.ts');
      return PostgresRatings.open(url, options);
    }
    case 'sqlite': {
      const { SqliteRatings } = await import('./sqlite.ts');
      return new SqliteRatings(openDatabase(url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : url));
    }
  }
}
