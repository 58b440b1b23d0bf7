// The drafts store on each engine (memory, SQLite file, real PostgreSQL in a schema of its own): per author, the count bound, concurrent saves; hosted draft games' texts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDrafts } from '../src/drafts/open.ts';
import { MemoryDrafts, type DraftStore } from '../src/drafts/store.ts';
import { dropSchema } from '../src/storage/postgres.ts';
import { DATABASE_URL, randomSchema } from './storage-conformance-engines.ts';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const engines: [string, () => Promise<DraftStore>][] = [
  ['memory', async () => new MemoryDrafts()],
  [
    'sqlite',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'drafts-'));
      const store = await openDrafts(join(dir, 'db.sqlite'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }), () => store.close());
      return store;
    },
  ],
  [
    'postgres',
    async () => {
      const schema = randomSchema('dr');
      const store = await openDrafts(`${DATABASE_URL}?schema=${schema}`);
      cleanups.push(() => dropSchema(DATABASE_URL, schema), () => store.close());
      return store;
    },
  ],
];

const draft = (author: string, id: string, text = 'x') => ({ author, id, files: [{ name: 'a.rules', text }], updatedAt: 7 });

describe.each(engines)('drafts store: %s', (_name, make) => {
  it('keeps a draft game text by its id, once: a second save of the id changes nothing; an unknown id is null', async () => {
    const store = await make();
    const game = { id: 'draft-0123456789abcdef', text: 'game g "G"\n# é ✓', bases: [{ id: 'base', text: 'game base "B"' }], createdAt: 11 };
    await store.saveGame(game);
    await store.saveGame({ ...game, text: 'other', createdAt: 12 });
    expect(await store.getGame(game.id)).toEqual(game);
    expect(await store.getGame('draft-ffffffffffffffff')).toBeNull();
  });

  it('keeps drafts per author, replaces on save, deletes', async () => {
    const s = await make();
    expect(await s.put(draft('a', 'one', 'é'), 5)).toBe(true);
    expect(await s.put(draft('b', 'one', 'b'), 5)).toBe(true);
    expect(await s.put(draft('a', 'one', 'again'), 5)).toBe(true);
    expect(await s.get('a', 'one')).toEqual(draft('a', 'one', 'again'));
    expect(await s.list('a')).toEqual([{ id: 'one', updatedAt: 7, bytes: 5 }]);
    expect(await s.get('a', 'two')).toBeNull();
    expect(await s.delete('a', 'one')).toBe(true);
    expect(await s.delete('a', 'one')).toBe(false);
    expect(await s.get('b', 'one')).toEqual(draft('b', 'one', 'b'));
  });

  it('refuses a new draft past the bound, even when saves race', async () => {
    const s = await make();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => s.put(draft('a', `d${i}`), 3)));
    expect(results.filter(Boolean)).toHaveLength(3);
    expect(await s.list('a')).toHaveLength(3);
    // An existing draft may still be saved.
    const kept = (await s.list('a'))[0]!.id;
    expect(await s.put(draft('a', kept, 'new'), 3)).toBe(true);
  });
});
