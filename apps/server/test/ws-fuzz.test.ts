// WebSocket fuzzing against a real server: 10^5 generated frames (valid, near-valid, garbage) over several sockets; no crash, every frame answered with a code or a clean close, the room still serves.
import { Writable } from 'node:stream';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Client, createRoom, testApp } from './helpers.ts';

const BATCHES = 400;
const PER_BATCH = 250;
const MAX_MESSAGE = 16 * 1024;
const MAX_FRAME = 64 * 1024;
/** The server's answers to a client frame (updates and presence are not answers: they follow others' actions). */
const ANSWERS = new Set(['error', 'reject', 'ack', 'pong', 'welcome']);
const CODE = /^[a-z_]+\/[a-z_]+$/;

let app: FastifyInstance;
let url: string;
let room: string;
let tokens: string[];
const logged: { level: number; msg: string }[] = [];

/** A socket that counts answers, checks each is coded, and keeps its seat's latest legal actions. */
class Counted {
  answers = 0;
  /** Answers by type (ack, reject, error …), and errors and rejections by code. */
  readonly byType = new Map<string, number>();
  uncoded: string[] = [];
  legal: unknown[] = [];
  seq = 1000;
  closedWith: number | undefined;
  private waiter: (() => void) | undefined;
  private goal = 0;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as { t: string; code?: unknown; message?: unknown; legal?: unknown[] };
      if (m.legal) this.legal = m.legal;
      if (!ANSWERS.has(m.t)) return;
      this.answers++;
      const key = m.t === 'error' || m.t === 'reject' ? `${m.t} ${String(m.code)}` : m.t;
      this.byType.set(key, (this.byType.get(key) ?? 0) + 1);
      if ((m.t === 'error' || m.t === 'reject') && (typeof m.code !== 'string' || !CODE.test(m.code) || typeof m.message !== 'string')) this.uncoded.push(data.toString());
      if (this.answers >= this.goal) this.waiter?.();
    });
    ws.on('close', (code) => {
      this.closedWith = code;
      this.waiter?.();
    });
  }
  static async open(join?: { token?: string }): Promise<Counted> {
    const ws = new WebSocket(url);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const c = new Counted(ws);
    if (join) {
      ws.send(JSON.stringify({ t: 'join', v: 1, room, ...join }));
      await c.until(1);
    }
    return c;
  }
  /** Resolves once `n` answers in all have arrived (or the socket closed). */
  until(n: number, ms = 15_000): Promise<void> {
    if (this.answers >= n || this.closedWith !== undefined) return Promise.resolve();
    this.goal = n;
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`answered ${this.answers} of ${n} frames`)), ms);
      this.waiter = () => {
        if (this.answers < n && this.closedWith === undefined) return;
        clearTimeout(t);
        this.waiter = undefined;
        resolve();
      };
    });
  }
}

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line) as { level: number; msg: string });
      done();
    },
  });
  app = await testApp({
    logger: pino({ level: 'warn' }, sink),
    config: { ratePerSecond: 1e9, rateBurst: 1e9, maxMessageBytes: MAX_MESSAGE, maxFrameBytes: MAX_FRAME, joinDeadlineMs: 600_000, maxConnectionsPerIp: 10_000 },
  });
  url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/ws';
  const made = await createRoom(app, { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }], options: { hand_size: 10 } });
  room = made.id;
  tokens = made.tokens as string[];
});
afterAll(async () => app?.close());

/** A frame: text, binary, or a marker for "a legal action of this seat with a fresh seq". */
type Frame = { text: string } | { binary: Uint8Array } | { legal: true };

const huge = fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -(2 ** 63), 0xffffffff + 1, 1e-320, -0);
const junk = fc.oneof(fc.anything({ maxDepth: 4 }), huge, fc.string({ unit: 'binary', maxLength: 50 }));
const nested = fc.integer({ min: 100, max: 7000 }).map((d) => '['.repeat(d) + ']'.repeat(d));
const token = fc.oneof(fc.string({ minLength: 1, maxLength: 300 }), fc.base64String({ minLength: 43, maxLength: 44 }), fc.constantFrom(...['0', '1', '2'].map(Number).map((i) => () => tokens[i]!)));

const frame: fc.Arbitrary<Frame> = fc.oneof(
  // valid
  { weight: 4, arbitrary: fc.constant({ legal: true as const }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('ping'), id: fc.nat() }).map((m) => ({ text: JSON.stringify(m) })) },
  { weight: 1, arbitrary: fc.constant({ text: '{"t":"resync"}' }) },
  // near-valid: wrong seq, wrong types, unknown fields, other versions and rooms, other seats' tokens
  {
    weight: 4,
    arbitrary: fc
      .record({
        t: fc.constant('action'),
        seq: fc.oneof(fc.constantFrom(0, 1, -1, 1.5, 2 ** 53, '7'), huge, fc.nat()),
        action: fc.oneof(
          fc.record({ type: fc.constantFrom('play', 'draw', 'pass', 'last_card'), args: fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), huge, fc.string({ maxLength: 70 }), fc.array(fc.integer(), { maxLength: 300 }))) }, { requiredKeys: ['type'] }),
          fc.record({ type: fc.string({ maxLength: 70 }), expect: fc.record({ height: fc.oneof(fc.integer(), huge), top: fc.oneof(fc.integer(), fc.constant(null), fc.string()) }), round: fc.oneof(fc.integer(), huge) }, { requiredKeys: ['type'] }),
          junk,
        ),
        extra: junk,
      }, { requiredKeys: ['t', 'seq', 'action'] })
      .map((m) => ({ text: JSON.stringify(m) ?? 'undefined' })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ t: fc.constant('join'), v: fc.oneof(fc.constantFrom(1, 2, 3, 0, -1), huge), room: fc.oneof(fc.constant('ROOM'), fc.string({ maxLength: 70 })), token, admin: fc.boolean() }, { requiredKeys: ['t'] })
      .map((m) => ({ text: JSON.stringify({ ...m, ...(m.room === 'ROOM' ? { room } : {}), ...(typeof m.token === 'function' ? { token: (m.token as () => string)() } : {}) }) })),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constantFrom('ping', 'resync', 'welcome', 'ack', 'update', '', 'ACTION'), id: junk }).map((m) => ({ text: JSON.stringify(m) ?? 'null' })) },
  // garbage: any JSON, any string, deep nesting, binary, oversized
  { weight: 2, arbitrary: fc.json({ maxDepth: 5 }).map((text) => ({ text })) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }).map((text) => ({ text })) },
  { weight: 1, arbitrary: nested.map((n) => ({ text: `{"t":"action","seq":9,"action":{"type":"play","args":{"c":${n}}}}` })) },
  { weight: 1, arbitrary: nested.map((n) => ({ text: n })) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((binary) => ({ binary })) },
  { weight: 1, arbitrary: fc.integer({ min: MAX_MESSAGE + 1, max: MAX_FRAME - 64 }).map((n) => ({ text: JSON.stringify({ t: 'ping', pad: 'x'.repeat(n) }) })) },
);

describe('fuzzing the WebSocket protocol with 10^5 frames', () => {
  it('answers every frame with a coded error, a rejection, an ack, a pong or a welcome, never crashes, and the room still serves', { timeout: 180_000 }, async () => {
    const seats = await Promise.all(tokens.map((token) => Counted.open({ token })));
    const watcher = await Counted.open({});
    let probe = await Counted.open();
    const sockets = () => [...seats, watcher, probe];
    let frames = 0;
    const run = await fc.check(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat({ max: 4 }), frame), { minLength: PER_BATCH, maxLength: PER_BATCH }), async (batch) => {
        const all = sockets();
        const goals = all.map((s) => s.answers);
        for (const [to, f] of batch) {
          const s = all[to]!;
          goals[to]!++;
          if ('binary' in f) s.ws.send(f.binary, { binary: true });
          else if ('text' in f) s.ws.send(f.text);
          else s.ws.send(JSON.stringify({ t: 'action', seq: ++s.seq, action: s.legal[s.seq % Math.max(1, s.legal.length)] ?? { type: 'draw' } }));
        }
        await Promise.all(all.map((s, i) => s.until(goals[i]!)));
        frames += batch.length;
        for (const s of all) {
          expect(s.closedWith, 'no socket is closed by a frame under the hard cap').toBeUndefined();
          expect(s.uncoded).toEqual([]);
        }
        // A probe that joined (a seat's token) is replaced by a fresh one, so joins keep being tried on an unjoined socket.
        if (probe.legal.length > 0 || probe.answers > 0) {
          probe.ws.close();
          probe = await Counted.open();
        }
      }),
      { numRuns: BATCHES, endOnFailure: true },
    );
    // Counterexamples hold frames of tens of KiB: report the cause and the seed, not the batch.
    expect(run.failed ? `${String(run.errorInstance).slice(0, 1500)} (seed ${run.seed}, path ${run.counterexamplePath})` : null).toBeNull();
    expect(frames).toBe(BATCHES * PER_BATCH);
    // The mix reached every layer: accepted actions, the runtime's rejections, the server's input errors.
    const seen = new Map<string, number>();
    for (const s of sockets()) for (const [k, n] of s.byType) seen.set(k, (seen.get(k) ?? 0) + n);
    for (const kind of ['ack', 'pong', 'welcome', 'reject seq/replayed', 'error input/malformed', 'error input/invalid', 'error input/binary', 'error input/too_large', 'error protocol/already_joined']) {
      expect(seen.get(kind) ?? 0, kind).toBeGreaterThan(0);
    }

    // Frames above the hard cap close their socket cleanly (1009), one socket each.
    for (const size of [MAX_FRAME + 1, MAX_FRAME * 2, MAX_FRAME * 16]) {
      const s = await Counted.open();
      s.ws.send('x'.repeat(size));
      await s.until(Infinity).catch(() => undefined);
      expect(s.closedWith).toBe(1009);
    }

    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
    expect((await app.inject('/health')).json()).toEqual({ status: 'ok' });
    // The fuzzed room still serves a new client; and another room is created and played.
    const late = await Client.connect(url);
    expect(await late.join(room)).toMatchObject({ t: 'welcome', room });
    const other = await createRoom(app, { game: 'snap-race', seats: [{ kind: 'human' }, { kind: 'human' }] });
    const player = await Client.connect(url);
    const welcome = await player.join(other.id, other.tokens[0]);
    expect(welcome).toMatchObject({ t: 'welcome', seat: 0 });
    const legal = player.latest().legal;
    if (legal.length > 0) expect(await player.act(1, legal[0])).toMatchObject({ t: 'ack', seq: 1 });
    for (const c of [...sockets(), late, player]) (c instanceof Client ? c : c.ws).close();
  });
});
