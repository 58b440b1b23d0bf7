// Opens the ratings store beside the room storage a URL names: the same SQLite file, the same PostgreSQL schema, or memory.
import { openOnEngine } from '../storage/open.ts';
import { openDatabase } from '../storage/sqlite.ts';
import { MemoryRatings, type RatingStore } from './store.ts';

/**
 * The ratings store for a storage URL (see `storageKind`): PostgreSQL (its migrations applied),
 * a second connection to the SQLite file, or in memory.
 *
 * @example
 * const store = await openRatings('./data/decksmith.db');
 */
export function openRatings(url: string, options: { schema?: string } = {}): Promise<RatingStore> {
  return openOnEngine<RatingStore>(url, {
    memory: () => new MemoryRatings(),
    postgres: async () => (await import('./postgres.ts')).PostgresRatings.open(url, options),
    sqlite: async (file) => new (await import('./sqlite.ts')).SqliteRatings(openDatabase(file)),
  });
}
