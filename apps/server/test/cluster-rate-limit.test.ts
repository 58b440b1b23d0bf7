// In a cluster the per-client request rates are the cluster's, counted in Redis: a client spreading its requests over two nodes gets the quota once, not once per node.
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from './helpers.ts';

const prefix = `dstest:rate_${process.pid}_${Date.now().toString(36)}:`;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  for (const nodeId of ['rate-a', 'rate-b']) {
    apps.push(
      await testApp({
        config: { redis: 'redis://127.0.0.1:6379', redisPrefix: prefix, nodeId, leaseMs: 1500, httpPerMinutePerClient: 6, createPerMinutePerClient: 2 },
      }),
    );
  }
}, 30_000);

afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  const redis = new Redis('redis://127.0.0.1:6379');
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

describe('request rate limits in a cluster', () => {
  it('hold a client to httpPerMinutePerClient over all nodes together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await apps[i % 2]!.inject({ method: 'GET', url: '/api/games', remoteAddress: '10.9.8.7' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    const refused = await apps[1]!.inject({ method: 'GET', url: '/api/games', remoteAddress: '10.9.8.7' });
    expect(refused.json()).toMatchObject({ code: 'quota/rate' });
    // Another client is not affected.
    expect((await apps[0]!.inject({ method: 'GET', url: '/api/games', remoteAddress: '10.9.8.6' })).statusCode).toBe(200);
  });

  it('hold a client to createPerMinutePerClient over all nodes together', async () => {
    const create = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/rooms', remoteAddress: '10.9.8.5', payload: { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }] } });
    expect((await create(apps[0]!)).statusCode).toBe(201);
    expect((await create(apps[1]!)).statusCode).toBe(201);
    const third = await create(apps[0]!);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'quota/rate' });
  });
});
