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

/**
 * The text a hosted draft game was compiled from (`draft-<hash>`: the hash is of this text and
 * its bases), kept so that a restarted server recompiles it and resumes its tables.
 */
export interface DraftGameRecord {
  id: string;
  text: string;
  /** The variant's base rule files, by game id (DraftBase in compiler.ts). */
  bases: { id: string; text: string }[];
  /** Wall-clock ms of the first table. */
  createdAt: number;
}

/** Drafts per author, and the texts of hosted draft games. Every method may be remote, hence async. */
export interface DraftStore {
  list(author: string): Promise<DraftSummary[]>;
  get(author: string, id: string): Promise<DraftRecord | null>;
  /**
   * Saves a draft unless it is new and the author already keeps `maxDrafts`: resolves to false
   * then (nothing changed).
   */
  put(draft: DraftRecord, maxDrafts: number): Promise<boolean>;
  delete(author: string, id: string): Promise<boolean>;
  /** Keeps a hosted draft game's text (once per id: the id is its text's hash, so a second save changes nothing). */
  saveGame(game: DraftGameRecord): Promise<void>;
  /** The text a draft game id was compiled from, or null (never hosted here, or stored before draft_games existed). */
  getGame(id: string): Promise<DraftGameRecord | null>;
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

  private readonly games = new Map<string, DraftGameRecord>();

  async saveGame(game: DraftGameRecord): Promise<void> {
    if (!this.games.has(game.id)) this.games.set(game.id, structuredClone(game));
  }

  async getGame(id: string): Promise<DraftGameRecord | null> {
    const g = this.games.get(id);
    return g ? structuredClone(g) : null;
  }

  async close(): Promise<void> {}
}
