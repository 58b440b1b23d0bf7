// The frame rate limiter closes a sustained flood at any rate above the limit (fake time), never a client at the limit or one that bursts then idles; and over a real socket.
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FloodGuard } from '../src/transport/ws/rate-limit.ts';
import { Client, testApp } from './helpers.ts';

const RATE = 20;
const BURST = 40;
const STRIKES = 200;

/** Sends frames at `perSecond` for up to `seconds` of fake time; returns when (s) the guard said close, or null. */
function flood(perSecond: number, seconds: number): { closedAt: number | null; limited: number } {
  const guard = new FloodGuard(RATE, BURST, STRIKES, 0);
  let limited = 0;
  const frames = Math.floor(perSecond * seconds);
  for (let i = 0; i < frames; i++) {
    const t = (i * 1000) / perSecond;
    const v = guard.admit(t);
    if (v === 'close') return { closedAt: t / 1000, limited };
    if (v === 'limited') limited++;
  }
  return { closedAt: null, limited };
}

describe('flood guard (fake time)', () => {
  it.each([21, 22, 25, 30, 40, 100, 2800])('closes a sustained flood at %d frames/s (limit 20/s)', (rate) => {
    // At limit + ε a strike comes every 1/ε s once the burst is spent: (burst + strikes) / ε seconds at most.
    const bound = (BURST + STRIKES) / (rate - RATE) + 1;
    const r = flood(rate, bound + 5);
    expect(r.closedAt).not.toBeNull();
    expect(r.closedAt!).toBeLessThanOrEqual(bound);
  });

  it('never closes a client at the limit, however long', () => {
    expect(flood(RATE, 3600)).toEqual({ closedAt: null, limited: 0 });
  });

  it('never closes a client that bursts past the limit and then idles, again and again', () => {
    const guard = new FloodGuard(RATE, BURST, STRIKES, 0);
    let t = 0;
    let limited = 0;
    let closed = 0;
    for (let round = 0; round < 1000; round++) {
      // 100 frames at once: 40 pass, 60 are refused — then 3 s of silence refill the bucket.
      for (let i = 0; i < 100; i++) {
        const v = guard.admit(t);
        if (v === 'close') closed++;
        if (v === 'limited') limited++;
      }
      t += 3000;
    }
    expect(closed).toBe(0);
    expect(limited).toBe(60_000);
  });

  it('forgives strikes only once the bucket is full again', () => {
    const guard = new FloodGuard(RATE, BURST, STRIKES, 0);
    for (let i = 0; i < 50; i++) guard.admit(0);
    expect(guard.held).toBe(10);
    // One token back (50 ms): strikes are kept, a frame passes.
    expect(guard.admit(50)).toBe('ok');
    expect(guard.held).toBe(10);
    // Full again after 2 s of silence: forgiven.
    expect(guard.admit(2100)).toBe('ok');
    expect(guard.held).toBe(0);
  });
});

describe('flood guard on a real socket', () => {
  let app: FastifyInstance;
  afterEach(async () => app?.close());

  it('closes a socket flooding at twice the limit with rate/flood and 1008, while another client is served', { timeout: 30_000 }, async () => {
    app = await testApp({ config: { ratePerSecond: 100, rateBurst: 10, rateStrikes: 20 } });
    const url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/ws';
    const [flooder, other] = await Promise.all([Client.connect(url), Client.connect(url)]);
    // 200 frames/s, paced in real time: after the burst every other frame is refused, and
    // (the old rule) each accepted frame in between used to forgive the strikes.
    for (let i = 0; i < 600 && !flooder.closed; i++) {
      flooder.send({ t: 'ping', id: i });
      if (i % 10 === 9) await new Promise((r) => setTimeout(r, 50));
    }
    for (let i = 0; i < 100 && !flooder.closed; i++) await new Promise((r) => setTimeout(r, 20));
    expect(flooder.closed).toBe(true);
    expect(flooder.closeCode).toBe(1008);
    expect(flooder.messages.some((m) => m.t === 'error' && m['code'] === 'rate/limited')).toBe(true);
    expect(flooder.messages.at(-1)).toMatchObject({ t: 'error', code: 'rate/flood' });
    other.send({ t: 'ping', id: 4242 });
    expect(await other.next((m) => m.t === 'pong')).toMatchObject({ id: 4242 });
    other.close();
  });
});
