// Syscalls per action over real sockets: an action's ack and the actor's update leave the server in
// one TCP write (still two WebSocket frames, in order, so v1 and v2 clients read them unchanged),
// and the server probes round trips only in rooms whose plays may race.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { WebSocketServer } from 'ws';
import { hostGameDef, mayRace } from '../src/games/runtime-engine.ts';
import type { HostedGame } from '../src/games/types.ts';
import { race } from '@decksmith/runtime/test-fixtures/race';
import { shed } from '@decksmith/runtime/test-fixtures/shed';
import { Client, createRoom, fixtureGames, testApp } from './helpers.ts';

const raceGame = hostGameDef(race, 'test fixture (runtime)', { kind: 'module', url: '@decksmith/runtime/test-fixtures/race', name: 'race' }) as HostedGame;

let cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const f of cleanup.reverse()) await f();
  cleanup = [];
});

async function listening(games: HostedGame[]): Promise<{ app: FastifyInstance; url: string }> {
  const app = await testApp({ games });
  cleanup.push(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `ws://127.0.0.1:${(app.server.address() as net.AddressInfo).port}/ws` };
}

/** WebSocket pings each client got from the server, counted from the moment it connected. */
const pings = new WeakMap<Client, number>();

async function connect(url: string): Promise<Client> {
  const c = await Client.connect(url);
  pings.set(c, 0);
  c.ws.on('ping', () => pings.set(c, pings.get(c)! + 1));
  cleanup.push(() => c.close());
  return c;
}

/** Counts the TCP writes (`_write` and `_writev` calls, one syscall each) of every server-side socket. */
function countWrites(app: FastifyInstance): { total: () => number } {
  let n = 0;
  const wss = (app as unknown as { websocketServer: WebSocketServer }).websocketServer;
  for (const ws of wss.clients) {
    const tcp = (ws as unknown as { _socket: net.Socket & { _write: (...a: unknown[]) => void; _writev: (...a: unknown[]) => void } })._socket;
    for (const k of ['_write', '_writev'] as const) {
      const original = tcp[k].bind(tcp);
      tcp[k] = (...a: unknown[]) => (n++, original(...a));
    }
  }
  return { total: () => n };
}

/** Whether the server sent `c` a WebSocket ping before answering an application ping sent now (frames of one socket arrive in order). */
async function pingedBeforePong(c: Client): Promise<boolean> {
  const from = c.messages.length;
  c.send({ t: 'ping', id: 7 });
  await c.next((m) => m.t === 'pong', 20_000, from);
  return pings.get(c)! > 0;
}

describe('socket writes per action', { timeout: 60_000 }, () => {
  for (const v of [1, 2]) {
    it(`sends an action's ack and the actor's update in one TCP write, ack first (protocol v${v})`, async () => {
      const { app, url } = await listening(fixtureGames);
      const { id, tokens } = await createRoom(app, { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }], options: { hand_size: 3 }, seed: 'writes-1' });
      const seats = [await connect(url), await connect(url)];
      for (const [i, c] of seats.entries()) {
        const from = c.messages.length;
        c.send({ t: 'join', v, room: id, token: tokens[i] });
        expect((await c.next((m) => m.t === 'welcome', 20_000, from)).t).toBe('welcome');
      }
      // Every frame of the joins (the first seat's presence update) has arrived before the count starts.
      for (const c of seats) expect(await pingedBeforePong(c)).toBe(false);
      const actor = seats.find((c) => c.latest().legal.length > 0)!;
      const other = seats.find((c) => c !== actor)!;
      const froms = seats.map((c) => c.messages.length);
      const writes = countWrites(app);
      const ack = await actor.act(1, actor.latest().legal[0]);
      expect(ack.t).toBe('ack');
      await Promise.all(seats.map((c, i) => c.next((m) => m.t === 'update', 20_000, froms[i])));
      // Two sockets, one write each: without the ack corked with the update, the actor's took two.
      expect(writes.total()).toBe(2);
      expect(actor.messages.slice(froms[seats.indexOf(actor)]).map((m) => m.t)).toEqual(['ack', 'update']);
      expect(other.messages.slice(froms[seats.indexOf(other)]).map((m) => m.t)).toEqual(['update']);
    });
  }

  it('probes round trips only where plays may race', async () => {
    expect(mayRace(shed)).toBe(false);
    expect(mayRace(race)).toBe(true);
    expect(fixtureGames.find((g) => g.id === 'shed')!.engine.compensation).toBeUndefined();

    const turnBased = await listening(fixtureGames);
    const t = await createRoom(turnBased.app, { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }], options: { hand_size: 3 }, seed: 'writes-2' });
    const seat = await connect(turnBased.url);
    expect((await seat.join(t.id, t.tokens[0])).t).toBe('welcome');
    expect(await pingedBeforePong(seat)).toBe(false);

    const racing = await listening([raceGame]);
    const r = await createRoom(racing.app, { game: 'race', seats: [{ kind: 'human' }, { kind: 'human' }], options: { go: 0, rounds: 1 }, seed: 'writes-3' });
    const racer = await connect(racing.url);
    expect((await racer.join(r.id, r.tokens[0])).t).toBe('welcome');
    expect(await pingedBeforePong(racer)).toBe(true);
    // Spectators never act, so they are not probed.
    const watcher = await connect(racing.url);
    expect((await watcher.join(r.id)).t).toBe('welcome');
    expect(await pingedBeforePong(watcher)).toBe(false);
  });
});
