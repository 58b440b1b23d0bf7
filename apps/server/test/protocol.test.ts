// The WebSocket protocol over injected sockets: join, views, acks and rejects, races, timers, bots, reconnects, limits, shutdown.
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ManualClock } from '../src/rooms/clock.ts';
import type { SnapState } from './fixtures/snap-race.ts';
import { Client, createRoom, testApp } from './helpers.ts';

let app: FastifyInstance;
afterEach(async () => app?.close());

async function table(seats = 2, opts: Parameters<typeof testApp>[0] = {}, options: Record<string, number> = {}) {
  app = await testApp(opts);
  const { id, tokens } = await createRoom(app, { game: 'snap-race', seats: Array.from({ length: seats }, () => ({ kind: 'human' as const })), options, seed: 'proto' });
  const clients = await Promise.all(tokens.map(() => Client.inject(app)));
  for (const [i, c] of clients.entries()) await c.join(id, tokens[i]);
  const room = app.decksmith.manager.get(id)!;
  return { id, tokens, clients, room, state: () => room.state as SnapState };
}

describe('joining', () => {
  it('welcomes a seat with its own view and legal actions, and a spectator with the public view', async () => {
    const { id, clients } = await table();
    const welcome = clients[0]!.messages.find((m) => m.t === 'welcome')!;
    expect(welcome).toMatchObject({ v: 1, room: id, game: 'snap-race', seat: 0, players: 2, status: 'playing', n: 0, lastSeq: 0 });
    const view = welcome['view'] as { hands: ({ cards: unknown[] } | { count: number })[] };
    expect(view.hands[0]).toHaveProperty('cards');
    expect(view.hands[1]).toEqual({ count: 4 });
    expect((welcome['legal'] as unknown[]).length).toBe(5);
    const spectator = await Client.inject(app);
    const sw = await spectator.join(id);
    expect(sw).toMatchObject({ t: 'welcome', seat: null });
    expect(sw['legal']).toBeUndefined();
    expect((sw['view'] as { hands: unknown[] }).hands).toEqual([{ count: 4 }, { count: 4 }]);
  });

  it('refuses wrong tokens, unknown rooms, other versions and a second join', async () => {
    const { id, tokens, clients } = await table();
    const c = await Client.inject(app);
    expect(await c.join(id, 'x'.repeat(43))).toMatchObject({ t: 'error', code: 'auth/invalid_token' });
    expect(await c.join('nope', tokens[0])).toMatchObject({ t: 'error', code: 'room/unknown' });
    expect(await c.expectError({ t: 'join', v: 3, room: id })).toMatchObject({ code: 'protocol/version' });
    expect(await clients[0]!.expectError({ t: 'join', v: 1, room: id })).toMatchObject({ code: 'protocol/already_joined' });
    expect(await c.expectError({ t: 'action', seq: 1, action: { type: 'draw' } })).toMatchObject({ code: 'protocol/not_joined' });
  });
});

describe('actions', () => {
  it('acks an accepted action after storing it, and updates every viewer', async () => {
    const { id, clients } = await table();
    const [a, b] = clients as [Client, Client];
    const mark = b.messages.length;
    expect(await a.act(1, { type: 'draw' })).toEqual({ t: 'ack', seq: 1, n: 1 });
    const update = await b.next((m) => m.t === 'update', 5000, mark);
    expect(update['n']).toBe(1);
    expect(update['events']).toEqual([{ type: 'draw', seat: 0 }]);
    expect(await app.decksmith.storage.getActions(id)).toMatchObject([{ n: 1, seat: 0, seq: 1, action: { type: 'draw' } }]);
  });

  it('rejects out-of-turn actions, replayed sequence numbers and spectators, changing nothing', async () => {
    const { id, clients, room } = await table();
    const [a, b] = clients as [Client, Client];
    const before = JSON.stringify(room.state);
    expect(await b.act(1, { type: 'draw' })).toMatchObject({ t: 'reject', seq: 1, code: 'turn/not_yours' });
    expect(await a.act(1, { type: 'draw' })).toMatchObject({ t: 'ack' });
    const after = JSON.stringify(room.state);
    expect(after).not.toBe(before);
    expect(await a.act(1, { type: 'draw' })).toMatchObject({ t: 'reject', code: 'seq/replayed' });
    const spectator = await Client.inject(app);
    await spectator.join(id);
    expect(await spectator.act(1, { type: 'draw' })).toMatchObject({ t: 'reject', code: 'seat/spectator' });
    expect(await b.act(2, { type: 'shuffle' })).toMatchObject({ t: 'reject', code: 'action/unknown' });
    expect(JSON.stringify(room.state)).toBe(after);
    expect(room.height).toBe(1);
  });

  it('arbitrates a race by arrival: the first snap wins, the second is beaten', async () => {
    const { clients, state, room } = await table(3, {}, { snap_time: 60_000 });
    // Stack the pile so that seat 0's play opens a snap window.
    const s = state();
    const top = s.hands[0]![0]!;
    const twin = s.hands[2]!.find((c) => s.cards[c]!.rank === s.cards[top]!.rank);
    expect(twin).toBeDefined(); // the seed deals seat 2 a card of the rank seat 0 plays
    expect(await clients[0]!.act(1, { type: 'play', args: { card: s.cards[top]!.id } })).toMatchObject({ t: 'ack' });
    await clients[1]!.act(1, { type: 'draw' });
    expect(await clients[2]!.act(1, { type: 'play', args: { card: s.cards[twin!]!.id } })).toMatchObject({ t: 'ack' });
    const snap = clients[0]!.latest().legal[0] as { type: string; expect: unknown };
    expect(snap.type).toBe('snap');
    clients[0]!.send({ t: 'action', seq: 2, action: snap });
    clients[1]!.send({ t: 'action', seq: 2, action: snap });
    const [r0, r1] = await Promise.all([clients[0]!.next((m) => m['seq'] === 2 && m.t !== 'update'), clients[1]!.next((m) => m['seq'] === 2 && m.t !== 'update')]);
    expect([r0.t, r1.t].sort()).toEqual(['ack', 'reject']);
    expect([r0, r1].find((r) => r.t === 'reject')).toMatchObject({ code: 'race/beaten' });
    expect((room.state as SnapState).points.reduce((x, y) => x + y)).toBe(2);
  });
});

describe('time and bots', () => {
  it('fires timers from the server clock at the next deadline', async () => {
    const clock = new ManualClock();
    const { clients, room } = await table(2, { clock }, { turn_time: 1000 });
    const mark = clients[1]!.messages.length;
    clock.advance(999);
    await room.idle();
    expect(room.height).toBe(0);
    expect((room.state as SnapState).current).toBe(0);
    clock.advance(1);
    await room.idle();
    expect((room.state as SnapState).current).toBe(1);
    const update = await clients[1]!.next((m) => m.t === 'update', 5000, mark);
    expect(update['events']).toEqual([{ type: 'draw', seat: 0 }]);
    expect(update['now']).toBe(1000);
  });

  it('lets bots play a whole game at their reaction times', async () => {
    const clock = new ManualClock();
    app = await testApp({ clock, config: { botDelay: { medianMs: 800, sigma: 0.4, minMs: 300, maxMs: 3000 } } });
    const res = await app.inject({ method: 'POST', url: '/api/rooms', payload: { game: 'shed', seats: [{ kind: 'bot' }, { kind: 'bot' }, { kind: 'bot' }], options: { hand_size: 3 } } });
    const id = (res.json() as { id: string }).id;
    const room = app.decksmith.manager.get(id)!;
    const log = await app.decksmith.storage.getActions(id);
    expect(log).toEqual([]);
    for (let i = 0; i < 5000 && room.status === 'playing'; i++) {
      clock.advance(100);
      await room.idle();
    }
    expect(room.status).toBe('finished');
    const actions = await app.decksmith.storage.getActions(id);
    expect(actions.length).toBeGreaterThan(2);
    // Human-like pacing: a bot never acts sooner than its minimum reaction time after its own previous action.
    const last = new Map<number, number>();
    for (const a of actions) {
      expect(a.at - (last.get(a.seat) ?? 0)).toBeGreaterThanOrEqual(300);
      last.set(a.seat, a.at);
    }
  });
});

describe('bot levels', () => {
  it('hosts the runtime\'s levels, each at its own reaction model, and they finish a game', { timeout: 120_000 }, async () => {
    const clock = new ManualClock();
    app = await testApp({ clock, config: { botDelayByLevel: true } });
    const shed = (await app.inject('/api/games/shed')).json() as { botLevels: string[] };
    expect(shed.botLevels).toEqual(['random', 'greedy', 'ismcts']);
    const res = await app.inject({
      method: 'POST',
      url: '/api/rooms',
      payload: { game: 'shed', seats: [{ kind: 'bot', level: 'random' }, { kind: 'bot', level: 'greedy' }, { kind: 'bot', level: 'ismcts' }], options: { hand_size: 3 } },
    });
    expect(res.statusCode).toBe(201);
    const room = app.decksmith.manager.get((res.json() as { id: string }).id)!;
    for (let i = 0; i < 5000 && room.status === 'playing'; i++) {
      clock.advance(100);
      await room.idle();
    }
    expect(room.status).toBe('finished');
    const actions = await app.decksmith.storage.getActions(room.id);
    // The runtime's slowest model (random) never reacts under 350 ms, the fastest (ismcts) under 200 ms.
    const last = new Map<number, number>();
    for (const a of actions) {
      expect(a.at - (last.get(a.seat) ?? 0)).toBeGreaterThanOrEqual(200);
      last.set(a.seat, a.at);
    }
  });
});

describe('connections', () => {
  it('reconnects a seat with its token and resyncs it', async () => {
    const { id, tokens, clients } = await table();
    await clients[0]!.act(1, { type: 'draw' });
    clients[0]!.close();
    const again = await Client.inject(app);
    const w = await again.join(id, tokens[0]);
    expect(w).toMatchObject({ t: 'welcome', seat: 0, n: 1, lastSeq: 1 });
    const mark = again.messages.length;
    again.send({ t: 'resync' });
    expect(await again.next((m) => m.t === 'welcome', 5000, mark)).toMatchObject({ n: 1, seat: 0 });
    expect(await again.act(2, { type: 'draw' })).toMatchObject({ t: 'reject', code: 'turn/not_yours' });
  });

  it('answers pings, limits rates and sizes, and survives garbage', async () => {
    const { clients } = await table(2, { config: { ratePerSecond: 5, rateBurst: 5 } });
    const c = clients[0]!;
    c.send({ t: 'ping', id: 7 });
    expect(await c.next((m) => m.t === 'pong')).toMatchObject({ id: 7 });
    for (let i = 0; i < 12; i++) c.send('{"t":"ping"}');
    await c.next((m) => m.t === 'error' && m['code'] === 'rate/limited');
    await new Promise((r) => setTimeout(r, 1200));
    expect(await c.expectError('x'.repeat(20_000))).toMatchObject({ code: 'input/too_large' });
    expect(await c.expectError('{not json')).toMatchObject({ code: 'input/malformed' });
  });

  it('closes sockets with a goodbye on graceful shutdown', async () => {
    const { clients } = await table();
    const closing = app.close();
    await closing;
    for (const c of clients) {
      expect(c.messages.some((m) => m.t === 'bye' && m['code'] === 'server/shutdown')).toBe(true);
    }
  });

  it('expires idle rooms and keeps their record', async () => {
    const clock = new ManualClock();
    app = await testApp({ clock, config: { idleRoomMs: 60_000 } });
    const { id, tokens } = await createRoom(app, { game: 'snap-race', seats: [{ kind: 'human' }, { kind: 'human' }] });
    // Real sockets: closing one reaches the server as a close event.
    const url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/ws';
    const clients = await Promise.all(tokens.map(async (t) => {
      const c = await Client.connect(url);
      await c.join(id, t);
      return c;
    }));
    for (const c of clients) c.close();
    const room = app.decksmith.manager.get(id)!;
    for (let i = 0; i < 100 && room.subscribers.size > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(room.subscribers.size).toBe(0);
    clock.advance(61_000);
    await app.decksmith.manager.sweep();
    expect(app.decksmith.manager.get(id)).toBeUndefined();
    expect((await app.inject(`/api/rooms/${id}`)).json()).toMatchObject({ status: 'expired' });
  });
});
