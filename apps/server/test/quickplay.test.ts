// Play now (a seat at the open table closest to starting, else a new table whose free seats bots take after the wait chosen), rematches at the same seats, game READMEs.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shed } from '@decksmith/runtime/test-fixtures/shed';
import { MemoryStorage } from '../src/storage/memory.ts';
import { Client, createRoom, sleep, testApp } from './helpers.ts';

vi.setConfig({ testTimeout: 30_000 });

const apps: FastifyInstance[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const a of apps.splice(0)) await a.close();
});
const open = async () => {
  const storage = new MemoryStorage();
  const app = await testApp({ storage });
  apps.push(app);
  return { app, storage };
};
const play = (app: FastifyInstance, body: Record<string, unknown>, ip = '127.0.0.1') => app.inject({ method: 'POST', url: '/api/quickplay', payload: body, remoteAddress: ip });
/**
 * Plays a random legal action whenever the latest frame offers one, until the game is over; an
 * action the server dropped over the rate limit is tried again a tenth of a second later.
 */
async function playOut(c: Client, seed: number): Promise<void> {
  let seq = 0;
  let r = seed;
  const random = () => ((r = (Math.imul(r, 1103515245) + 12345) >>> 0) / 2 ** 32);
  for (let guard = 0; guard < 5000; guard++) {
    const mark = c.messages.length;
    const { legal, result } = c.latest();
    if (result) return;
    if (legal.length > 0) {
      const reply = await c.act(++seq, legal[Math.floor(random() * legal.length)]);
      if (reply['code'] === 'rate/limited') await sleep(100);
    } else await c.next((m) => m.t === 'update', 20_000, mark);
  }
}
const summary = async (app: FastifyInstance, id: string) => (await app.inject(`/api/rooms/${id}`)).json() as { status: string; seats: { kind: string; level?: string; claimed: boolean; name?: string }[] };

describe('play now', () => {
  it('opens a table when none is open, then seats the next player there; the table starts once full', async () => {
    const { app } = await open();
    const first = await play(app, { game: 'shed', name: 'Ada' });
    expect(first.statusCode).toBe(201);
    const a = first.json() as { room: string; seat: number; token: string; outcome: string };
    expect(a).toMatchObject({ seat: 0, outcome: 'opened' });
    expect((await summary(app, a.room)).status).toBe('waiting');
    const second = await play(app, { game: 'shed', name: 'Bo' }, '10.0.0.2');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ room: a.room, seat: 1, outcome: 'joined' });
    const s = await summary(app, a.room);
    expect(s.status).toBe('playing');
    expect(s.seats.map((x) => x.name)).toEqual(['Ada', 'Bo']);
    // That table is full now: the next quick player opens another one.
    const third = (await play(app, { game: 'shed' }, '10.0.0.3')).json() as { room: string; outcome: string };
    expect(third.outcome).toBe('opened');
    expect(third.room).not.toBe(a.room);
  });

  it('prefers the open table closest to starting, and never a practice table or another game’s', async () => {
    const { app } = await open();
    const practice = await createRoom(app, { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }], seed: 'chosen' });
    void practice;
    const three = (await app.inject({ method: 'POST', url: '/api/rooms', payload: { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }] } })).json() as { id: string };
    const two = (await app.inject({ method: 'POST', url: '/api/rooms', payload: { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }] } })).json() as { id: string };
    await app.inject({ method: 'POST', url: `/api/rooms/${two.id}/join`, payload: { seat: 0 } });
    const r = (await play(app, { game: 'shed' })).json() as { room: string; seat: number; outcome: string };
    expect(r).toMatchObject({ room: two.id, seat: 1, outcome: 'joined' });
    expect((await summary(app, three.id)).seats.every((s) => !s.claimed)).toBe(true);
  });

  it('gives the free seats of a table it opened to bots of the chosen level after the wait', async () => {
    const { app, storage } = await open();
    const r = (await play(app, { game: 'shed', players: 3, fill: { level: 'random', afterMs: 150 } })).json() as { room: string };
    expect((await summary(app, r.room)).status).toBe('waiting');
    await vi.waitFor(async () => expect((await summary(app, r.room)).status).toBe('playing'), { timeout: 5000, interval: 50 });
    expect((await summary(app, r.room)).seats.map((s) => s.kind)).toEqual(['human', 'bot', 'bot']);
    expect((await storage.getRoom(r.room))?.seats.slice(1)).toEqual([
      { kind: 'bot', level: 'random' },
      { kind: 'bot', level: 'random' },
    ]);
  });

  it('leaves a seat a player took during the wait to that player', async () => {
    const { app } = await open();
    const r = (await play(app, { game: 'shed', players: 3, fill: { level: 'random', afterMs: 300 } })).json() as { room: string };
    const joined = (await play(app, { game: 'shed', name: 'Cy' }, '10.0.0.9')).json() as { room: string; seat: number };
    expect(joined).toMatchObject({ room: r.room, seat: 1 });
    await vi.waitFor(async () => expect((await summary(app, r.room)).status).toBe('playing'), { timeout: 5000, interval: 50 });
    expect((await summary(app, r.room)).seats.map((s) => s.kind)).toEqual(['human', 'human', 'bot']);
  });

  it('gives no seat to bots once the opener has left: bots never play alone', async () => {
    const { app } = await open();
    const r = (await play(app, { game: 'shed', fill: { level: 'random', afterMs: 100 } })).json() as { room: string; token: string };
    await app.inject({ method: 'POST', url: `/api/rooms/${r.room}/leave`, headers: { authorization: `Bearer ${r.token}` } });
    await new Promise((done) => setTimeout(done, 400));
    const s = await summary(app, r.room);
    expect(s.status).toBe('waiting');
    expect(s.seats.map((x) => x.kind)).toEqual(['human', 'human']);
    // The next quick player sits there, and the wait starts again for them: bots come after it.
    const next = (await play(app, { game: 'shed' }, '10.0.0.7')).json() as { room: string };
    expect(next.room).toBe(r.room);
    await vi.waitFor(async () => expect((await summary(app, r.room)).status).toBe('playing'), { timeout: 5000, interval: 100 });
    expect((await summary(app, r.room)).seats.filter((x) => x.kind === 'bot')).toHaveLength(1);
  });

  it('refuses an unknown game or bot level with coded errors, opening nothing', async () => {
    const { app } = await open();
    expect((await play(app, { game: 'nope' })).json()).toMatchObject({ code: 'game/unknown' });
    expect((await play(app, { game: 'shed', fill: { level: 'grandmaster', afterMs: 0 } })).json()).toMatchObject({ code: 'seats/invalid' });
    expect((await play(app, { game: 'shed', extra: 1 })).statusCode).toBe(400);
    expect(((await app.inject('/api/rooms')).json() as { rooms: unknown[] }).rooms).toEqual([]);
  });
});

describe('rematch', () => {
  it('opens the same game at the same seats; the other player joins it at theirs; the old table is told', async () => {
    const { app } = await open();
    const { id, tokens } = await createRoom(app, { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot' }], options: { hand_size: 1 } });
    const watcher = await Client.inject(app);
    clients.push(watcher);
    await watcher.join(id);
    const rematch = (token?: string) => app.inject({ method: 'POST', url: `/api/rooms/${id}/rematch`, headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect((await rematch(tokens[1])).json()).toMatchObject({ code: 'game/not_over' });
    // Both players take their first legal action until the game is over.
    const players = [await Client.inject(app), await Client.inject(app)];
    clients.push(...players);
    for (const [i, p] of players.entries()) await p.join(id, tokens[i]);
    await Promise.all(players.map((p, i) => playOut(p, i + 1)));
    expect((await summary(app, id)).status).toBe('finished');
    expect((await rematch()).json()).toMatchObject({ code: 'auth/missing_token' });
    expect((await rematch('A'.repeat(43))).json()).toMatchObject({ code: 'auth/invalid_token' });
    const mine = (await rematch(tokens[1])).json() as { room: string; seat: number; token: string };
    expect(mine.seat).toBe(1);
    const told = await watcher.next((m) => m.t === 'rematch', 5000, 0);
    expect(told['room']).toBe(mine.room);
    const next = await summary(app, mine.room);
    expect(next.seats.map((s) => (s.kind === 'bot' ? 'bot' : s.claimed ? 'taken' : 'free'))).toEqual(['free', 'taken', 'bot']);
    const theirs = (await rematch(tokens[0])).json() as { room: string; seat: number };
    expect(theirs).toMatchObject({ room: mine.room, seat: 0 });
    expect((await summary(app, mine.room)).status).toBe('playing');
    const room = (await app.inject(`/api/rooms/${mine.room}`)).json() as { options: Record<string, unknown>; game: string };
    expect(room).toMatchObject({ game: 'shed', options: { hand_size: 1 } });
    // Asking again once the rematch has started: refused, nothing changes.
    expect((await rematch(tokens[0])).json()).toMatchObject({ code: 'room/started' });
  });
});

describe('game README', () => {
  it('serves a game’s README text (empty when it has none) and 404s an unknown game', async () => {
    const { app } = await open();
    const r = await app.inject('/api/games/shed/readme');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ game: 'shed' });
    expect(typeof (r.json() as { markdown: string }).markdown).toBe('string');
    expect((await app.inject('/api/games/nope/readme')).json()).toMatchObject({ code: 'game/unknown' });
  });

  it('says how many cards each zone holds after the deal, for the players and options asked', async () => {
    const { app } = await open();
    const hands = async (query: string) => {
      const r = (await app.inject(`/api/games/shed/opening${query}`)).json() as { players: number; zones: { zone: string; owner: number; count: number }[] };
      return { players: r.players, hands: r.zones.filter((z) => z.zone === 'hand').map((z) => z.count), total: r.zones.reduce((n, z) => n + z.count, 0) };
    };
    const plain = await hands('?players=3');
    expect(plain.players).toBe(3);
    expect(plain.hands).toEqual([5, 5, 5]);
    const fewer = await hands(`?players=2&options=${encodeURIComponent(JSON.stringify({ hand_size: 2 }))}`);
    expect(fewer.hands).toEqual([2, 2]);
    expect(fewer.total).toBe(plain.total);
    // How the rounds go, from the game's tables evaluated on the fresh state.
    const rounds = ((await app.inject('/api/games/shed/opening?players=3')).json() as { rounds: Record<string, unknown> }).rounds;
    expect(rounds).toEqual({
      count: shed.rounds.count ? 1 : null,
      until: shed.rounds.until !== undefined,
      untilText: shed.rounds.untilText ?? null,
      dealer: { first: shed.rounds.dealer.first, rotate: shed.rounds.dealer.rotate },
      scoredEachRound: shed.rounds.scoring !== undefined,
      ties: shed.winner.ties.replay ? 'replay' : 'shared',
    });
    expect((await app.inject('/api/games/shed/opening?options=%7Bnope')).json()).toMatchObject({ code: 'input/invalid' });
    expect((await app.inject(`/api/games/shed/opening?options=${encodeURIComponent(JSON.stringify({ hand_size: 99 }))}`)).statusCode).toBe(400);
  });
});
