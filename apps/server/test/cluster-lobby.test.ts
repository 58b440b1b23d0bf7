// The cluster lobby in a real Redis: pages across every node's summaries, newest first, with the local lobby's cursors and filters; expired summaries are skipped.
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisLobby, type LobbySummary } from '../src/cluster/redis-lobby.ts';
import { clusterKeys } from '../src/cluster/redis-keys.ts';

const prefix = `dstest:lobby_${process.pid}_${Date.now().toString(36)}:`;
const keys = clusterKeys(prefix);
const redis = new Redis('redis://127.0.0.1:6379');

afterAll(async () => {
  const found = await redis.keys(`${prefix}*`);
  if (found.length > 0) await redis.del(...found);
  redis.disconnect();
});

/** Writes a summary as a node's tick does (an expiring key and the creation-time index). */
async function put(s: LobbySummary, ttlMs = 60_000): Promise<void> {
  await redis.multi().set(keys.lobby(s.id), JSON.stringify(s), 'PX', ttlMs).zadd(keys.lobbyIndex, s.createdAt, s.id).exec();
}

describe('cluster lobby', () => {
  it('pages every node’s rooms newest first with cursors and filters, skipping summaries that expired', async () => {
    const lobby = new RedisLobby(redis, keys, 60_000);
    for (let i = 1; i <= 5; i++) await put({ id: `room${i}`, game: i % 2 ? 'shed' : 'snap-race', status: i === 3 ? 'playing' : 'waiting', createdAt: 1000 + i });
    await put({ id: 'gone', game: 'shed', status: 'waiting', createdAt: 1010 }, 1);
    await new Promise((r) => setTimeout(r, 20));
    const first = await lobby.page({ limit: 2 });
    expect('rooms' in first && first.rooms.map((r) => r.id)).toEqual(['room5', 'room4']);
    const second = await lobby.page({ limit: 2, cursor: (first as { next: string }).next });
    expect('rooms' in second && second.rooms.map((r) => r.id)).toEqual(['room3', 'room2']);
    const third = await lobby.page({ limit: 2, cursor: (second as { next: string }).next });
    expect(third).toEqual({ rooms: [expect.objectContaining({ id: 'room1' })] });
    const waitingShed = await lobby.page({ game: 'shed', status: 'waiting' });
    expect('rooms' in waitingShed && waitingShed.rooms.map((r) => r.id)).toEqual(['room5', 'room1']);
    // The expired summary was dropped from the index too.
    expect(await redis.zscore(keys.lobbyIndex, 'gone')).toBeNull();
    expect(await lobby.page({ cursor: 'not-a-cursor' })).toHaveProperty('invalid');
  });
});
