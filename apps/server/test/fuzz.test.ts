// Fuzzing the WebSocket protocol (fast-check): every bad frame gets a coded error, the server stays up, the state is unchanged.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Room } from '../src/rooms/room.ts';
import { Client, createRoom, testApp } from './helpers.ts';

let app: FastifyInstance;
let room: Room;
let seat0: Client;
let seat1: Client;
let spectator: Client;
let tokens: (string | undefined)[];
let id: string;

beforeAll(async () => {
  app = await testApp({ config: { ratePerSecond: 1e6, rateBurst: 1e6 } });
  ({ id, tokens } = await createRoom(app, { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'fuzz' }));
  room = app.decksmith.manager.get(id)!;
  [seat0, seat1, spectator] = await Promise.all([Client.inject(app), Client.inject(app), Client.inject(app)]);
  await seat0.join(id, tokens[0]);
  await seat1.join(id, tokens[1]);
  await spectator.join(id);
  // One accepted action so that sequence number 1 is spent for seat 0.
  const legal = seat0.latest().legal;
  const current = (room.state as { current: number }).current;
  const mover = current === 0 ? seat0 : seat1;
  expect((await mover.act(1, (current === 0 ? legal : seat1.latest().legal)[0])).t).toBe('ack');
});
afterAll(async () => app?.close());

const CODE = /^[a-z_]+\/[a-z_]+$/;

/** Sends a frame and waits for the one reply it must get; checks that nothing changed. */
async function hostile(client: Client, frame: string | object): Promise<string> {
  const before = JSON.stringify(room.state);
  const n = room.height;
  const reply = await client.expectError(frame);
  expect(reply['code']).toMatch(CODE);
  expect(typeof reply['message']).toBe('string');
  await room.idle();
  expect(room.height).toBe(n);
  expect(JSON.stringify(room.state)).toBe(before);
  return reply['code'] as string;
}

const notJsonObject = fc.oneof(
  fc.string({ maxLength: 200 }).filter((s) => {
    try {
      const v: unknown = JSON.parse(s);
      return typeof v !== 'object' || v === null || Array.isArray(v);
    } catch {
      return true;
    }
  }),
  fc.json({ maxDepth: 3 }).filter((s) => {
    const v: unknown = JSON.parse(s);
    return typeof v !== 'object' || v === null || Array.isArray(v) || !['ping', 'resync'].includes((v as { t?: unknown }).t as string);
  }),
);

const wrongTypes = fc.record({
  t: fc.constantFrom('action', 'join', 'ping'),
  seq: fc.oneof(fc.string(), fc.double(), fc.constant(-1), fc.constant(0), fc.constant(null)),
  action: fc.oneof(fc.string(), fc.integer(), fc.record({ type: fc.integer() }), fc.record({ type: fc.constant('play'), args: fc.string() })),
  v: fc.oneof(fc.string(), fc.constant(null)),
  room: fc.integer(),
});

const unknownAction = fc.record({
  t: fc.constant('action'),
  seq: fc.integer({ min: 1000, max: 1_000_000 }),
  action: fc.record(
    {
      type: fc.string({ minLength: 1, maxLength: 20 }).filter((t) => !['play', 'draw', 'pass', 'last_card'].includes(t)),
      args: fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.boolean())),
    },
    { requiredKeys: ['type'] },
  ),
});

describe('fuzzing the protocol', () => {
  it('malformed JSON and non-objects get input/* errors', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(notJsonObject, async (frame) => {
        expect(await hostile(seat0, frame)).toMatch(/^input\//);
      }),
      { numRuns: 150 },
    );
  });

  it('wrong types get input/* errors', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(wrongTypes, async (frame) => {
        expect(await hostile(seat0, frame)).toMatch(/^input\//);
      }),
      { numRuns: 150 },
    );
  });

  it('unknown actions are rejected with a code, for seats and spectators', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(unknownAction, fc.constantFrom(seat0, seat1, spectator), async (frame, client) => {
        await hostile(client, frame);
      }),
      { numRuns: 150 },
    );
  });

  it('replayed sequence numbers, out-of-turn actions and spectator actions change nothing', { timeout: 120_000 }, async () => {
    const current = (room.state as { current: number }).current;
    const waiting = current === 0 ? seat1 : seat0;
    const moving = current === 0 ? seat0 : seat1;
    const theirMoves = moving.latest().legal;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...theirMoves), fc.integer({ min: 0, max: 1 }), async (action, replay) => {
        // The waiting seat tries the mover's legal actions: not its turn (or not its cards).
        expect(await hostile(waiting, { t: 'action', seq: 500 + replay, action })).not.toBe('');
        expect(await hostile(spectator, { t: 'action', seq: 1, action })).toBe('seat/spectator');
        if (moving === seat0) expect(await hostile(seat0, { t: 'action', seq: 1, action })).toBe('seq/replayed');
      }),
      { numRuns: 50 },
    );
  });

  it('another seat\'s or a made-up token opens nothing', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 100 }), async (token) => {
        const c = await Client.inject(app);
        expect(await hostile(c, { t: 'join', v: 1, room: id, token })).toBe('auth/invalid_token');
        c.close();
      }),
      { numRuns: 50 },
    );
    // A valid token joins its own seat only: it can never act as the other seat.
    const c = await Client.inject(app);
    expect((await c.join(id, tokens[1]))['seat']).toBe(1);
  });

  it('oversized frames get input/too_large; beyond the hard cap the socket is closed; the server stays up', { timeout: 60_000 }, async () => {
    expect(await hostile(seat0, JSON.stringify({ t: 'ping', pad: 'x'.repeat(20_000) }))).toBe('input/too_large');
    const big = await Client.inject(app);
    big.send('x'.repeat(2 * 1024 * 1024));
    for (let i = 0; i < 100 && !big.closed; i++) await new Promise((r) => setTimeout(r, 20));
    expect(big.closed).toBe(true);
    expect((await app.inject('/health')).json()).toEqual({ status: 'ok' });
    seat0.send({ t: 'ping', id: 1 });
    expect(await seat0.next((m) => m.t === 'pong')).toMatchObject({ id: 1 });
  });
});

describe('out-of-window and out-of-turn actions in a race game', () => {
  it('are rejected with their codes and change nothing', { timeout: 60_000 }, async () => {
    const { id: snapId, tokens: snapTokens } = await createRoom(app, { game: 'snap-race', seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'window' });
    const snapRoom = app.decksmith.manager.get(snapId)!;
    const [a, b] = await Promise.all([Client.inject(app), Client.inject(app)]);
    await a.join(snapId, snapTokens[0]);
    await b.join(snapId, snapTokens[1]);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(a, b), async (seq, client) => {
        const before = JSON.stringify(snapRoom.state);
        // No window is open: a snap is out of its window.
        expect(await client.expectError({ t: 'action', seq, action: { type: 'snap', expect: { height: 0, top: null } } })).toMatchObject({ code: 'window/closed' });
        // Seat 1 plays out of turn.
        expect(await b.expectError({ t: 'action', seq: seq + 1, action: { type: 'draw' } })).toMatchObject({ code: 'turn/not_yours' });
        await snapRoom.idle();
        expect(JSON.stringify(snapRoom.state)).toBe(before);
      }),
      { numRuns: 40 },
    );
  });
});
