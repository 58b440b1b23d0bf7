// Chat lines are stored with the room in every storage (memory, SQLite, PostgreSQL through its migration), in order, and deleted with the room.
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatLine } from '@decksmith/protocol';
import { MemoryStorage } from '../src/storage/memory.ts';
import { dropSchema, PostgresStorage } from '../src/storage/postgres.ts';
import { openDatabase, SqliteStorage } from '../src/storage/sqlite.ts';
import type { Storage } from '../src/storage/storage.ts';
import { roomRecord } from './storage-conformance.ts';
import { DATABASE_URL, randomSchema } from './storage-conformance-engines.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const engines: [string, () => Promise<Storage>][] = [
  ['memory', async () => new MemoryStorage()],
  ['sqlite', async () => new SqliteStorage(openDatabase(':memory:'))],
  [
    'postgres',
    async () => {
      const schema = randomSchema('chat');
      const s = await PostgresStorage.open({ url: DATABASE_URL, schema, poolSize: 2 });
      cleanups.push(() => dropSchema(DATABASE_URL, schema));
      return s;
    },
  ],
];

const line = (at: number, text: string, seat: number | null = 0): ChatLine => ({ at, seat, channel: seat === null ? 'spectators' : 'players', kind: 'text', text });

describe.each(engines)('chat in %s storage', (_name, make) => {
  it('keeps lines in the order written, bounded by the limit asked, and deletes them with the room', async () => {
    const s = await make();
    cleanups.push(() => s.close());
    const room = roomRecord('chat-1', { status: 'finished', endedAt: 1000 });
    await s.createRoom(room);
    await s.createRoom(roomRecord('chat-2'));
    await s.appendChat('chat-1', line(5, 'hello'));
    await s.appendChat('chat-1', { ...line(7, '👍'), kind: 'reaction', name: 'Ada' });
    await s.appendChat('chat-1', line(9, 'watching', null));
    await s.appendChat('chat-2', line(1, 'other room'));
    const lines = await s.getChat('chat-1');
    expect(lines).toEqual([line(5, 'hello'), { ...line(7, '👍'), kind: 'reaction', name: 'Ada' }, line(9, 'watching', null)]);
    expect(await s.getChat('chat-1', 2)).toEqual(lines.slice(0, 2));
    expect(await s.pruneRooms(2000, 10)).toHaveLength(1);
    expect(await s.getChat('chat-1')).toEqual([]);
    expect(await s.getChat('chat-2')).toEqual([line(1, 'other room')]);
  });
});
