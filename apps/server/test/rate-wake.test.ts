// A human seat that is rate-limited is sent a fresh legal list when its limit lapses (the room wakes it), and a bot never gets a second reaction armed while its decision is queued.
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRuleFolders } from '../src/games/discover.ts';
import type { GameEngine } from '../src/games/types.ts';
import { Bots } from '../src/rooms/bots.ts';
import { ManualClock } from '../src/rooms/clock.ts';
import { Client, createRoom, fixtureGames, sleep, testApp } from './helpers.ts';

const RULES = fileURLToPath(new URL('./fixtures/rules', import.meta.url));
const ruleGames = await loadRuleFolders([RULES]);

let app: FastifyInstance;
afterEach(async () => app?.close());

type Legal = { type: string }[];
const types = (m: Record<string, unknown>) => ((m['legal'] as Legal | undefined) ?? []).map((a) => a.type);

/** A table of Rate Tap with two socket clients; the window is open (both may tap) at logical time 0. */
async function openTable(clock: ManualClock) {
  app = await testApp({ games: [...fixtureGames, ...ruleGames], clock });
  const { id, tokens } = await createRoom(app, { game: 'rate-tap', seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'wake' });
  const room = app.decksmith.manager.get(id)!;
  const clients = await Promise.all(tokens.map(() => Client.inject(app)));
  for (const [i, c] of clients.entries()) await c.join(id, tokens[i]);
  await room.idle();
  const starter = clients.findIndex((c) => types(c.latest() as Record<string, unknown>).includes('start'));
  expect(starter).toBeGreaterThanOrEqual(0);
  const mark = clients.map((c) => c.messages.length);
  expect((await clients[starter]!.act(1, { type: 'start' }))['t']).toBe('ack');
  for (const [i, c] of clients.entries()) expect(types(await c.next((m) => m.t === 'update', 5000, mark[i]))).toEqual(['tap']);
  return { id, tokens, room, clients };
}

describe('a rate-limited human seat', () => {
  it('is sent an update with its legal action once its rate limit lapses', { timeout: 60_000 }, async () => {
    const clock = new ManualClock();
    const { room, clients } = await openTable(clock);
    const [me, other] = [clients[0]!, clients[1]!];

    const afterTap = [me.messages.length, other.messages.length];
    expect((await me.act(10, { type: 'tap' }))['t']).toBe('ack');
    expect(types(await me.next((m) => m.t === 'update', 5000, afterTap[0]))).toEqual([]);
    expect(types(await other.next((m) => m.t === 'update', 5000, afterTap[1]))).toEqual(['tap']);
    // One timer for the room: the wake at 300 ms, coalesced with the window's 10 s timeout.
    expect(clock.pending()).toBe(1);
    expect(clock.nextAt()).toBe(300);

    const mark = [me.messages.length, other.messages.length];
    clock.advance(299);
    await room.idle();
    await sleep(20);
    expect(me.messages.slice(mark[0])).toEqual([]);

    clock.advance(1);
    await room.idle();
    const woken = await me.next((m) => m.t === 'update', 2000, mark[0]);
    expect(types(woken)).toEqual(['tap']);
    expect(woken).toMatchObject({ n: 2, now: 300, events: [] });
    // Only the seat that waited is sent a frame; the window's timeout is armed again.
    await sleep(20);
    expect(other.messages.slice(mark[1])).toEqual([]);
    expect(clock.pending()).toBe(1);
    expect(clock.nextAt()).toBe(10_000);
    expect((await me.act(11, { type: 'tap' }))['t']).toBe('ack');
  });

  it('gets its legal actions at the room time when it reconnects after the limit lapsed', { timeout: 60_000 }, async () => {
    const clock = new ManualClock();
    const { id, tokens, room, clients } = await openTable(clock);
    expect((await clients[0]!.act(10, { type: 'tap' }))['t']).toBe('ack');
    clients[0]!.close();
    await room.idle();
    clock.advance(500);
    await room.idle();
    const again = await Client.inject(app);
    expect(types(await again.join(id, tokens[0]))).toEqual(['tap']);
    again.close();
  });
});

describe('server bots', () => {
  it('arm no second reaction for a bot whose decision is still queued', () => {
    const clock = new ManualClock();
    const queued: number[] = [];
    const engine = { canAct: () => true, nextDeadline: () => null, botRng: () => null, bot: () => ({ type: 'go' }) } as unknown as GameEngine;
    const bots = new Bots({
      engine,
      clock,
      delay: { medianMs: 100, sigma: 0, minMs: 100, maxMs: 100 },
      delayByLevel: false,
      seed: 's',
      seats: [{ kind: 'bot' }],
      active: () => true,
      state: () => ({}),
      now: () => clock.now(),
      act: (seat) => void queued.push(seat),
    });
    bots.schedule();
    expect(clock.nextAt()).toBe(100);
    clock.advance(100);
    expect(queued).toEqual([0]);
    // A game timer due at the same moment fires in the room's queue first and reschedules the bots.
    bots.schedule();
    expect(clock.pending()).toBe(0);
    // Once the decision has run, the bot gets a fresh reaction from then.
    clock.advance(30);
    bots.acted(0);
    expect(clock.nextAt()).toBe(230);
  });
});
