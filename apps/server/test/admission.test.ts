// Room admission: per-client open rooms and creation rate, the global bound, bot-only rooms, unjoined rooms reclaimed (also after a restart), the paged lobby.
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ManualClock } from '../src/rooms/clock.ts';
import { MemoryStorage } from '../src/storage/memory.ts';
import { Client, testApp } from './helpers.ts';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});
async function start(options: Parameters<typeof testApp>[0] = {}): Promise<FastifyInstance> {
  const app = await testApp(options);
  apps.push(app);
  return app;
}

const HUMANS = [{ kind: 'human' as const }, { kind: 'human' as const }];
const BOTS = [{ kind: 'bot' as const }, { kind: 'bot' as const }];

function create(app: FastifyInstance, ip: string, seats: { kind: 'human' | 'bot' }[] = HUMANS, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/rooms', remoteAddress: ip, headers, payload: { game: 'shed', seats } });
}

function expectRefused(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, code: string): void {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({ code, message: expect.any(String) });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('room quotas per client', () => {
  it('caps open rooms per IP address with 429 quota/rooms; other addresses are served', async () => {
    const app = await start({ config: { openRoomsPerClient: 3 } });
    for (let i = 0; i < 3; i++) expect((await create(app, '10.0.0.1')).statusCode).toBe(201);
    expectRefused(await create(app, '10.0.0.1'), 'quota/rooms');
    expect((await create(app, '10.0.0.2')).statusCode).toBe(201);
    expect(app.decksmith.manager.rooms.size).toBe(4);
  });

  it('counts a seat token carried as a bearer on its own, whatever the address', async () => {
    const app = await start({ config: { openRoomsPerClient: 2 } });
    const auth = { authorization: `Bearer ${'t'.repeat(43)}` };
    expect((await create(app, '10.0.1.1', HUMANS, auth)).statusCode).toBe(201);
    expect((await create(app, '10.0.1.2', HUMANS, auth)).statusCode).toBe(201);
    expectRefused(await create(app, '10.0.1.3', HUMANS, auth), 'quota/rooms');
    expect((await create(app, '10.0.1.3')).statusCode).toBe(201);
  });

  it('holds parallel creations to the quota (reservations, not a check then a count)', async () => {
    const app = await start({ config: { openRoomsPerClient: 5, createPerMinutePerClient: 100 } });
    const all = await Promise.all(Array.from({ length: 16 }, () => create(app, '10.0.2.1')));
    expect(all.filter((r) => r.statusCode === 201)).toHaveLength(5);
    for (const r of all.filter((r) => r.statusCode !== 201)) expectRefused(r, 'quota/rooms');
  });

  it('limits the creation rate per client with 429 quota/rate', async () => {
    const app = await start({ config: { createPerMinutePerClient: 4, openRoomsPerClient: 100 } });
    for (let i = 0; i < 4; i++) expect((await create(app, '10.0.3.1')).statusCode).toBe(201);
    expectRefused(await create(app, '10.0.3.1'), 'quota/rate');
    expect((await create(app, '10.0.3.2')).statusCode).toBe(201);
  });

  it('bounds the rooms of the whole server with 429 server/busy', async () => {
    const app = await start({ config: { maxRooms: 3 } });
    for (let i = 0; i < 3; i++) expect((await create(app, `10.0.4.${i}`)).statusCode).toBe(201);
    expectRefused(await create(app, '10.0.4.9'), 'server/busy');
  });

  it('limits bot-only rooms per client and on the whole server; rooms with a human seat are not', async () => {
    const app = await start({ config: { botOnlyRoomsPerClient: 1, maxBotOnlyRooms: 2 } });
    expect((await create(app, '10.0.5.1', BOTS)).statusCode).toBe(201);
    expectRefused(await create(app, '10.0.5.1', BOTS), 'quota/rooms');
    expect((await create(app, '10.0.5.2', BOTS)).statusCode).toBe(201);
    expectRefused(await create(app, '10.0.5.3', BOTS), 'server/busy');
    expect((await create(app, '10.0.5.3', [{ kind: 'human' }, { kind: 'bot' }])).statusCode).toBe(201);
  });
});

describe('unjoined rooms', () => {
  it('reclaims a waiting room nobody connected to after unjoinedRoomMs, freeing the quota; a watched one stays', async () => {
    const clock = new ManualClock();
    const app = await start({ clock, config: { unjoinedRoomMs: 60_000, openRoomsPerClient: 2 } });
    const lone = (await create(app, '10.0.6.1')).json() as { id: string };
    const watched = (await create(app, '10.0.6.1')).json() as { id: string };
    expectRefused(await create(app, '10.0.6.1'), 'quota/rooms');
    const spectator = await Client.inject(app);
    await spectator.join(watched.id);
    clock.advance(59_000);
    await app.decksmith.manager.sweep();
    expect(app.decksmith.manager.get(lone.id)).toBeDefined();
    clock.advance(2_000);
    await app.decksmith.manager.sweep();
    expect(app.decksmith.manager.get(lone.id)).toBeUndefined();
    expect((await app.inject(`/api/rooms/${lone.id}`)).json()).toMatchObject({ status: 'expired' });
    expect(app.decksmith.manager.get(watched.id)?.status).toBe('waiting');
    expect((await create(app, '10.0.6.1')).statusCode).toBe(201);
    spectator.close();
  });

  it('counts recovered waiting rooms against the global bound after a restart, and reclaims them', async () => {
    const storage = new MemoryStorage();
    const first = await start({ storage, config: { maxRooms: 2 } });
    for (const ip of ['10.0.7.1', '10.0.7.2']) expect((await create(first, ip)).statusCode).toBe(201);
    await first.close();
    const clock = new ManualClock();
    const second = await start({ storage, clock, config: { maxRooms: 2, unjoinedRoomMs: 60_000 } });
    expect(second.decksmith.manager.rooms.size).toBe(2);
    expectRefused(await create(second, '10.0.7.3'), 'server/busy');
    clock.advance(61_000);
    await second.decksmith.manager.sweep();
    expect(second.decksmith.manager.rooms.size).toBe(0);
    expect((await create(second, '10.0.7.3')).statusCode).toBe(201);
  });
});

describe('the lobby', () => {
  type Page = { rooms: { id: string; game: string; status: string; createdAt: number }[]; next?: string };
  const page = async (app: FastifyInstance, query: string): Promise<Page> => {
    const res = await app.inject(`/api/rooms?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as Page;
  };

  it('pages newest first with a stable cursor, filtered by game and status', async () => {
    const app = await start({ config: { openRoomsPerClient: 100, createPerMinutePerClient: 100 } });
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push(((await create(app, '10.0.8.1')).json() as { id: string }).id);
    const snap = ((await app.inject({ method: 'POST', url: '/api/rooms', remoteAddress: '10.0.8.1', payload: { game: 'snap-race', seats: HUMANS } })).json() as { id: string }).id;
    const first = await page(app, 'game=shed&limit=3');
    expect(first.rooms).toHaveLength(3);
    expect(first.next).toEqual(expect.any(String));
    // A room created between two reads does not shift the next pages.
    await create(app, '10.0.8.1');
    const second = await page(app, `game=shed&limit=3&cursor=${first.next}`);
    const third = await page(app, `game=shed&limit=3&cursor=${second.next}`);
    expect(third.next).toBeUndefined();
    const seen = [...first.rooms, ...second.rooms, ...third.rooms];
    expect(seen.map((r) => r.id).sort()).toEqual([...made].sort());
    expect(seen.every((r) => r.game === 'shed')).toBe(true);
    for (let i = 1; i < seen.length; i++) expect(seen[i - 1]!.createdAt).toBeGreaterThanOrEqual(seen[i]!.createdAt);
    expect((await page(app, 'game=snap-race')).rooms.map((r) => r.id)).toEqual([snap]);
    expect((await page(app, 'status=playing')).rooms).toEqual([]);
    expect((await page(app, '')).rooms).toHaveLength(9);
  });

  it('serves at most lobbyPageMax rooms a page and 50 by default', async () => {
    const app = await start({ config: { openRoomsPerClient: 1000, createPerMinutePerClient: 1000, lobbyPageMax: 60 } });
    for (let i = 0; i < 70; i++) await create(app, '10.0.9.1');
    expect((await page(app, '')).rooms).toHaveLength(50);
    expect((await page(app, 'limit=60')).rooms).toHaveLength(60);
    expect((await app.inject('/api/rooms?limit=61')).json()).toMatchObject({ code: 'input/invalid' });
  });
});
