// PostgreSQL storage beyond the shared contract: commit before resolve, schemas, migrations (concurrent opens, changed files), a killed connection, the storage URL factory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStorage } from '../src/storage/memory.ts';
import { openStorage, storageKind } from '../src/storage/open.ts';
import { migrate, readMigrations } from '../src/storage/pg/migrate.ts';
import { parseDatabaseUrl } from '../src/storage/pg/schema.ts';
import { dropSchema, PostgresStorage } from '../src/storage/postgres.ts';
import { SqliteStorage } from '../src/storage/sqlite.ts';
import type { Storage } from '../src/storage/storage.ts';
import { logEntry, roomRecord } from './storage-conformance.ts';
import { DATABASE_URL, randomSchema } from './storage-conformance-engines.ts';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A schema of this test's own, dropped after it. */
function schemaForTest(): string {
  const schema = randomSchema('pgs');
  cleanups.push(() => dropSchema(DATABASE_URL, schema));
  return schema;
}

async function openPg(schema: string, extra: Partial<Parameters<typeof PostgresStorage.open>[0]> = {}): Promise<PostgresStorage> {
  const s = await PostgresStorage.open({ url: DATABASE_URL, schema, poolSize: 3, ...extra });
  cleanups.push(() => s.close());
  return s;
}

async function client(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  cleanups.push(() => c.end());
  return c;
}

const settledWithin = <T>(p: Promise<T>, ms: number): Promise<boolean> =>
  Promise.race([p.then(() => true, () => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

describe('PostgresStorage', () => {
  it('resolves an append only once its commit is done (a commit held back by a lock holds the append back)', async () => {
    const schema = schemaForTest();
    const s = await openPg(schema);
    await s.createRoom(roomRecord('held'));
    const locker = await client();
    // The insert's foreign-key check needs a share lock on the room's row: hold the row.
    await locker.query('begin');
    await locker.query(`select 1 from ${schema}.rooms where id = 'held' for update`);
    const append = s.appendAction('held', logEntry(1));
    expect(await settledWithin(append, 300)).toBe(false);
    await locker.query('commit');
    await append;
    const seen = await locker.query(`select n from ${schema}.actions where room = 'held'`);
    expect(seen.rows).toEqual([{ n: 1 }]);
  });

  it('rejects a taken position and a gap with code storage/not_next and a message saying so (what a node that lost a race matches)', async () => {
    const s = await openPg(schemaForTest());
    await s.createRoom(roomRecord('nn'));
    await s.appendAction('nn', logEntry(1));
    for (const n of [1, 3]) {
      const error = await s.appendAction('nn', logEntry(n)).catch((e: unknown) => e as Error & { code?: string });
      expect(error).toBeInstanceOf(Error);
      expect(error).toMatchObject({ code: 'storage/not_next', message: expect.stringMatching(/position \d+ of room nn is not next/) });
    }
    await expect(s.appendAction('nope', logEntry(1))).rejects.toThrow('no room nope');
  });

  it('keeps schemas apart; `?schema=` in the URL names one, the option overrides it', async () => {
    const [one, two] = [schemaForTest(), schemaForTest()];
    const a = await openPg(one);
    const b = await PostgresStorage.open({ url: `${DATABASE_URL}?schema=${two}`, poolSize: 2 });
    cleanups.push(() => b.close());
    const c = await PostgresStorage.open({ url: `${DATABASE_URL}?schema=${two}`, schema: one, poolSize: 2 });
    cleanups.push(() => c.close());
    expect([b.schema, c.schema]).toEqual([two, one]);
    await a.createRoom(roomRecord('only-in-one'));
    expect(await b.getRoom('only-in-one')).toBeNull();
    expect(await c.getRoom('only-in-one')).not.toBeNull();
    await b.createRoom(roomRecord('only-in-one', { game: 'b' })); // same id, other schema: no clash
    expect((await a.getRoom('only-in-one'))?.game).toBe('shed');
  });

  it('refuses a schema name that is not a plain identifier, and a URL that is not postgres://', () => {
    for (const bad of ['x";drop schema public cascade;--', 'Upper', '1abc', '', 'a'.repeat(64)]) {
      expect(() => parseDatabaseUrl(`postgres://h/db?schema=${encodeURIComponent(bad)}`)).toThrow(/schema name/);
    }
    expect(() => parseDatabaseUrl('mysql://h/db')).toThrow(/postgres/);
    expect(parseDatabaseUrl('postgres://u@h:5/db?schema=abc&sslmode=disable')).toEqual({
      connectionString: 'postgres://u@h:5/db?sslmode=disable',
      schema: 'abc',
    });
  });

  it('rejects appends after close, and close commits what was queued', async () => {
    const schema = schemaForTest();
    const s = await PostgresStorage.open({ url: DATABASE_URL, schema, poolSize: 2 });
    await s.createRoom(roomRecord('c'));
    const queued = s.appendAction('c', logEntry(1));
    const closed = s.close();
    await expect(s.appendAction('c', logEntry(2))).rejects.toThrow(/closed/);
    await closed;
    await queued;
    const again = await openPg(schema);
    expect((await again.getActions('c')).map((e) => e.n)).toEqual([1]);
  });

  it('splits a turn larger than maxBatch over several commits, all resolving in order', async () => {
    const s = await openPg(schemaForTest(), { maxBatch: 3 });
    for (let r = 0; r < 10; r++) await s.createRoom(roomRecord(`m${r}`));
    await Promise.all(Array.from({ length: 10 }, (_, r) => s.appendAction(`m${r}`, logEntry(1))));
    for (let r = 0; r < 10; r++) expect(await s.getActions(`m${r}`)).toStrictEqual([logEntry(1)]);
  });

  it('survives a pooled connection killed by the server: reports it, reconnects, goes on', async () => {
    const name = `decksmith_kill_${Math.random().toString(36).slice(2, 10)}`;
    const errors: Error[] = [];
    const s = await openPg(schemaForTest(), { applicationName: name, onError: (e) => errors.push(e) });
    await s.createRoom(roomRecord('k')); // the pool now holds an idle connection
    const admin = await client();
    const killed = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [name]);
    expect(killed.rowCount).toBeGreaterThan(0);
    await expect.poll(() => errors.length, { timeout: 5000 }).toBeGreaterThan(0);
    expect((await s.getRoom('k'))?.id).toBe('k');
    await s.appendAction('k', logEntry(1));
  });
});

describe('migrations', () => {
  it('apply once, even when several nodes open a fresh schema at the same moment', async () => {
    const schema = schemaForTest();
    const nodes = await Promise.all(Array.from({ length: 4 }, () => openPg(schema)));
    const c = await client();
    const applied = await c.query(`select id, name from ${schema}.schema_migrations order by id`);
    expect(applied.rows).toEqual(readMigrations().map((m) => ({ id: m.id, name: m.name })));
    expect(await migrate(c, schema)).toEqual([]); // nothing left to apply
    await nodes[0]!.createRoom(roomRecord('after'));
    expect(await nodes[3]!.getRoom('after')).not.toBeNull();
  });

  it('refuses to open on a schema where an applied migration file has changed since', async () => {
    const schema = schemaForTest();
    const dir = mkdtempSync(join(tmpdir(), 'decksmith-migrations-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, '001-first.sql'), 'create table a (x integer);');
    const c = await client();
    expect(await migrate(c, schema, readMigrations(dir))).toEqual([1]);
    writeFileSync(join(dir, '002-second.sql'), 'create table b (y integer);');
    expect(await migrate(c, schema, readMigrations(dir))).toEqual([2]);
    writeFileSync(join(dir, '001-first.sql'), 'create table a (x bigint);');
    await expect(migrate(c, schema, readMigrations(dir))).rejects.toThrow(/001-first.sql was changed/);
  });

  it('rolls a failing migration back whole and records nothing for it', async () => {
    const schema = schemaForTest();
    const dir = mkdtempSync(join(tmpdir(), 'decksmith-migrations-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, '001-half.sql'), 'create table half (x integer); select no_such_function();');
    const c = await client();
    await expect(migrate(c, schema, readMigrations(dir))).rejects.toThrow(/001-half.sql failed/);
    const left = await c.query(`select count(*)::int as n from information_schema.tables where table_schema = $1 and table_name = 'half'`, [schema]);
    expect(left.rows[0].n).toBe(0);
    expect((await c.query(`select count(*)::int as n from ${schema}.schema_migrations`)).rows[0].n).toBe(0);
  });

  it('refuses a migration file not named NNN-name.sql, and two files with one number', () => {
    const dir = mkdtempSync(join(tmpdir(), 'decksmith-migrations-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, '1-x.sql'), '');
    expect(() => readMigrations(dir)).toThrow(/NNN-name/);
    rmSync(join(dir, '1-x.sql'));
    writeFileSync(join(dir, '001-a.sql'), '');
    writeFileSync(join(dir, '001-b.sql'), '');
    expect(() => readMigrations(dir)).toThrow(/two migrations/);
  });
});

describe('openStorage', () => {
  it('picks the engine from the URL', () => {
    expect(['./data/x.db', 'sqlite:./x.db', ':memory:', 'memory:', 'postgres://h/db', 'postgresql://h/db'].map(storageKind)).toEqual([
      'sqlite',
      'sqlite',
      'sqlite',
      'memory',
      'postgres',
      'postgres',
    ]);
  });

  it('opens memory, SQLite (a path or sqlite:path) and PostgreSQL (migrated, in the URL’s schema)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'decksmith-open-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const schema = schemaForTest();
    const opened: Storage[] = [
      await openStorage('memory:'),
      await openStorage(join(dir, 'a.db')),
      await openStorage(`sqlite:${join(dir, 'b.db')}`),
      await openStorage(`${DATABASE_URL}?schema=${schema}`, { poolSize: 2 }),
    ];
    cleanups.push(() => Promise.all(opened.map((s) => s.close())));
    expect(opened.map((s) => s.constructor)).toEqual([MemoryStorage, SqliteStorage, SqliteStorage, PostgresStorage]);
    for (const s of opened) {
      await s.createRoom(roomRecord('x'));
      await s.appendAction('x', logEntry(1));
      expect(await s.getActions('x')).toStrictEqual([logEntry(1)]);
    }
    expect((opened[3] as PostgresStorage).schema).toBe(schema);
  });
});
