// Every generated game found under games/ (the launch games): played over real WebSockets on a logical clock, every frame checked for secrets.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { discoverWorkspaceGames } from '../src/games/discover.ts';
import type { HostedGame } from '../src/games/types.ts';
import { ManualClock } from '../src/rooms/clock.ts';
import type { Room } from '../src/rooms/room.ts';
import { Client, createRoom, sleep, testApp } from './helpers.ts';
import { leaks } from './secrecy.ts';

const games = await discoverWorkspaceGames(pino({ level: 'silent' }));
/** Random play may not end a long game quickly; past this many accepted actions the test stops playing (and says so). */
const MAX_ACTIONS = 600;

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

describe.skipIf(games.length === 0).each(games.map((g) => [g.id, g] as const))('launch game %s', (_id, game) => {
  it('is played over WebSockets with no hidden card on the wire', { timeout: 180_000 }, async () => {
    const players = Math.max(game.minPlayers, Math.min(3, game.maxPlayers));
    const { id, tokens } = await createRoom(app, { game: game.id, seats: Array.from({ length: players }, () => ({ kind: 'human' as const })), seed: `launch-${game.id}` });
    const room = app.decksmith.manager.get(id)!;
    const clients = await Promise.all(tokens.map(() => Client.connect(url)));
    for (const [seat, c] of clients.entries()) await c.join(id, tokens[seat]);
    const seqs = clients.map(() => 0);
    let r = 12345;
    const random = (n: number) => ((r = (Math.imul(r, 1103515245) + 12345) >>> 0) % n);
    let rejects = 0;
    let stalled = false;
    while (room.status === 'playing' && room.height < MAX_ACTIONS) {
      await synced(game, room, clients);
      const movers = clients.map((c, seat) => [seat, c.latest().legal] as const).filter(([, legal]) => legal.length > 0);
      if (movers.length === 0) {
        const deadline = game.engine.nextDeadline(room.state);
        if (deadline === null) {
          stalled = true; // nobody can act and no timer is armed: a bug of the rule file or runtime, not of the server
          break;
        }
        clock.advance(Math.max(1, deadline - room.now()));
        continue;
      }
      const [seat, legal] = movers[random(movers.length)]!;
      const reply = await clients[seat]!.act(++seqs[seat]!, legal[random(legal.length)]);
      if (reply.t === 'reject') {
        rejects++;
        expect(reply['code']).toMatch(/^[a-z_]+\/[a-z_]+$/);
      }
      clock.advance(25);
    }
    for (const c of clients) c.close();
    expect(problems.get(id) ?? []).toEqual([]);
    expect(room.height).toBeGreaterThan(0);
    if (room.status !== 'finished') {
      console.warn(`${game.id}: not finished after ${room.height} random actions (${rejects} rejected): ${stalled ? 'STALLED, nobody can act and no timer is armed' : 'stopped at the cap'}`);
    }
    else expect(room.result()?.winners.length).toBeGreaterThanOrEqual(0);
  });
});
