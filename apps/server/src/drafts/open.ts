// Opens the drafts store beside the room storage a URL names: the same SQLite file, the same PostgreSQL schema, or memory.
import { storageKind } from '../storage/open.ts';
import { openDatabase } from '../storage/sqlite.ts';
import { MemoryDrafts, type DraftStore } from './store.ts';

/**
 * @example
 * const drafts = await openDrafts('./data/decksmith.db');
 */
export async function openDrafts(url: string, options: { schema?: string } = {}): Promise<DraftStore> {
  switch (storageKind(url)) {
    case 'memory':
      return new MemoryDrafts();
    case 'postgres': {
      const { PostgresDrafts } = await import('./postgres.ts');
      return PostgresDrafts.open(url, options);
    }
    case 'sqlite': {
      const { SqliteDrafts } = await import('./sqlite.ts');
      return new SqliteDrafts(openDatabase(url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : url));
    }
  }
}
