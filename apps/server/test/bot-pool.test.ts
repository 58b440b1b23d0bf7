// Bots think in the worker pool without delaying a human's ack, and the global queue bound and the per-room thinking budget hold.
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { loadRuleFolders } from '../src/games/discover.ts';
import { ManualClock } from '../src/rooms/clock.ts';
import { slowTap } from './fixtures/slow-tap.ts';
import { Client, createRoom, FAST_BOTS, sleep, testApp } from './helpers.ts';

const RULES = fileURLToPath(new URL('./fixtures/rules', import.meta.url));
let app: FastifyInstance;
afterEach(async () => app?.close());

type Legal = { type: string }[];
const types = (m: { legal?: unknown }) => ((m.legal as Legal | undefined) ?? []).map((a) => a.type);
/** Bot-only rooms are not what these tests are about: lift the per-client and global admission limits. */
const ADMIT_ALL = { botOnlyRoomsPerClient: 1000, maxBotOnlyRooms: 1000, openRoomsPerClient: 1000, createPerMinutePerClient: 1000, httpPerMinutePerClient: 100_000 };

async function until(cond: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(2);
  }
}

describe('the bot pool', () => {
  it('acknowledges a human action at once while a bot of the same room thinks for 500 ms', { timeout: 60_000 }, async () => {
    app = await testApp({ games: [slowTap], config: { botDelay: FAST_BOTS, botThreads: 1, botThinkMs: 500, botRoomBudgetMsPerSecond: 10_000 } });
    const pool = app.decksmith.bots;
    const seats = [{ kind: 'human' as const }, { kind: 'bot' as const, level: 'random' }];
    const { id, tokens } = await createRoom(app, { game: 'slow-tap', seats });
    const room = app.decksmith.manager.get(id)!;
    const me = await Client.inject(app);
    await me.join(id, tokens[0]);
    // Whoever is on turn opens the window (the bot takes 500 ms, plus the worker's start-up).
    if (types(me.latest()).includes('start')) expect((await me.act(1, { type: 'start' }))['t']).toBe('ack');
    await me.next((m) => m.t === 'update' && types(m).includes('tap'), 30_000, 0);
    // The bot reacts within 10 ms and thinks for 500 ms in the pool: act while it does.
    await until(() => pool.pending === 1, 10_000, 'a bot decision in the pool');
    const before = room.height;
    const t0 = performance.now();
    const reply = await me.act(2, { type: 'tap' });
    const ackMs = performance.now() - t0;
    expect(reply).toMatchObject({ t: 'ack', n: before + 1 });
    expect(ackMs).toBeLessThan(200);
    expect(pool.pending).toBe(1); // the bot is still thinking
    // The bot's decision lands afterwards, through the normal path.
    await until(() => room.height > before + 1, 10_000, "the bot's tap");
    expect(pool.stats.threaded).toBeGreaterThan(0);
    me.close();
  });

  it('bounds the global queue: decisions beyond it are deferred and levels degrade, with a log line', { timeout: 60_000 }, async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
    app = await testApp({ games: [slowTap], logger, config: { ...ADMIT_ALL, botDelay: FAST_BOTS, botThreads: 1, botGlobalQueue: 2, botThinkMs: 40, botRoomBudgetMsPerSecond: 10_000 } });
    const pool = app.decksmith.bots;
    // 8 rooms of 3 ismcts bots: 24 bots wanting to think at once on one thread.
    const seats = [0, 1, 2].map(() => ({ kind: 'bot' as const, level: 'ismcts' }));
    for (let r = 0; r < 8; r++) await createRoom(app, { game: 'slow-tap', seats });
    // Watch the pool until it has decided 12 times (the first waits for the worker to start).
    let most = 0;
    const end = Date.now() + 30_000;
    while (pool.stats.threaded < 12 && Date.now() < end) {
      most = Math.max(most, pool.pending);
      await sleep(1);
    }
    expect(most).toBeLessThanOrEqual(1 + 2);
    expect(most).toBeGreaterThanOrEqual(2);
    expect(pool.stats.deferred).toBeGreaterThan(0);
    expect(pool.stats.degraded).toBeGreaterThan(0);
    expect(pool.stats.threaded).toBeGreaterThanOrEqual(12);
    expect(lines.some((l) => l.includes('bot pool under pressure'))).toBe(true);
  });

  it("has a worker compile an author's rule file itself (the game's loader) and play it to the end", { timeout: 60_000 }, async () => {
    const clock = new ManualClock();
    const [tap] = (await loadRuleFolders([RULES])).filter((g) => g.id === 'rate-tap');
    expect(tap!.loader).toEqual({ kind: 'rules', file: expect.stringMatching(/rate-tap\.rules$/) });
    app = await testApp({ games: [tap!], clock, config: { ...ADMIT_ALL, botThreads: 1 } });
    const seats = [0, 1].map(() => ({ kind: 'bot' as const, level: 'greedy' }));
    const { id } = await createRoom(app, { game: 'rate-tap', seats });
    const room = app.decksmith.manager.get(id)!;
    for (let i = 0; i < 2000 && room.status === 'playing'; i++) {
      clock.advance(Math.max(1, (clock.nextAt() ?? clock.now() + 1) - clock.now()));
      await room.idle();
    }
    expect(room.status).toBe('finished');
    expect(room.height).toBeGreaterThan(2);
    expect(app.decksmith.bots.stats.inline).toBe(0);
    expect(app.decksmith.bots.stats.threaded).toBeGreaterThanOrEqual(room.height);
  });

  it("keeps each bot seat's random stream: bots in the pool play the same game as bots on the event loop", { timeout: 60_000 }, async () => {
    const play = async (botThreads: number) => {
      const clock = new ManualClock();
      // A fixed reaction time, so the only randomness is the bots' own streams (derived from the seed).
      app = await testApp({ clock, config: { ...ADMIT_ALL, allowClientSeeds: true, botThreads, botDelay: { medianMs: 100, sigma: 0, minMs: 100, maxMs: 100 } } });
      const seats = [0, 1, 2].map(() => ({ kind: 'bot' as const, level: 'random' }));
      const { id } = await createRoom(app, { game: 'shed', seats, options: { hand_size: 5 }, seed: 'same-stream' });
      const room = app.decksmith.manager.get(id)!;
      for (let i = 0; i < 5000 && room.status === 'playing'; i++) {
        clock.advance(100);
        await room.idle();
      }
      const log = (await app.decksmith.storage.getActions(id)).map((e) => [e.at, e.seat, e.action]);
      const stats = { ...app.decksmith.bots.stats };
      await app.close();
      return { log, stats, status: room.status };
    };
    const here = await play(0);
    const pooled = await play(1);
    expect(here.stats.threaded).toBe(0);
    expect(pooled.stats.inline).toBe(0);
    expect(pooled.status).toBe('finished');
    expect(pooled.log.length).toBeGreaterThan(10);
    expect(pooled.log).toEqual(here.log);
  });

  it("holds a room's bots to their thinking budget per second of the room's clock", { timeout: 60_000 }, async () => {
    const clock = new ManualClock();
    app = await testApp({ games: [slowTap], clock, config: { ...ADMIT_ALL, botDelay: FAST_BOTS, botThreads: 1, botThinkMs: 50, botRoomBudgetMsPerSecond: 100 } });
    const pool = app.decksmith.bots;
    const seats = [0, 1, 2].map(() => ({ kind: 'bot' as const, level: 'random' }));
    const { id } = await createRoom(app, { game: 'slow-tap', seats });
    const room = app.decksmith.manager.get(id)!;
    // 2 s of the room's clock in 10 ms steps; every bot could tap every 300 ms (≈ 20 decisions).
    for (let t = 0; t < 2000 && room.status === 'playing'; t += 10) {
      clock.advance(10);
      await room.idle();
    }
    // 100 ms at the start, 100 ms per second after, 50 ms per decision (the last one may overdraw).
    const decisions = pool.stats.threaded;
    expect(decisions).toBeGreaterThanOrEqual(3);
    expect(decisions).toBeLessThanOrEqual((100 + 2 * 100) / 50 + 1);
  });
});
