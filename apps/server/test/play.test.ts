// Whole games over real WebSockets for every registered game, with every frame checked for leaked secrets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Room } from '../src/rooms/room.ts';
import type { Viewer } from '../src/rooms/subscriber.ts';
import { Client, createRoom, fixtureGames, testApp } from './helpers.ts';
import { leaks } from './secrecy.ts';

const recorded = new Map<string, { viewer: Viewer; problems: string[]; frames: number }>();
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  app = await testApp({
    onFrame(room: Room, viewer, text) {
      const game = app.decksmith.registry.get(room.record.game)!;
      const key = `${room.id}/${viewer}`;
      const rec = recorded.get(key) ?? { viewer, problems: [], frames: 0 };
      rec.frames++;
      rec.problems.push(...leaks(game, room.state, viewer, text));
      recorded.set(key, rec);
    },
  });
  url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/ws';
});
afterAll(async () => app?.close());

/** A client that keeps playing a random legal action whenever its latest frame offers one. */
async function play(c: Client, seed: number): Promise<void> {
  let seq = 0;
  let r = seed;
  const random = () => ((r = (Math.imul(r, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const codes: string[] = [];
  for (let guard = 0; guard < 5000; guard++) {
    const mark = c.messages.length;
    const { legal, result } = c.latest();
    if (result) return;
    if (legal.length > 0) {
      const reply = await c.act(++seq, legal[Math.floor(random() * legal.length)]);
      expect(['ack', 'reject']).toContain(reply.t);
      if (reply.t === 'reject') codes.push(String(reply['code']));
    } else {
      // Nothing to do: wait for news (another seat's move, a timer).
      await c.next((m) => m.t === 'update', 60_000, mark);
    }
  }
  throw new Error(`game did not end; rejections: ${codes.slice(-10).join(', ')}`);
}

const options: Record<string, Record<string, number>> = { shed: { hand_size: 3 }, 'snap-race': { hand_size: 3, snap_time: 300 } };

describe.each(fixtureGames.map((g) => [g.id]))('a whole game of %s', (gameId) => {
  it('is played to the end by WebSocket clients, and no frame leaks a hidden card', { timeout: 120_000 }, async () => {
    const { id, tokens } = await createRoom(app, { game: gameId, seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }], options: options[gameId] ?? {}, seed: `play-${gameId}` });
    const clients = await Promise.all(tokens.map(() => Client.connect(url)));
    const spectator = await Client.connect(url);
    for (const [seat, c] of clients.entries()) expect((await c.join(id, tokens[seat]))['seat']).toBe(seat);
    expect((await spectator.join(id))['seat']).toBe(null);
    await Promise.all(clients.map((c, i) => play(c, i + 1)));
    const summary = (await app.inject(`/api/rooms/${id}`)).json() as { status: string; result: { winners: number[] }; n: number };
    expect(summary.status).toBe('finished');
    expect(summary.result.winners.length).toBeGreaterThan(0);
    await spectator.next((m) => m.t === 'update' && !!m['result']);
    for (const c of [...clients, spectator]) c.close();
    // Every frame to every seat and to the spectator was checked against the state it was sent from.
    const mine = [...recorded.entries()].filter(([k]) => k.startsWith(`${id}/`));
    expect(mine.length).toBe(4);
    for (const [, rec] of mine) {
      expect(rec.frames).toBeGreaterThan(3);
      expect(rec.problems).toEqual([]);
    }
    // The log replays to the same result.
    const log = (await app.inject(`/api/rooms/${id}/log`)).json() as { actions: unknown[] };
    expect(log.actions.length).toBe(summary.n);
  });
});

describe('the secrecy check itself', () => {
  it('flags another seat\'s view sent to the wrong seat', async () => {
    for (const game of fixtureGames) {
      const { id } = await createRoom(app, { game: game.id, seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'leak' });
      const room = app.decksmith.manager.get(id)!;
      const wrong = JSON.stringify({ t: 'update', view: game.engine.view(room.state, 1), legal: game.engine.legalActions(room.state, 1) });
      expect(leaks(game, room.state, 0, wrong).length).toBeGreaterThan(0);
      const right = JSON.stringify({ t: 'update', view: game.engine.view(room.state, 0), legal: game.engine.legalActions(room.state, 0) });
      expect(leaks(game, room.state, 0, right)).toEqual([]);
    }
  });
});
