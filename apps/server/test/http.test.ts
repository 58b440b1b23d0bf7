// HTTP API: games, rooms (create, join, spectate, summary, log), errors with codes, OpenAPI at /docs, /metrics.
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { replay } from '@decksmith/runtime';
import { shed } from '@decksmith/runtime/test-fixtures/shed';
import type { ReplayLog } from '../src/storage/storage.ts';
import { hashSeed } from '../src/tokens.ts';
import { Client, createRoom, testApp } from './helpers.ts';

let app: FastifyInstance;
afterEach(async () => app?.close());

describe('games', () => {
  it('lists the hosted games with options and seat ranges', async () => {
    app = await testApp();
    const res = await app.inject('/api/games');
    expect(res.statusCode).toBe(200);
    const games = res.json() as { id: string; minPlayers: number; maxPlayers: number; options: { name: string }[] }[];
    expect(games.map((g) => g.id)).toEqual(['shed', 'snap-race']);
    expect(games[1]).toMatchObject({ minPlayers: 2, maxPlayers: 6, botLevels: ['random'] });
    expect(games[1]!.options.map((o) => o.name)).toEqual(['hand_size', 'turn_time', 'snap_time']);
    expect((await app.inject('/api/games/shed')).json()).toMatchObject({ id: 'shed', title: 'Shed' });
    expect((await app.inject('/api/games/nope')).json()).toEqual({ code: 'game/unknown', message: expect.any(String) });
  });
});

describe('rooms', () => {
  it('creates a room, lets humans claim seats with tokens, then starts', async () => {
    app = await testApp();
    const res = await app.inject({ method: 'POST', url: '/api/rooms', payload: { game: 'shed', seats: [{ kind: 'human' }, { kind: 'bot' }], options: { hand_size: 3 } } });
    expect(res.statusCode).toBe(201);
    const room = res.json() as { id: string; status: string; seats: unknown[] };
    expect(room).toMatchObject({ status: 'waiting', players: 2, options: { hand_size: 3 } });
    expect(room.seats).toEqual([
      { kind: 'human', claimed: false, connected: false },
      { kind: 'bot', level: 'random', claimed: true, connected: true },
    ]);
    const join = await app.inject({ method: 'POST', url: `/api/rooms/${room.id}/join`, payload: { name: 'Ada' } });
    expect(join.statusCode).toBe(200);
    const { token, seat, ws } = join.json() as { token: string; seat: number; ws: string };
    expect(seat).toBe(0);
    expect(ws).toBe(`/ws?room=${room.id}`);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const again = await app.inject({ method: 'POST', url: `/api/rooms/${room.id}/join`, payload: { seat: 0 } });
    expect(again.statusCode).toBe(409);
    expect((again.json() as { code: string }).code).toBe('room/started');
    const summary = (await app.inject(`/api/rooms/${room.id}`)).json() as { status: string; seats: { name?: string }[] };
    expect(summary.status).toBe('playing');
    expect(summary.seats[0]!.name).toBe('Ada');
    // The token is never stored or shown again.
    expect(JSON.stringify(summary)).not.toContain(token);
  });

  it('refuses bad rooms with coded errors', async () => {
    app = await testApp();
    const post = (payload: unknown) => app.inject({ method: 'POST', url: '/api/rooms', payload: payload as object });
    expect((await post({ game: 'nope', seats: [{ kind: 'human' }] })).json()).toMatchObject({ code: 'game/unknown' });
    expect((await post({ game: 'shed', seats: [{ kind: 'human' }] })).json()).toMatchObject({ code: 'seats/invalid' });
    expect((await post({ game: 'shed', seats: [{ kind: 'bot', level: 'genius' }, { kind: 'bot' }] })).json()).toMatchObject({ code: 'seats/invalid' });
    const badOption = await post({ game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }], options: { hand_size: 99 } });
    expect(badOption.statusCode).toBe(400);
    expect(badOption.json()).toMatchObject({ code: 'setup/invalid' });
    const badBody = await post({ game: 'shed', seats: 'two' });
    expect(badBody.statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/rooms/zzz/join', payload: {} })).json()).toMatchObject({ code: 'room/unknown' });
  });

  it('gives spectators the public view and serves the action log', async () => {
    app = await testApp();
    const { id } = await createRoom(app, { game: 'snap-race', seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'log' });
    const spectate = (await app.inject(`/api/rooms/${id}/spectate`)).json() as { view: { hands: unknown[] }; ws: string };
    expect(spectate.view.hands).toEqual([{ count: 4 }, { count: 4 }]);
    expect((await app.inject('/api/rooms?status=playing')).json().rooms).toHaveLength(1);
  });

  it("withholds a running game's seed and actions, and serves a finished game's whole log, which replays to its final state", { timeout: 60_000 }, async () => {
    app = await testApp();
    const { id, tokens } = await createRoom(app, { game: 'shed', seats: [{ kind: 'human' }, { kind: 'bot' }], options: { hand_size: 3 }, seed: 'secret-seed' });
    const room = app.decksmith.manager.get(id)!;
    const c = await Client.inject(app);
    await c.join(id, tokens[0]);
    // Play it out (the human plays a seeded random legal action whenever it has one), reading the
    // log once, while the game runs, after the human's first accepted move.
    let seq = 0;
    let r = 7;
    const random = () => (r = (Math.imul(r, 1103515245) + 12345) >>> 0) / 2 ** 32;
    let partialChecked = false;
    for (let i = 0; i < 5000 && !c.latest().result; i++) {
      const mark = c.messages.length;
      const { legal } = c.latest();
      if (legal.length > 0) {
        const reply = await c.act(++seq, legal[Math.floor(random() * legal.length)]);
        if (reply.t === 'ack' && !partialChecked && room.status === 'playing') {
          partialChecked = true;
          await room.idle();
          const running = await app.inject(`/api/rooms/${id}/log`);
          expect(running.statusCode).toBe(200);
          // The commitment is there from the start (a practice room: the test chose the seed); the seed is not.
          expect(running.json()).toEqual({ v: 1, game: 'shed', status: 'playing', complete: false, players: 2, options: { hand_size: 3 }, n: room.height, seedHash: hashSeed('secret-seed'), practice: true });
          expect(room.height).toBeGreaterThan(0);
          expect(running.body).not.toContain('secret-seed');
        }
      } else await c.next((m) => m.t === 'update', 20_000, mark);
    }
    expect(partialChecked).toBe(true);
    await room.idle();
    expect(room.status).toBe('finished');
    const done = await app.inject(`/api/rooms/${id}/log`);
    expect(done.headers['content-disposition']).toContain('attachment');
    const log = done.json() as ReplayLog;
    expect(log).toMatchObject({ complete: true, status: 'finished', seed: 'secret-seed', n: room.height });
    expect(log.actions).toHaveLength(room.height);
    const replayed = replay(shed, { ...log, seed: log.seed!, actions: log.actions! } as Parameters<typeof replay>[1]);
    expect(replayed.rejected).toEqual([]);
    expect(replayed.state).toEqual(room.state);
    c.close();
  });
});

describe('ops', () => {
  it('serves the OpenAPI document and UI at /docs', async () => {
    app = await testApp();
    const doc = (await app.inject('/docs/json')).json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/games', '/api/rooms', '/api/rooms/{id}/join', '/api/rooms/{id}/log', '/health', '/metrics']));
    const ui = await app.inject('/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('exposes Prometheus metrics', async () => {
    app = await testApp();
    await createRoom(app, { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }] });
    const res = await app.inject('/metrics');
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('decksmith_rooms{status="playing"} 1');
    for (const name of ['decksmith_connections', 'decksmith_actions_total', 'decksmith_actions_per_second', 'decksmith_ack_latency_seconds_bucket', 'process_resident_memory_bytes']) {
      expect(res.body).toContain(name);
    }
  });
});
