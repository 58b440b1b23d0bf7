// Drafts and hosted draft games' texts in the server's SQLite file (a connection of their own; the tables are created on open).
import type Database from 'better-sqlite3';
import { draftBytes, type DraftGameRecord, type DraftRecord, type DraftStore, type DraftSummary } from './store.ts';

const SCHEMA = `
create table if not exists drafts (author text not null, id text not null, files text not null, bytes integer not null, updated_at integer not null, primary key (author, id)) without rowid;
create table if not exists draft_games (id text primary key, text text not null, bases text not null, created_at integer not null) without rowid;
`;

interface Row {
  author: string;
  id: string;
  files: string;
  bytes: number;
  updated_at: number;
}

export class SqliteDrafts implements DraftStore {
  private readonly q;

  constructor(private readonly db: Database.Database) {
    db.exec(SCHEMA);
    this.q = {
      list: db.prepare<[string], Row>('select id, bytes, updated_at from drafts where author = ? order by id'),
      get: db.prepare<[string, string], Row>('select * from drafts where author = ? and id = ?'),
      count: db.prepare<[string], { n: number }>('select count(*) as n from drafts where author = ?'),
      exists: db.prepare<[string, string], { n: number }>('select 1 as n from drafts where author = ? and id = ?'),
      upsert: db.prepare('insert into drafts (author, id, files, bytes, updated_at) values (?, ?, ?, ?, ?) on conflict (author, id) do update set files = excluded.files, bytes = excluded.bytes, updated_at = excluded.updated_at'),
      delete: db.prepare('delete from drafts where author = ? and id = ?'),
      saveGame: db.prepare('insert into draft_games (id, text, bases, created_at) values (?, ?, ?, ?) on conflict (id) do nothing'),
      getGame: db.prepare<[string], { id: string; text: string; bases: string; created_at: number }>('select * from draft_games where id = ?'),
    };
  }

  async list(author: string): Promise<DraftSummary[]> {
    return this.q.list.all(author).map((r) => ({ id: r.id, updatedAt: r.updated_at, bytes: r.bytes }));
  }

  async get(author: string, id: string): Promise<DraftRecord | null> {
    const r = this.q.get.get(author, id);
    return r ? { author: r.author, id: r.id, files: JSON.parse(r.files) as DraftRecord['files'], updatedAt: r.updated_at } : null;
  }

  async put(d: DraftRecord, maxDrafts: number): Promise<boolean> {
    // One transaction: the count and the insert cannot race another save of the same author.
    return this.db.transaction(() => {
      if (!this.q.exists.get(d.author, d.id) && this.q.count.get(d.author)!.n >= maxDrafts) return false;
      this.q.upsert.run(d.author, d.id, JSON.stringify(d.files), draftBytes(d.files), d.updatedAt);
      return true;
    })();
  }

  async delete(author: string, id: string): Promise<boolean> {
    return this.q.delete.run(author, id).changes > 0;
  }

  async saveGame(g: DraftGameRecord): Promise<void> {
    this.q.saveGame.run(g.id, g.text, JSON.stringify(g.bases), g.createdAt);
  }

  async getGame(id: string): Promise<DraftGameRecord | null> {
    const r = this.q.getGame.get(id);
    return r ? { id: r.id, text: r.text, bases: JSON.parse(r.bases) as DraftGameRecord['bases'], createdAt: r.created_at } : null;
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
