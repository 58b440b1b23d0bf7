// start(): listens on a real port with SQLite open, and close() releases both.
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { start } from '../src/start.ts';
import { openDatabase } from '../src/storage/sqlite.ts';

const dir = mkdtempSync(join(tmpdir(), 'decksmith-server-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('start', () => {
  it('serves /health over HTTP and creates the database folder', async () => {
    process.env['LOG_LEVEL'] = 'silent';
    const db = join(dir, 'nested', 'decksmith.db');
    const server = await start({ port: 0, db });
    try {
      const res = await fetch(`${server.url}/health`);
      expect(await res.json()).toEqual({ status: 'ok' });
      expect(existsSync(db)).toBe(true);
    } finally {
      await server.close();
    }
  });
});

describe('openDatabase', () => {
  it('opens SQLite through the native better-sqlite3 build', () => {
    const db = openDatabase(':memory:');
    expect(db.prepare('select 1 + 1 as two').get()).toEqual({ two: 2 });
    db.close();
  });
});
