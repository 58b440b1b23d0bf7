// The ratings store on each engine (memory, SQLite file, real PostgreSQL in a schema of its own): players, seats, rating a room once, leaderboards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openRatings } from '../src/ratings/open.ts';
import { MemoryRatings, type PlayerRecord, type RatingRecord, type RatingStore } from '../src/ratings/store.ts';
import { dropSchema } from '../src/storage/postgres.ts';
import { DATABASE_URL, randomSchema } from './storage-conformance-engines.ts';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const engines: [string, () => Promise<RatingStore>][] = [
  ['memory', async () => new MemoryRatings()],
  [
    'sqlite',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'ratings-'));
      const store = await openRatings(join(dir, 'db.sqlite'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }), () => store.close());
      return store;
    },
  ],
  [
    'postgres',
    async () => {
      const schema = randomSchema('rt');
      const store = await openRatings(`${DATABASE_URL}?schema=${schema}`);
      cleanups.push(() => dropSchema(DATABASE_URL, schema), () => store.close());
      return store;
    },
  ],
];

const player = (id: string, over: Partial<PlayerRecord> = {}): PlayerRecord => ({ id, keyHash: `hash-${id}`, name: `N ${id}`, colour: '#112233', createdAt: 1, ...over });
const rated = (game: string, p: string, rating: number, games = 1): RatingRecord => ({ game, player: p, rating, rd: 200, vol: 0.06, games, updatedAt: 5 });

describe.each(engines)('ratings store: %s', (_name, open) => {
  it('keeps players by key hash, renames them, and refuses a second player with the same key hash', async () => {
    const s = await open();
    await s.createPlayer(player('a'));
    expect(await s.playerByKeyHash('hash-a')).toEqual(player('a'));
    expect(await s.playerByKeyHash('hash-x')).toBeNull();
    await s.updatePlayer('a', { name: 'Ada', colour: '#abcdef' });
    expect((await s.players(['a', 'zz'])).map((p) => [p.name, p.colour])).toEqual([['Ada', '#abcdef']]);
    await expect(s.createPlayer(player('b', { keyHash: 'hash-a' }))).rejects.toThrow();
  });

  it('records who sits where, a later claim of a seat replacing the earlier', async () => {
    const s = await open();
    for (const id of ['a', 'b', 'c']) await s.createPlayer(player(id));
    await s.seatPlayer('room1', 1, 'b');
    await s.seatPlayer('room1', 0, 'a');
    await s.seatPlayer('room1', 1, 'c');
    await s.seatPlayer('room2', 0, 'b');
    expect(await s.roomPlayers('room1')).toEqual([{ seat: 0, player: 'a' }, { seat: 1, player: 'c' }]);
    expect(await s.roomPlayers('nope')).toEqual([]);
  });

  it('rates a room once, and ranks the leaderboard by rating with names', async () => {
    const s = await open();
    for (const id of ['a', 'b', 'c']) await s.createPlayer(player(id));
    expect(await s.rateRoom('r1', 'g', [rated('g', 'a', 1600), rated('g', 'b', 1400)])).toBe(true);
    expect(await s.rateRoom('r1', 'g', [rated('g', 'a', 9999), rated('g', 'b', 1)])).toBe(false);
    expect(await s.rateRoom('r2', 'g', [rated('g', 'c', 1700, 3), rated('other', 'a', 1800)])).toBe(true);
    const board = await s.leaderboard('g', 10);
    expect(board.map((r) => [r.player, r.rating, r.games, r.name])).toEqual([
      ['c', 1700, 3, 'N c'],
      ['a', 1600, 1, 'N a'],
      ['b', 1400, 1, 'N b'],
    ]);
    expect((await s.leaderboard('g', 2)).length).toBe(2);
    expect((await s.ratings('g', ['a', 'b', 'x'])).map((r) => r.rating).sort()).toEqual([1400, 1600]);
    expect((await s.ratingsOf('a')).map((r) => [r.game, r.rating])).toEqual([['other', 1800], ['g', 1600]]);
    expect(await s.ratingsOf('nobody')).toEqual([]);
  });
});

describe('PostgreSQL migration 010-ratings', () => {
  it('creates the ratings tables in the schema, beside the rooms', async () => {
    const schema = randomSchema('rtm');
    const store = await openRatings(`${DATABASE_URL}?schema=${schema}`);
    cleanups.push(() => dropSchema(DATABASE_URL, schema), () => store.close());
    const c = new pg.Client({ connectionString: DATABASE_URL });
    await c.connect();
    cleanups.push(() => c.end());
    const r = await c.query<{ table_name: string }>('select table_name from information_schema.tables where table_schema = $1 order by table_name', [schema]);
    expect(r.rows.map((x) => x.table_name)).toEqual(expect.arrayContaining(['players', 'rated_rooms', 'ratings', 'room_players', 'rooms', 'schema_migrations']));
  });
});
