// Room leases on a real Redis and the lease-fenced storage on a real PostgreSQL: one holder at a time, renewal, loss, release, and no write acknowledged once the lease cannot be proven.
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaseKeeper } from '../src/cluster/lease.ts';
import { fencedStorage, LeaseLostError } from '../src/cluster/lease-storage.ts';
import { clusterKeys, leaseScripts } from '../src/cluster/redis-keys.ts';
import { dropSchema, PostgresStorage } from '../src/storage/postgres.ts';
import type { RoomRecord, Storage } from '../src/storage/storage.ts';
import { sleep } from './helpers.ts';

const PG = 'postgres://postgres@127.0.0.1:5432/test';
const schema = `lease_${process.pid}_${Date.now().toString(36)}`;
const prefix = `dstest:${schema}:`;
const keys = clusterKeys(prefix);
const log = pino({ level: 'silent' });
const redis = new Redis('redis://127.0.0.1:6379');
let pgStorage: PostgresStorage;

/** A clock the test moves by hand (the lease's trust window is measured on it). */
function manualClock(): { now: () => number; advance(ms: number): void } {
  let t = 1_000_000;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

function keeper(nodeId: string, leaseMs: number, now?: () => number): { k: LeaseKeeper; lost: { room: string; why: string }[] } {
  const lost: { room: string; why: string }[] = [];
  const k = new LeaseKeeper({ nodeId, leaseMs, scripts: leaseScripts(redis), keys, log, onLost: (room, why) => lost.push({ room, why }), ...(now ? { now } : {}) });
  return { k, lost };
}

let rooms = 0;
function record(): RoomRecord {
  return { id: `r${++rooms}_${Date.now().toString(36)}`, game: 'shed', seed: 's', seedHash: 'h', players: 2, options: {}, seats: [{ kind: 'human' }, { kind: 'human' }], status: 'playing', createdAt: Date.now() };
}
const entry = (n: number) => ({ n, at: n * 10, seat: 0, seq: n, action: { type: 'pass' } });

beforeAll(async () => {
  pgStorage = await PostgresStorage.open({ url: PG, schema });
});
afterAll(async () => {
  await pgStorage.close();
  const found = await redis.keys(`${prefix}*`);
  if (found.length > 0) await redis.del(...found);
  redis.disconnect();
  await dropSchema(PG, schema);
});

describe('room leases', () => {
  it('has one holder at a time; a lease nobody renews passes to another node, and its old holder learns it lost it', async () => {
    const x = keeper('X', 300);
    const y = keeper('Y', 300);
    const room = 'lease-a';
    expect(await x.k.acquire(room)).toBe(true);
    expect(await y.k.acquire(room)).toBe(false);
    expect(await redis.get(keys.owner(room))).toBe('X');
    // Renewed, it stays X's beyond one lease.
    for (let i = 0; i < 4; i++) {
      await sleep(100);
      await x.k.renew();
    }
    expect(await y.k.acquire(room)).toBe(false);
    expect(x.k.valid(room)).toBe(true);
    // Not renewed: free after the lease, listed as free, and taken by Y.
    await sleep(350);
    expect(await y.k.free(10)).toContain(room);
    expect(await y.k.acquire(room)).toBe(true);
    // X renews too late: told it was taken, and no longer trusts it.
    await x.k.renew();
    expect(x.lost).toEqual([{ room, why: 'taken' }]);
    expect(x.k.valid(room)).toBe(false);
    // A released live room is free for another node at once.
    await y.k.release(room, 'free');
    expect(await x.k.free(10)).toContain(room);
    expect(await x.k.acquire(room)).toBe(true);
    // A lease this node gave up trusting while Redis still has it as its own is taken back at once.
    x.k.fence(room, 'taken');
    expect(x.k.valid(room)).toBe(false);
    expect(await x.k.acquire(room)).toBe(true);
    expect(x.k.valid(room)).toBe(true);
    // A room that is over leaves the directory.
    await x.k.release(room, 'over');
    expect(await redis.zscore(keys.leases, room)).toBeNull();
  });

  it('stops trusting a lease a fifth of its length before Redis can expire it, and fences the room', async () => {
    const clock = manualClock();
    const x = keeper('X2', 10_000, clock.now);
    expect(await x.k.acquire('lease-b')).toBe(true);
    // Trusted for 8 s of a 10 s lease (from when the acquisition was sent), not a moment longer.
    clock.advance(7_999);
    x.k.check();
    expect(x.k.valid('lease-b')).toBe(true);
    clock.advance(1);
    expect(x.k.valid('lease-b')).toBe(false);
    x.k.check();
    expect(x.lost).toEqual([{ room: 'lease-b', why: 'expired' }]);
  });
});

describe('lease-fenced storage', () => {
  it('refuses an append once the lease cannot be proven, even before the fence timer ran (a paused process)', async () => {
    const clock = manualClock();
    const x = keeper('X3', 10_000, clock.now);
    const storage = fencedStorage(pgStorage, x.k);
    const r = record();
    await storage.createRoom(r);
    expect(await redis.get(keys.owner(r.id))).toBe('X3');
    await storage.appendAction(r.id, entry(1));
    // The process "sleeps" past its trust window: no renewal ran, no check ran.
    clock.advance(10_000);
    await expect(storage.appendAction(r.id, entry(2))).rejects.toBeInstanceOf(LeaseLostError);
    expect((await pgStorage.getActions(r.id)).map((e) => e.n)).toEqual([1]);
    expect(x.lost).toEqual([{ room: r.id, why: 'expired' }]);
  });

  it('never acknowledges a write that became durable after the lease ran out', async () => {
    const clock = manualClock();
    const x = keeper('X4', 10_000, clock.now);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // The database is slow for this one write: it lands after the lease's trust window.
    const slow: Storage = new Proxy(pgStorage, {
      get(target, prop) {
        if (prop === 'appendAction') return async (room: string, e: ReturnType<typeof entry>) => (await gate, target.appendAction(room, e));
        const v = Reflect.get(target, prop) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    const storage = fencedStorage(slow, x.k);
    const r = record();
    await storage.createRoom(r);
    const write = storage.appendAction(r.id, entry(1));
    clock.advance(10_000);
    open();
    await expect(write).rejects.toBeInstanceOf(LeaseLostError);
    // Stored, but never acknowledged: the client learns of it from its next welcome's lastSeq.
    expect((await pgStorage.getActions(r.id)).map((e) => e.n)).toEqual([1]);
  });

  it('gives the lease of a room it could not store back (no lease renewed for nothing)', async () => {
    const x = keeper('X6', 10_000);
    const r = record();
    await pgStorage.createRoom(r);
    await expect(fencedStorage(pgStorage, x.k).createRoom(r)).rejects.toThrow();
    expect(await redis.get(keys.owner(r.id))).toBeNull();
    expect(x.k.size).toBe(0);
  });

  it('asks for the room to be reloaded when storage says its next position is taken (a late write of a previous owner)', async () => {
    const x = keeper('X7', 10_000);
    const conflicts: string[] = [];
    const storage = fencedStorage(pgStorage, x.k, (room) => conflicts.push(room));
    const r = record();
    await storage.createRoom(r);
    // A previous owner's write landed after this node read the log.
    await pgStorage.appendAction(r.id, entry(1));
    await expect(storage.appendAction(r.id, entry(1))).rejects.toThrow(/not next/);
    expect(conflicts).toEqual([r.id]);
  });

  it('refuses to create a room whose id another node holds', async () => {
    const x = keeper('X5', 10_000);
    const y = keeper('Y5', 10_000);
    const r = record();
    expect(await y.k.acquire(r.id)).toBe(true);
    await expect(fencedStorage(pgStorage, x.k).createRoom(r)).rejects.toBeInstanceOf(LeaseLostError);
    expect(await pgStorage.getRoom(r.id)).toBeNull();
  });
});
