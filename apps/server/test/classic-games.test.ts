// The classic games (issue #22: Spades, President, Go Fish) played to the end over real WebSockets on a logical
// clock: two human clients choosing random legal actions, greedy bots in the other seats, every
// frame checked for hidden cards.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { discoverWorkspaceGames } from '../src/games/discover.ts';
import type { HostedGame } from '../src/games/types.ts';
import { ManualClock } from '../src/rooms/clock.ts';
import type { Room } from '../src/rooms/room.ts';
import { Client, createRoom, sleep, testApp } from './helpers.ts';
import { leaks } from './secrecy.ts';

/** Each classic game with the table it is played at here (seats, and options that keep it short). */
const CLASSIC: Record<string, { players: number; options: Record<string, number | string | boolean> }> = {
  spades: { players: 4, options: { target: 200, losing_score: 200 } },
  president: { players: 5, options: { hands: 2 } },
  'go-fish': { players: 3, options: {} },
};
const games = (await discoverWorkspaceGames(pino({ level: 'silent' }))).filter((g) => g.id in CLASSIC);
/** A safety net only: every game must end (with a result) well before this many accepted actions. */
const MAX_ACTIONS = 5000;

const clock = new ManualClock();
const problems = new Map<string, string[]>();
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  app = await testApp({
    games,
    clock,
    config: { ratePerSecond: 1e6, rateBurst: 1e6 },
    onFrame(room: Room, viewer, text) {
      const game = app.decksmith.registry.get(room.record.game)!;
      const found = leaks(game, room.state, viewer, text);
      if (found.length) problems.set(room.id, [...(problems.get(room.id) ?? []), ...found.map((p) => `${viewer}: ${p}`)]);
    },
  });
  url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/ws';
});
afterAll(async () => app?.close());

/** Waits until every client's latest view is the one the room would send it now. */
async function synced(game: HostedGame, room: Room, clients: Client[]): Promise<void> {
  await room.idle();
  for (let i = 0; i < 400; i++) {
    const fresh = clients.every((c, seat) => {
      try {
        return JSON.stringify(c.latest().view) === JSON.stringify(game.engine.view(room.state, seat));
      } catch {
        return false;
      }
    });
    if (fresh) return;
    await sleep(5);
  }
  throw new Error('clients never caught up with the room');
}

describe('the classic games', () => {
  it('are all discovered', () => {
    expect(games.map((g) => g.id).sort()).toEqual(Object.keys(CLASSIC).sort());
  });
});

describe.each(games.map((g) => [g.id, g] as const))('classic game %s', (id, game) => {
  it('is played to the end over WebSockets (two human clients, greedy bots) with no hidden card on the wire', { timeout: 240_000 }, async () => {
    const { players, options } = CLASSIC[id]!;
    const humans = 2;
    const seats = Array.from({ length: players }, (_, i) => (i < humans ? { kind: 'human' as const } : { kind: 'bot' as const, level: 'greedy' }));
    const { id: roomId, tokens } = await createRoom(app, { game: game.id, seats, options, seed: `classic-${game.id}` });
    const room = app.decksmith.manager.get(roomId)!;
    const clients = await Promise.all(tokens.slice(0, humans).map(() => Client.connect(url)));
    for (const [seat, c] of clients.entries()) await c.join(roomId, tokens[seat]);
    const seqs = clients.map(() => 0);
    let r = 2026;
    const random = (n: number) => ((r = (Math.imul(r, 1103515245) + 12345) >>> 0) % n);
    let accepted = 0;
    while (room.status === 'playing' && room.height < MAX_ACTIONS) {
      await synced(game, room, clients);
      if (room.status !== 'playing') break;
      const movers = clients.map((c, seat) => [seat, c.latest().legal] as const).filter(([, legal]) => legal.length > 0);
      const at = clock.nextAt();
      if (movers.length === 0) {
        if (at === null) throw new Error(`${game.id} stalled after ${room.height} actions: no client can act and nothing is armed`);
        clock.advance(Math.max(1, at - clock.now()));
        continue;
      }
      const [seat, legal] = movers[random(movers.length)]!;
      // A legal action offered to a human is accepted: the lists the clients get are the truth.
      const reply = await clients[seat]!.act(++seqs[seat]!, legal[random(legal.length)]);
      expect(reply.t, JSON.stringify(reply)).not.toBe('reject');
      accepted++;
      clock.advance(25);
    }
    await room.idle();
    for (const c of clients) await c.next((m) => m.t === 'update' && !!m['result'], 5_000, 0);
    for (const c of clients) c.close();
    expect(problems.get(roomId) ?? []).toEqual([]);
    expect(room.status).toBe('finished');
    expect(accepted).toBeGreaterThan(0);
    const scores = room.result()!.scores;
    expect(scores).toHaveLength(players);
    if (id === 'spades') {
      // Partners share a score: players 1 and 3, 2 and 4; the game ended past 200 or at -200.
      expect(scores[0]).toBe(scores[2]);
      expect(scores[1]).toBe(scores[3]);
      expect(Math.max(...scores) >= 200 || Math.min(...scores) <= -200).toBe(true);
    }
    if (id === 'president') {
      // Two hands at five players: each hand gives 4 + 3 + 2 + 1 + 0 points.
      expect(scores.reduce((a, b) => a + b, 0)).toBe(2 * 10);
    }
    const summary = (await app.inject(`/api/rooms/${roomId}`)).json() as { status: string; result: { scores: number[] } };
    expect(summary).toMatchObject({ status: 'finished', result: { scores } });
  });
});
