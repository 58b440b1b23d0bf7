// The one PostgreSQL opening sequence (storage/pg/pool.ts): migrations applied once, a pool confined to its schema, and no store opening PostgreSQL its own way.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDrafts } from '../src/drafts/open.ts';
import { openRatings } from '../src/ratings/open.ts';
import { openStorage } from '../src/storage/open.ts';
import { readMigrations } from '../src/storage/pg/migrate.ts';
import { openMigratedPool } from '../src/storage/pg/pool.ts';
import { dropSchema } from '../src/storage/postgres.ts';
import { DATABASE_URL, randomSchema } from './storage-conformance-engines.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function schemaForTest(): string {
  const schema = randomSchema('pool');
  cleanups.push(() => dropSchema(DATABASE_URL, schema));
  return schema;
}

/** Every .ts file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));
}

describe('openMigratedPool', () => {
  it('applies every migration, then gives a pool whose connections see only its schema, named as asked, bigints as numbers', async () => {
    const schema = schemaForTest();
    const { pool, schema: resolved } = await openMigratedPool(`${DATABASE_URL}?schema=${schema}`, { max: 2, applicationName: 'decksmith-pooltest' });
    cleanups.push(() => pool.end());
    expect(resolved).toBe(schema);
    const r = await pool.query<{ s: string; app: string; n: number }>(
      "select current_schema() as s, current_setting('application_name') as app, (select count(*) from schema_migrations) as n",
    );
    expect(r.rows[0]).toEqual({ s: schema, app: 'decksmith-pooltest', n: readMigrations().length });
  });

  it('lets the schema option override the URL and refuses a bad schema name before connecting', async () => {
    const schema = schemaForTest();
    const { pool } = await openMigratedPool(`${DATABASE_URL}?schema=other_unused`, { schema, max: 1, applicationName: 'x' });
    cleanups.push(() => pool.end());
    expect((await pool.query<{ s: string }>('select current_schema() as s')).rows[0]!.s).toBe(schema);
    await expect(openMigratedPool(DATABASE_URL, { schema: 'Bad-Name', max: 1, applicationName: 'x' })).rejects.toThrow(/schema name/);
  });

  it('serves the room storage, ratings and drafts opened at once on one fresh schema (each migration applied once)', async () => {
    const schema = schemaForTest();
    const url = `${DATABASE_URL}?schema=${schema}`;
    const [storage, ratings, drafts] = await Promise.all([openStorage(url), openRatings(url), openDrafts(url)]);
    cleanups.push(() => storage.close(), () => ratings.close(), () => drafts.close());
    const c = new pg.Client({ connectionString: DATABASE_URL });
    await c.connect();
    cleanups.push(() => c.end());
    const n = await c.query<{ n: string }>(`select count(*) as n from ${schema}.schema_migrations`);
    expect(Number(n.rows[0]!.n)).toBe(readMigrations().length);
    await drafts.put({ author: 'a', id: 'd', files: [{ name: 'd.rules', text: 'game d' }], updatedAt: 5 }, 10);
    expect(await drafts.list('a')).toEqual([{ id: 'd', bytes: expect.any(Number), updatedAt: 5 }]);
  });

  it('is the only place under src that builds a pg pool or runs the migrations', () => {
    const src = fileURLToPath(new URL('../src/', import.meta.url));
    const openers = sources(src).filter((f) => /new pg\.Pool\(|\bmigrate\(admin/.test(readFileSync(f, 'utf8')));
    expect(openers.map((f) => f.slice(src.length))).toEqual(['storage/pg/pool.ts']);
  });
});
