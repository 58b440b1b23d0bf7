// Remembered players over HTTP: keys issued (rate limited), names checked, seats linked before the first move, a whole game between two remembered humans rated once.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, testApp } from './helpers.ts';

let app: FastifyInstance;
let url: string;
beforeAll(async () => {
  // Whole games played as fast as the sockets go: above the per-connection message rate a player has.
  app = await testApp({ config: { ratePerSecond: 200, rateBurst: 400 } });
  url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/ws';
});
afterAll(async () => app?.close());

const auth = (key: string) => ({ authorization: `Bearer ${key}` });

async function register(name: string, colour = '#336699', ip = '10.0.0.1'): Promise<{ key: string; player: { id: string; name: string } }> {
  const r = await app.inject({ method: 'POST', url: '/api/players', payload: { name, colour }, remoteAddress: ip });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

/** A 2-human shed room (server-drawn seed: practice rooms are never rated), both seats claimed. */
async function room(): Promise<{ id: string; tokens: string[] }> {
  const c = await app.inject({ method: 'POST', url: '/api/rooms', payload: { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }], options: { hand_size: 3 } } });
  const id = (c.json() as { id: string }).id;
  const tokens: string[] = [];
  for (const seat of [0, 1]) tokens.push((await app.inject({ method: 'POST', url: `/api/rooms/${id}/join`, payload: { seat } })).json().token);
  return { id, tokens };
}

async function play(c: Client): Promise<void> {
  let seq = 0;
  for (let guard = 0; guard < 5000; guard++) {
    const mark = c.messages.length;
    const { legal, result } = c.latest();
    if (result) return;
    if (legal.length > 0) await c.act(++seq, legal[0]);
    else await c.next((m) => m.t === 'update', 60_000, mark);
  }
  throw new Error('game did not end');
}

describe('player keys', () => {
  it('issues a key whose hash alone is stored, and renames with it', { timeout: 30_000 }, async () => {
    const { key, player } = await register('  Ada  ');
    expect(player.name).toBe('Ada');
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await app.inject({ url: '/api/players/me', headers: auth(key) });
    expect(me.json()).toMatchObject({ id: player.id, name: 'Ada' });
    const stored = await app.decksmith.ratings.store.players([player.id]);
    expect(stored[0]!.keyHash).not.toContain(key);
    const put = await app.inject({ method: 'PUT', url: '/api/players/me', headers: auth(key), payload: { name: 'Ada L', colour: '#AA0000' } });
    expect(put.json()).toMatchObject({ name: 'Ada L', colour: '#aa0000' });
    expect((await app.inject({ url: '/api/players/me', headers: auth('x'.repeat(43)) })).json().code).toBe('player/unknown');
    expect((await app.inject({ url: '/api/players/me' })).statusCode).toBe(401);
  });

  it('refuses bad names with a code and stores nothing', async () => {
    const before = (await app.decksmith.ratings.store.leaderboard('shed', 100)).length;
    const r = await app.inject({ method: 'POST', url: '/api/players', payload: { name: 'a\u202Eb', colour: '#000000' }, remoteAddress: '10.0.0.2' });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('player/invalid_name');
    const long = await app.inject({ method: 'POST', url: '/api/players', payload: { name: 'x'.repeat(65), colour: '#000000' }, remoteAddress: '10.0.0.2' });
    expect(long.statusCode).toBe(400);
    expect((await app.decksmith.ratings.store.leaderboard('shed', 100)).length).toBe(before);
  });

  it('issues at most 10 keys per client and minute (429 quota/rate after)', { timeout: 30_000 }, async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 10; i++) await register(`P${i}`, '#000000', ip);
    const r = await app.inject({ method: 'POST', url: '/api/players', payload: { name: 'one more', colour: '#000000' }, remoteAddress: ip });
    expect(r.statusCode).toBe(429);
    expect(r.json().code).toBe('quota/rate');
  });
});

describe('rated games', () => {
  it('rates a finished game between two remembered players once, and shows it in the leaderboard and the room', { timeout: 60_000 }, async () => {
    const a = await register('Winner?', '#aa0000', '10.1.0.1');
    const b = await register('Other', '#0000aa', '10.1.0.2');
    const { id, tokens } = await room();
    for (const [i, p] of [a, b].entries()) {
      const r = await app.inject({ method: 'POST', url: `/api/rooms/${id}/player`, headers: auth(tokens[i]!), payload: { key: p.key } });
      expect(r.json()).toMatchObject({ seat: i, player: { id: p.player.id } });
    }
    // A seat token of another room, or none, names no seat.
    expect((await app.inject({ method: 'POST', url: `/api/rooms/${id}/player`, headers: auth('y'.repeat(43)), payload: { key: a.key } })).json().code).toBe('auth/bad_token');
    const clients = await Promise.all(tokens.map(() => Client.connect(url)));
    for (const [seat, c] of clients.entries()) await c.join(id, tokens[seat]);
    await Promise.all(clients.map((c) => play(c)));
    for (const c of clients) c.close();
    const summary = (await app.inject(`/api/rooms/${id}`)).json() as { result: { winners: number[] } };
    await expect.poll(async () => (await app.inject('/api/ratings/shed')).json().players.length).toBe(2);
    const board = (await app.inject('/api/ratings/shed')).json() as { players: { id: string; rating: number; games: number }[] };
    const winner = [a, b][summary.result.winners[0]!]!;
    expect(board.players[0]!.id).toBe(winner.player.id);
    expect(board.players[0]!.rating).toBeGreaterThan(1500);
    expect(board.players[1]!.rating).toBeLessThan(1500);
    expect(board.players.every((p) => p.games === 1)).toBe(true);
    const seats = (await app.inject(`/api/rooms/${id}/players`)).json() as { players: { seat: number; rating: number }[] };
    expect(seats.players.map((p) => p.seat)).toEqual([0, 1]);
    expect(seats.players[summary.result.winners[0]!]!.rating).toBe(board.players[0]!.rating);
    const mine = (await app.inject({ url: '/api/ratings/shed/me', headers: auth(winner.key) })).json();
    expect(mine).toMatchObject({ games: 1, rating: board.players[0]!.rating });
    const all = (await app.inject({ url: '/api/players/me/ratings', headers: auth(winner.key) })).json();
    expect(all.ratings).toEqual([{ game: 'shed', rating: board.players[0]!.rating, rd: expect.any(Number), games: 1 }]);
    // Rated once: asking again changes nothing.
    const record = (await app.decksmith.storage.getRoom(id))!;
    expect(await app.decksmith.ratings.gameOver(record)).toBeNull();
  });

  it('refuses to link a seat once the game has moved, and does not rate a game with a seat not linked', { timeout: 60_000 }, async () => {
    const a = await register('Late', '#00aa00', '10.2.0.1');
    const { id, tokens } = await room();
    const clients = await Promise.all(tokens.map(() => Client.connect(url)));
    for (const [seat, c] of clients.entries()) await c.join(id, tokens[seat]);
    const mover = clients.find((c) => c.latest().legal.length > 0)!;
    await mover.act(1, mover.latest().legal[0]);
    const late = await app.inject({ method: 'POST', url: `/api/rooms/${id}/player`, headers: auth(tokens[0]!), payload: { key: a.key } });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('room/started');
    for (const c of clients) c.close();
    const record = { ...(await app.decksmith.storage.getRoom(id))!, status: 'finished' as const, result: { winners: [0], scores: [1, 0] } };
    expect(await app.decksmith.ratings.gameOver(record)).toBeNull();
  });

  it('serves the leaderboard of a hosted game only, bounded', async () => {
    expect((await app.inject('/api/ratings/nope')).statusCode).toBe(404);
    expect((await app.inject('/api/ratings/shed?limit=101')).statusCode).toBe(400);
    expect((await app.inject('/api/ratings/shed?limit=1')).json().players.length).toBeLessThanOrEqual(1);
  });
});
