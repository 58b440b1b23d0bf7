// Every generated game found under games/ (the launch games and the classic ones): played to the end over real WebSockets on a logical clock, every frame checked for secrets.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { discoverWorkspaceGames } from '../src/games/discover.ts';
import type { HostedGame } from '../src/games/types.ts';
import { ManualClock } from '../src/rooms/clock.ts';
import type { Room } from '../src/rooms/room.ts';
import { asSent } from './choices.ts';
import { Client, createRoom, sleep, testApp } from './helpers.ts';
import { leaks } from './secrecy.ts';

const games = await discoverWorkspaceGames(pino({ level: 'silent' }));
/** A safety net only: every game must end (with a result) well before this many accepted actions. */
const MAX_ACTIONS = 5000;
/**
 * Small tables so that each game ends in seconds (options from each game's `option` lines; the
 * real-time Go Wacky keeps its race cards). Unlisted games play their defaults.
 */
const SMALL: Record<string, Record<string, number | string | boolean>> = {
  'wackee-six': { target: 10, countdown: 0 },
  'tiv-miv': { phases: 1, countdown: 0 },
  'five-crowns': { rounds_played: 1 },
  'five-crowns-quick': { rounds_played: 1 },
  'super-taki': { hand_size: 3 },
  'taki-pyramid': { hand_size: 3 },
  'go-wacky': { plain_copies: 2, countdown: 0 },
  spades: { target: 200, losing_score: 200 },
  president: { hands: 2 },
  euchre: { target: 5 },
  cribbage: { target: 31 },
};

const clock = new ManualClock();
const problems = new Map<string, string[]>();
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  app = await testApp({
    games,
    clock,
    // A manual clock drives the room: plays are decided on arrival (latency compensation holds them on a real clock; fair-races.test.ts).
    config: { ratePerSecond: 1e6, rateBurst: 1e6, latencyCompensation: false },
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
  it('is played to the end over WebSockets (two human clients, greedy bots) with no hidden card on the wire', { timeout: 180_000 }, async () => {
    const players = Math.max(game.minPlayers, Math.min(4, game.maxPlayers));
    const humans = 2;
    const seats = Array.from({ length: players }, (_, i) => (i < humans ? { kind: 'human' as const } : { kind: 'bot' as const, level: 'greedy' }));
    const { id, tokens } = await createRoom(app, { game: game.id, seats, options: SMALL[game.id] ?? {}, seed: `launch-${game.id}` });
    const room = app.decksmith.manager.get(id)!;
    const clients = await Promise.all(tokens.slice(0, humans).map(() => Client.connect(url)));
    for (const [seat, c] of clients.entries()) await c.join(id, tokens[seat]);
    const seqs = clients.map(() => 0);
    let r = 12345;
    const random = (n: number) => ((r = (Math.imul(r, 1103515245) + 12345) >>> 0) % n);
    let rejects = 0;
    while (room.status === 'playing' && room.height < MAX_ACTIONS) {
      await synced(game, room, clients);
      if (room.status !== 'playing') break;
      const movers = clients.map((c, seat) => [seat, c.latest().legal] as const).filter(([, legal]) => legal.length > 0);
      // The humans act when they can; otherwise time moves on to the next bot reaction or game timer.
      const at = clock.nextAt();
      if (movers.length === 0 || (at !== null && random(4) === 0)) {
        if (at === null) throw new Error(`${game.id} stalled after ${room.height} actions: no client can act and nothing is armed`);
        clock.advance(Math.max(1, at - clock.now()));
        continue;
      }
      const [seat, legal] = movers[random(movers.length)]!;
      const reply = await clients[seat]!.act(++seqs[seat]!, asSent(legal[random(legal.length)], random));
      if (reply.t === 'reject') {
        rejects++;
        expect(reply['code']).toMatch(/^[a-z_]+\/[a-z_]+$/);
      }
      clock.advance(25);
    }
    await room.idle();
    // The clients saw the end: a final update carrying the result.
    for (const c of clients) await c.next((m) => m.t === 'update' && !!m['result'], 5_000, 0);
    for (const c of clients) c.close();
    expect(problems.get(id) ?? []).toEqual([]);
    expect({ status: room.status, n: room.height, rejects }).toMatchObject({ status: 'finished' });
    expect(room.result()!.scores).toHaveLength(players);
    const summary = (await app.inject(`/api/rooms/${id}`)).json() as { status: string; result: { scores: number[] } };
    expect(summary).toMatchObject({ status: 'finished', result: { scores: room.result()!.scores } });
  });
});

describe('the launch games', () => {
  it('are all discovered and played above', () => {
    expect(games.map((g) => g.id)).toEqual(expect.arrayContaining(['wackee-six', 'tiv-miv', 'five-crowns', 'super-taki', 'go-wacky']));
  });
});
