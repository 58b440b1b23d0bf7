// Leaving a table: a seat freed before the game, a resigning player's seat played on by a bot, a game
// ended when its last player leaves (and still replayable), coded refusals that change nothing, and
// abandoned tables (no player connected) shown as such and ended after abandonedRoomMs.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 30_000 });
import { ManualClock } from '../src/rooms/clock.ts';
import { takeoverLevel } from '../src/rooms/room.ts';
import { MemoryStorage } from '../src/storage/memory.ts';
import { Client, createRoom, testApp } from './helpers.ts';

const apps: FastifyInstance[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const a of apps.splice(0)) await a.close();
});
const open = async (options: Parameters<typeof testApp>[0] = {}) => {
  const app = await testApp(options);
  apps.push(app);
  return app;
};
/** A real socket (a closed one is seen by the server at once, unlike an injected one). */
const connect = async (app: FastifyInstance, room: string, token?: string) => {
  const address = app.server.listening ? app.listeningOrigin : await app.listen({ port: 0, host: '127.0.0.1' });
  const c = await Client.connect(`${address.replace('http', 'ws')}/ws`);
  clients.push(c);
  expect((await c.join(room, token)).t).toBe('welcome');
  return c;
};
const leave = (app: FastifyInstance, room: string, token?: string) =>
  app.inject({ method: 'POST', url: `/api/rooms/${room}/leave`, headers: token ? { authorization: `Bearer ${token}` } : {} });
const summary = async (app: FastifyInstance, room: string) =>
  (await app.inject(`/api/rooms/${room}`)).json() as { status: string; abandoned?: boolean; seats: { kind: string; level?: string; claimed: boolean; resigned?: boolean; name?: string }[] };

describe('leaving before the game starts', () => {
  it('frees the seat (stored too), closes the leaver’s connection, and lets someone else take it', async () => {
    const storage = new MemoryStorage();
    const app = await open({ storage });
    const res = await app.inject({ method: 'POST', url: '/api/rooms', payload: { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }] } });
    const id = (res.json() as { id: string }).id;
    const mine = (await app.inject({ method: 'POST', url: `/api/rooms/${id}/join`, payload: { seat: 0, name: 'Ada' } })).json() as { token: string };
    const me = await connect(app, id, mine.token);
    const watcher = await connect(app, id);
    const r = await leave(app, id, mine.token);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ room: id, seat: 0, outcome: 'freed' });
    await me.next((m) => m.t === 'bye' && m['code'] === 'seat/left', 5000, 0);
    await watcher.next((m) => m.t === 'presence' && !(m['seats'] as readonly { claimed: boolean }[])[0]!.claimed, 5000, 0);
    expect((await summary(app, id)).seats[0]).toMatchObject({ kind: 'human', claimed: false });
    expect((await storage.getRoom(id))?.seats[0]).toStrictEqual({ kind: 'human' });
    // The old token opens nothing any more; the seat can be claimed again.
    const stale = await Client.inject(app);
    clients.push(stale);
    expect(await stale.join(id, mine.token)).toMatchObject({ t: 'error', code: 'auth/invalid_token' });
    await me.next((m) => m.t === 'bye', 5000, 0);
    expect(me.messages.filter((m) => m.t === 'bye')).toHaveLength(1);
    expect((await leave(app, id, mine.token)).json()).toMatchObject({ code: 'auth/invalid_token' });
    const again = await app.inject({ method: 'POST', url: `/api/rooms/${id}/join`, payload: { seat: 0 } });
    expect(again.statusCode).toBe(200);
  });

  it('refuses without a token, with a wrong one and for an unknown room, changing nothing', async () => {
    const app = await open();
    const { id, tokens } = await createRoom(app, { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }] });
    await app.inject({ method: 'POST', url: '/api/rooms', payload: { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }] } });
    expect((await leave(app, id)).json()).toMatchObject({ code: 'auth/missing_token' });
    expect((await leave(app, id)).statusCode).toBe(401);
    const wrong = await leave(app, id, 'x'.repeat(43));
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'auth/invalid_token' });
    expect((await leave(app, 'nosuchroom', tokens[0])).statusCode).toBe(404);
    expect((await summary(app, id)).seats.map((s) => s.claimed)).toEqual([true, true]);
  });
});

describe('leaving during the game', () => {
  it('resigns: a bot plays the seat on under the player’s name, the others are told, and the game goes on', async () => {
    const storage = new MemoryStorage();
    const app = await open({ storage });
    const { id, tokens } = await createRoom(app, { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }], seed: 'leave-1' });
    const a = await connect(app, id, tokens[0]);
    const b = await connect(app, id, tokens[1]);
    await connect(app, id, tokens[2]);
    expect((await summary(app, id)).status).toBe('playing');
    const r = await leave(app, id, tokens[1]);
    const level = takeoverLevel(app.decksmith.registry.get('shed')!.botLevels);
    expect(r.json()).toEqual({ room: id, seat: 1, outcome: 'resigned', level });
    await b.next((m) => m.t === 'bye' && m['code'] === 'seat/left', 5000, 0);
    await a.next((m) => m.t === 'presence' && (m['seats'] as readonly { kind: string }[])[1]!.kind === 'bot', 5000, 0);
    const s = await summary(app, id);
    expect(s.status).toBe('playing');
    expect(s.seats[1]).toMatchObject({ kind: 'bot', level, resigned: true, claimed: true });
    expect((await storage.getRoom(id))?.seats[1]).toMatchObject({ kind: 'bot', resigned: true });
    // The bot acts for seat 1 when it is its turn: seats 0 and 2 play on until seat 1 has acted.
    const room = app.decksmith.manager.get(id)!;
    const height = room.height;
    const seq = [0, 0, 0];
    for (let i = 0; i < 40 && !(await storage.getActions(id)).some((e) => e.seat === 1 && e.n > height); i++) {
      for (const [seat, c] of [[0, a] as const, [2, clients[2]!] as const]) {
        const legal = c.latest().legal;
        if (legal.length > 0) await c.act(++seq[seat]!, legal[0]);
      }
      await room.idle();
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await storage.getActions(id)).some((e) => e.seat === 1 && e.n > height)).toBe(true);
  });

  it('ends the game when its last player leaves; the game stays replayable and cannot be left twice', async () => {
    const app = await open();
    const { id, tokens } = await createRoom(app, { game: 'shed', seats: [{ kind: 'human' }, { kind: 'bot' }], seed: 'leave-2' });
    const me = await connect(app, id, tokens[0]);
    const watcher = await connect(app, id);
    const r = await leave(app, id, tokens[0]);
    expect(r.json()).toEqual({ room: id, seat: 0, outcome: 'abandoned' });
    await me.next((m) => m.t === 'bye' && m['code'] === 'seat/left', 5000, 0);
    await watcher.next((m) => m.t === 'bye' && m['code'] === 'room/abandoned', 5000, 0);
    expect(app.decksmith.manager.rooms.has(id)).toBe(false);
    expect((await summary(app, id)).status).toBe('expired');
    const log = (await app.inject(`/api/rooms/${id}/log`)).json() as { complete: boolean; seed?: string };
    expect(log.complete).toBe(true);
    expect(log.seed).toBe('leave-2');
    expect((await app.inject(`/api/rooms/${id}/spectate`)).statusCode).toBe(200);
    const twice = await leave(app, id, tokens[0]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'game/over' });
  });
});

describe('abandoned tables', () => {
  it('are marked abandoned in the lobby while no player is connected, and ended after abandonedRoomMs', async () => {
    const clock = new ManualClock();
    const app = await open({ clock, config: { abandonedRoomMs: 120_000 } });
    const { id, tokens } = await createRoom(app, { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'abandon' });
    const a = await connect(app, id, tokens[0]);
    const b = await connect(app, id, tokens[1]);
    const watcher = await connect(app, id);
    const lobby = async () => ((await app.inject('/api/rooms')).json() as { rooms: { id: string; abandoned?: boolean; status: string }[] }).rooms.find((r) => r.id === id);
    expect((await lobby())?.abandoned).toBeUndefined();
    a.close();
    await b.next((m) => m.t === 'presence' && !(m['seats'] as readonly { connected: boolean }[])[0]!.connected, 5000, 0);
    expect((await lobby())?.abandoned).toBeUndefined();
    b.close();
    await watcher.next((m) => m.t === 'presence' && (m['seats'] as readonly { connected: boolean }[]).every((s) => !s.connected), 5000, 0);
    expect(await lobby()).toMatchObject({ status: 'playing', abandoned: true });
    clock.advance(119_000);
    await app.decksmith.manager.sweep();
    expect(app.decksmith.manager.rooms.has(id)).toBe(true);
    clock.advance(2_000);
    await app.decksmith.manager.sweep();
    expect(app.decksmith.manager.rooms.has(id)).toBe(false);
    await watcher.next((m) => m.t === 'bye' && m['code'] === 'room/abandoned', 5000, 0);
    expect((await summary(app, id)).status).toBe('expired');
    expect(((await app.inject(`/api/rooms/${id}/log`)).json() as { complete: boolean }).complete).toBe(true);
  });

  it('a player who comes back in time keeps the table', async () => {
    const clock = new ManualClock();
    const app = await open({ clock, config: { abandonedRoomMs: 120_000 } });
    const { id, tokens } = await createRoom(app, { game: 'shed', seats: [{ kind: 'human' }, { kind: 'bot' }], seed: 'back' });
    const a = await connect(app, id, tokens[0]);
    a.close();
    await expect.poll(() => app.decksmith.manager.get(id)?.abandoned).toBe(true);
    clock.advance(100_000);
    await connect(app, id, tokens[0]);
    clock.advance(100_000);
    await app.decksmith.manager.sweep();
    expect(app.decksmith.manager.get(id)?.status).toBe('playing');
  });
});
