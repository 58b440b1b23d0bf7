// Drafts (migration 030-drafts.sql) and hosted draft games' texts (040-draft-games.sql) in PostgreSQL, shared by every node of a cluster.
import type pg from 'pg';
import { openMigratedPool } from '../storage/pg/pool.ts';
import { draftBytes, type DraftGameRecord, type DraftRecord, type DraftStore, type DraftSummary } from './store.ts';

export class PostgresDrafts implements DraftStore {
  private constructor(private readonly pool: pg.Pool) {}

  /** Connects (applying pending migrations, as the room storage does) and returns the store. */
  static async open(url: string, options: { schema?: string } = {}): Promise<PostgresDrafts> {
    const { pool } = await openMigratedPool(url, { schema: options.schema, max: 2, applicationName: 'decksmith-drafts' });
    return new PostgresDrafts(pool);
  }

  async list(author: string): Promise<DraftSummary[]> {
    const r = await this.pool.query<{ id: string; bytes: number; updated_at: string }>('select id, bytes, updated_at from drafts where author = $1 order by id', [author]);
    return r.rows.map((x) => ({ id: x.id, bytes: x.bytes, updatedAt: Number(x.updated_at) }));
  }

  async get(author: string, id: string): Promise<DraftRecord | null> {
    const r = await this.pool.query<{ files: DraftRecord['files']; updated_at: string }>('select files, updated_at from drafts where author = $1 and id = $2', [author, id]);
    const row = r.rows[0];
    return row ? { author, id, files: row.files, updatedAt: Number(row.updated_at) } : null;
  }

  async put(d: DraftRecord, maxDrafts: number): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      // The author's drafts are locked while counted, so two saves cannot both take the last place.
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [`drafts:${d.author}`]);
      const had = await client.query('select 1 from drafts where author = $1 and id = $2', [d.author, d.id]);
      if (had.rowCount === 0) {
        const n = await client.query<{ n: string }>('select count(*) as n from drafts where author = $1', [d.author]);
        if (Number(n.rows[0]!.n) >= maxDrafts) {
          await client.query('rollback');
          return false;
        }
      }
      await client.query(
        'insert into drafts (author, id, files, bytes, updated_at) values ($1, $2, $3, $4, $5) on conflict (author, id) do update set files = excluded.files, bytes = excluded.bytes, updated_at = excluded.updated_at',
        [d.author, d.id, JSON.stringify(d.files), draftBytes(d.files), d.updatedAt],
      );
      await client.query('commit');
      return true;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async delete(author: string, id: string): Promise<boolean> {
    return ((await this.pool.query('delete from drafts where author = $1 and id = $2', [author, id])).rowCount ?? 0) > 0;
  }

  async saveGame(g: DraftGameRecord): Promise<void> {
    await this.pool.query('insert into draft_games (id, text, bases, created_at) values ($1, $2, $3, $4) on conflict (id) do nothing', [g.id, g.text, JSON.stringify(g.bases), g.createdAt]);
  }

  async getGame(id: string): Promise<DraftGameRecord | null> {
    const r = await this.pool.query<{ text: string; bases: DraftGameRecord['bases']; created_at: string }>('select text, bases, created_at from draft_games where id = $1', [id]);
    const row = r.rows[0];
    return row ? { id, text: row.text, bases: row.bases, createdAt: Number(row.created_at) } : null;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
