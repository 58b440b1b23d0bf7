// Chat in a cluster is lease-fenced like the action log (real Redis leases, real PostgreSQL): a node that cannot prove its lease stores and sends no chat line.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import type { ChatLine } from '@decksmith/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatRooms } from '../src/chat/room-chat.ts';
import { LeaseKeeper } from '../src/cluster/lease.ts';
import { fencedStorage, LeaseLostError } from '../src/cluster/lease-storage.ts';
import { clusterKeys, leaseScripts } from '../src/cluster/redis-keys.ts';
import type { Room } from '../src/rooms/room.ts';
import type { Subscriber } from '../src/rooms/subscriber.ts';
import { dropSchema, PostgresStorage } from '../src/storage/postgres.ts';
import type { Storage } from '../src/storage/storage.ts';
import { roomRecord } from './storage-conformance.ts';
import { DATABASE_URL } from './storage-conformance-engines.ts';

const schema = `chatfence_${randomBytes(5).toString('hex')}`;
const prefix = `dstest:${schema}:`;
const keys = clusterKeys(prefix);
const redis = new Redis('redis://127.0.0.1:6379');
let pgStorage: PostgresStorage;

beforeAll(async () => {
  pgStorage = await PostgresStorage.open({ url: DATABASE_URL, schema, poolSize: 2 });
});
afterAll(async () => {
  await pgStorage.close();
  const found = await redis.keys(`${prefix}*`);
  if (found.length > 0) await redis.del(...found);
  redis.disconnect();
  await dropSchema(DATABASE_URL, schema);
});

/** A lease keeper on a clock the test moves by hand (its trust window is measured on it). */
function keeper(nodeId: string): { k: LeaseKeeper; advance(ms: number): void } {
  let t = 1_000_000;
  const k = new LeaseKeeper({ nodeId, leaseMs: 10_000, scripts: leaseScripts(redis), keys, log: pino({ level: 'silent' }), onLost: () => {}, now: () => t });
  return { k, advance: (ms) => void (t += ms) };
}

let n = 0;
const roomId = (): string => `chat${++n}_${randomBytes(3).toString('hex')}`;
const line = (text: string): ChatLine => ({ at: 1, seat: 0, channel: 'players', kind: 'text', text });

describe('lease-fenced chat', () => {
  it('stores a line while the lease holds, and refuses one once it cannot be proven (nothing stored)', async () => {
    const x = keeper('CX1');
    const storage = fencedStorage(pgStorage, x.k);
    const id = roomId();
    await storage.createRoom(roomRecord(id));
    await storage.appendChat(id, line('mine'));
    x.advance(10_000); // past the trust window: no renewal ran (a paused process)
    await expect(storage.appendChat(id, line('stale'))).rejects.toBeInstanceOf(LeaseLostError);
    expect((await pgStorage.getChat(id)).map((l) => l.text)).toEqual(['mine']);
  });

  it('refuses a line for a room another node holds', async () => {
    const x = keeper('CX2');
    const y = keeper('CY2');
    const id = roomId();
    await pgStorage.createRoom(roomRecord(id));
    expect(await y.k.acquire(id)).toBe(true);
    await expect(fencedStorage(pgStorage, x.k).appendChat(id, line('not mine'))).rejects.toBeInstanceOf(LeaseLostError);
    expect(await pgStorage.getChat(id)).toEqual([]);
  });

  it('does not acknowledge a line whose write became durable after the lease ran out', async () => {
    const x = keeper('CX3');
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const slow: Storage = new Proxy(pgStorage, {
      get(target, prop) {
        if (prop === 'appendChat') return async (room: string, l: ChatLine) => (await gate, target.appendChat(room, l));
        const v = Reflect.get(target, prop) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    const storage = fencedStorage(slow, x.k);
    const id = roomId();
    await storage.createRoom(roomRecord(id));
    const write = storage.appendChat(id, line('late'));
    x.advance(10_000);
    open();
    await expect(write).rejects.toBeInstanceOf(LeaseLostError);
  });

  it('a room’s chat on a node that lost the lease answers server/moved and sends the line to nobody', async () => {
    const x = keeper('CX4');
    const storage = fencedStorage(pgStorage, x.k);
    const id = roomId();
    await storage.createRoom(roomRecord(id));
    const sent: unknown[] = [];
    const subs = new Set<Subscriber>([0, 1].map((viewer) => ({ viewer, send: (m: unknown) => void sent.push(m), close: () => {} }) as unknown as Subscriber));
    const room = { id, record: { seats: [{ kind: 'human' }, { kind: 'human' }] }, now: () => 5, subscribers: subs } as unknown as Room;
    const chat = new ChatRooms(storage);
    const [a] = [...subs];
    expect(await chat.post(room, a!, { t: 'chat', text: 'hello' })).toBeNull();
    expect(sent).toHaveLength(2);
    x.advance(10_000);
    expect(await chat.post(room, a!, { t: 'chat', text: 'after' })).toMatchObject({ code: 'server/moved' });
    expect(sent).toHaveLength(2);
    expect((await pgStorage.getChat(id)).map((l) => l.text)).toEqual(['hello']);
  });
});
