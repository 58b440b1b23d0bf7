// Applies the SQL migrations of apps/server/migrations in order, once each, under an advisory lock (safe when several nodes open at once).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { quoteIdent } from './schema.ts';

/** The folder of the migration files: `NNN-name.sql`, applied in the order of NNN. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations/', import.meta.url));

export interface Migration {
  id: number;
  name: string;
  /** The file name, as errors cite it. */
  file: string;
  sql: string;
  /** Hex SHA-256 of the file: an applied migration whose file changed since is refused. */
  checksum: string;
}

/** Reads the migration files of `dir`, sorted by number; a badly named file or a number used twice throws. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const out: Migration[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
    const m = /^(\d{3,})-([a-z0-9-]+)\.sql$/.exec(file);
    if (!m) throw new Error(`migration file ${file} is not named NNN-name.sql`);
    const sql = readFileSync(`${dir}/${file}`, 'utf8');
    out.push({ id: Number(m[1]), name: m[2]!, file, sql, checksum: createHash('sha256').update(sql).digest('hex') });
  }
  out.sort((a, b) => a.id - b.id);
  for (let i = 1; i < out.length; i++) {
    if (out[i]!.id === out[i - 1]!.id) throw new Error(`two migrations are numbered ${out[i]!.id}`);
  }
  return out;
}

/** First key of the two-int advisory lock taken while migrating ('dsmg'); the second is the schema's hash. */
const LOCK_CLASS = 0x64736d67;

/**
 * Creates `schema` if needed and applies every migration not yet recorded in its
 * `schema_migrations` table, each in its own transaction with its record. A session advisory
 * lock keyed by the schema name serialises nodes that open the same schema at once: the second
 * waits, then finds everything applied. Returns the ids it applied.
 */
export async function migrate(client: pg.ClientBase, schema: string, migrations: readonly Migration[] = readMigrations()): Promise<number[]> {
  const s = quoteIdent(schema);
  await client.query('select pg_advisory_lock($1, hashtext($2))', [LOCK_CLASS, schema]);
  try {
    await client.query(`create schema if not exists ${s}`);
    await client.query(
      `create table if not exists ${s}.schema_migrations (id integer primary key, name text not null, checksum text not null, applied_at timestamptz not null default now())`,
    );
    const done = await client.query<{ id: number; name: string; checksum: string }>(`select id, name, checksum from ${s}.schema_migrations`);
    const applied = new Map(done.rows.map((r) => [r.id, r]));
    const ran: number[] = [];
    for (const m of migrations) {
      const before = applied.get(m.id);
      if (before) {
        if (before.checksum !== m.checksum) {
          throw new Error(`migration ${m.file} was changed after it was applied to schema ${schema}; add a new migration instead`);
        }
        continue;
      }
      await client.query('begin');
      try {
        await client.query(`set local search_path to ${s}`);
        await client.query(m.sql);
        await client.query(`insert into ${s}.schema_migrations (id, name, checksum) values ($1, $2, $3)`, [m.id, m.name, m.checksum]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`migration ${m.file} failed: ${(error as Error).message}`, { cause: error });
      }
      ran.push(m.id);
    }
    return ran;
  } finally {
    // A broken connection has released the lock already; its error must not hide the first one.
    await client.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, schema]).catch(() => {});
  }
}
