// Strict HTTP: every route with a body and every query route refuses unknown properties and wrong types (no coercion) with a coded 400 naming the property, and changes nothing.
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from './helpers.ts';

let app: FastifyInstance;
afterEach(async () => app?.close());

const HUMANS = [{ kind: 'human' }, { kind: 'human' }];

async function refused(res: { statusCode: number; json(): unknown }, status: number, code: string, mention?: string): Promise<void> {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { code: string; message: string };
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  if (mention) expect(body.message).toContain(mention);
}

describe('POST /api/rooms', () => {
  it('refuses unknown properties, at the top and nested, naming them, and creates nothing', async () => {
    app = await testApp();
    const post = (payload: object) => app.inject({ method: 'POST', url: '/api/rooms', payload });
    await refused(await post({ game: 'shed', seats: HUMANS, evil: 1 }), 400, 'input/invalid', '"evil"');
    await refused(await post({ game: 'shed', seats: [{ kind: 'human', admin: true }, { kind: 'human' }] }), 400, 'input/invalid', '"admin"');
    await refused(await post({ game: 'shed', seats: HUMANS, admin: true, evil: 1 }), 400, 'input/invalid', '"admin"');
    expect(app.decksmith.manager.rooms.size).toBe(0);
  });

  it('refuses wrong types instead of coercing them', async () => {
    app = await testApp();
    const post = (payload: object) => app.inject({ method: 'POST', url: '/api/rooms', payload });
    await refused(await post({ game: 5, seats: HUMANS }), 400, 'input/invalid', 'body.game');
    await refused(await post({ game: 'shed', seats: 'two' }), 400, 'input/invalid', 'body.seats');
    await refused(await post({ game: 'shed', seats: [{ kind: 'wizard' }, { kind: 'human' }] }), 400, 'input/invalid', 'body.seats[0].kind');
    await refused(await post({ game: 'shed', seats: HUMANS, options: { hand_size: { $gt: 1 } } }), 400, 'input/invalid', 'body.options.hand_size');
    await refused(await post({ game: 'shed', seats: HUMANS, options: { hand_size: [3] } }), 400, 'input/invalid', 'body.options.hand_size');
    await refused(await post({ game: 'shed', seats: HUMANS, seed: 42 }), 400, 'input/invalid', 'body.seed');
    await refused(await post({ game: 'shed' }), 400, 'input/invalid', 'seats');
    expect(app.decksmith.manager.rooms.size).toBe(0);
    // The same room, well formed, is created.
    expect((await post({ game: 'shed', seats: HUMANS, options: { hand_size: 3 } })).statusCode).toBe(201);
  });

  it('answers unreadable bodies with input/* codes', async () => {
    app = await testApp();
    const raw = (payload: string, type = 'application/json') => app.inject({ method: 'POST', url: '/api/rooms', payload, headers: { 'content-type': type } });
    await refused(await raw('{"game":'), 400, 'input/malformed');
    await refused(await raw('game=shed', 'application/x-www-form-urlencoded'), 415, 'input/media_type');
    await refused(await raw(JSON.stringify({ game: 'shed', seats: HUMANS, pad: 'x'.repeat(70_000) })), 413, 'input/too_large');
    expect(app.decksmith.manager.rooms.size).toBe(0);
  });
});

describe('POST /api/rooms/:id/join', () => {
  it('refuses seat "0", fractional seats, unknown properties and non-string names; claims nothing', async () => {
    app = await testApp();
    const id = ((await app.inject({ method: 'POST', url: '/api/rooms', payload: { game: 'shed', seats: HUMANS } })).json() as { id: string }).id;
    const join = (payload: object) => app.inject({ method: 'POST', url: `/api/rooms/${id}/join`, payload });
    await refused(await join({ seat: '0' }), 400, 'input/invalid', 'body.seat');
    await refused(await join({ seat: 0.5 }), 400, 'input/invalid', 'body.seat');
    await refused(await join({ seat: true }), 400, 'input/invalid', 'body.seat');
    await refused(await join({ seat: 0, admin: true }), 400, 'input/invalid', '"admin"');
    await refused(await join({ name: 7 }), 400, 'input/invalid', 'body.name');
    await refused(await join({ name: '' }), 400, 'input/invalid', 'body.name');
    expect(app.decksmith.manager.get(id)!.record.seats.every((s) => !s.tokenHash)).toBe(true);
    // Well formed: a number seat, and an empty body (the first free seat).
    expect((await join({ seat: 1, name: 'Bea' })).json()).toMatchObject({ seat: 1 });
    const bare = await app.inject({ method: 'POST', url: `/api/rooms/${id}/join` });
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toMatchObject({ seat: 0 });
  });
});

describe('query and path routes', () => {
  it('GET /api/rooms converts its numbers but refuses unknown parameters and bad values', async () => {
    app = await testApp();
    expect((await app.inject('/api/rooms?limit=10&status=waiting&game=shed')).statusCode).toBe(200);
    await refused(await app.inject('/api/rooms?admin=1'), 400, 'input/invalid', '"admin"');
    await refused(await app.inject('/api/rooms?limit=ten'), 400, 'input/invalid', 'querystring.limit');
    await refused(await app.inject('/api/rooms?limit=0'), 400, 'input/invalid', 'querystring.limit');
    await refused(await app.inject('/api/rooms?limit=201'), 400, 'input/invalid', 'limit');
    await refused(await app.inject('/api/rooms?status=lost'), 400, 'input/invalid', 'querystring.status');
    await refused(await app.inject('/api/rooms?cursor=bm90IGEgY3Vyc29y'), 400, 'input/invalid', 'cursor');
  });

  it('room routes refuse over-long ids with a code, and unknown ones with room/unknown', async () => {
    app = await testApp();
    const long = 'x'.repeat(65);
    for (const path of [`/api/rooms/${long}`, `/api/rooms/${long}/log`, `/api/rooms/${long}/spectate`]) {
      await refused(await app.inject(path), 400, 'input/invalid', 'params.id');
    }
    await refused(await app.inject({ method: 'POST', url: `/api/rooms/${long}/join`, payload: {} }), 400, 'input/invalid', 'params.id');
    for (const path of ['/api/rooms/nope', '/api/rooms/nope/log', '/api/rooms/nope/spectate']) await refused(await app.inject(path), 404, 'room/unknown');
    await refused(await app.inject('/api/games/nope'), 404, 'game/unknown');
  });
});
