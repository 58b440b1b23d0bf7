// Opens the drafts store beside the room storage a URL names: the same SQLite file, the same PostgreSQL schema, or memory.
import { openOnEngine } from '../storage/open.ts';
import { openDatabase } from '../storage/sqlite.ts';
import { MemoryDrafts, type DraftStore } from './store.ts';

/**
 * @example
 * const drafts = await openDrafts('./data/decksmith.db');
 */
export function openDrafts(url: string, options: { schema?: string } = {}): Promise<DraftStore> {
  return openOnEngine<DraftStore>(url, {
    memory: () => new MemoryDrafts(),
    postgres: async () => (await import('./postgres.ts')).PostgresDrafts.open(url, options),
    sqlite: async (file) => new (await import('./sqlite.ts')).SqliteDrafts(openDatabase(file)),
  });
}
