// Where an author's drafts are kept: by the SHA-256 of their author token, in memory, SQLite or PostgreSQL.
import type { DraftFile } from '@decksmith/protocol';

export interface DraftRecord {
  /** Hex SHA-256 of the author token (the token itself is never stored). */
  author: string;
  id: string;
  files: DraftFile[];
  /** Wall-clock ms. */
  updatedAt: number;
}

export interface DraftSummary {
  id: string;
  updatedAt: number;
  bytes: number;
}

/** Drafts per author. Every method may be remote, hence async. */
export interface DraftStore {
  list(author: string): Promise<DraftSummary[]>;
  get(author: string, id: string): Promise<DraftRecord | null>;
  /**
   * Saves a draft unless it is new and the author already keeps `maxDrafts`: resolves to false
   * then (nothing changed).
   */
  put(draft: DraftRecord, maxDrafts: number): Promise<boolean>;
  delete(author: string, id: string): Promise<boolean>;
  close(): Promise<void>;
}

/** UTF-8 bytes of a draft's files. */
export function draftBytes(files: readonly DraftFile[]): number {
  let n = 0;
  for (const f of files) n += Buffer.byteLength(f.text, 'utf8');
  return n;
}

/** Drafts in this process only (tests, `memory:` storage). */
export class MemoryDrafts implements DraftStore {
  private readonly byAuthor = new Map<string, Map<string, DraftRecord>>();

  async list(author: string): Promise<DraftSummary[]> {
    return [...(this.byAuthor.get(author)?.values() ?? [])].sort((a, b) => a.id.localeCompare(b.id)).map((d) => ({ id: d.id, updatedAt: d.updatedAt, bytes: draftBytes(d.files) }));
  }

  async get(author: string, id: string): Promise<DraftRecord | null> {
    const d = this.byAuthor.get(author)?.get(id);
    return d ? structuredClone(d) : null;
  }

  async put(draft: DraftRecord, maxDrafts: number): Promise<boolean> {
    let mine = this.byAuthor.get(draft.author);
    if (!mine) this.byAuthor.set(draft.author, (mine = new Map()));
    if (!mine.has(draft.id) && mine.size >= maxDrafts) return false;
    mine.set(draft.id, structuredClone(draft));
    return true;
  }

  async delete(author: string, id: string): Promise<boolean> {
    return this.byAuthor.get(author)?.delete(id) ?? false;
  }

  async close(): Promise<void> {}
}
