// How long contested plays and deadlines wait (rooms/race-buffer.ts, docs/fairness.md): a play is
// held only while a play of another connected seat sent before it could still arrive (that seat's
// measured delay), bots and near players wait for nobody, a due play decides every play ranked
// before it, and a deadline in a contested moment waits for the farthest seat's delay so that a
// play sent before it, still on its way when it passes, is judged before it. On a manual clock.
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { hostGameDef } from '../src/games/runtime-engine.ts';
import type { HostedGame, WireAction } from '../src/games/types.ts';
import { ManualClock } from '../src/rooms/clock.ts';
import { RaceBuffer, type Decision } from '../src/rooms/race-buffer.ts';
import type { Outcome, Room } from '../src/rooms/room.ts';
import type { Subscriber } from '../src/rooms/subscriber.ts';
import { hashToken } from '../src/tokens.ts';
import { race } from '@decksmith/runtime/test-fixtures/race';
import { createRoom, testApp } from './helpers.ts';

/** A race buffer on a manual clock whose seats are `delays` ms away; records what it decided, when, at which time. */
function buffer(delays: number[]) {
  const clock = new ManualClock();
  const races = new RaceBuffer({ clock, now: () => clock.now(), delays: () => delays });
  const decided: { seat: number; at: number; when: number; rank: number }[] = [];
  const hold = (seat: number, seen?: number) =>
    races.hold<Decision>(
      { seat, delay: delays[seat]!, ...(seen !== undefined ? { seen } : {}) },
      150,
      async (at, timing, told) => {
        decided.push({ seat, at, when: clock.now(), rank: timing.rank });
        const o = { ok: true };
        told(o);
        return o;
      },
      () => undefined,
      () => undefined,
    );
  return { clock, races, decided, hold };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the race buffer', () => {
  it('decides at once when no other connected seat could have sent an earlier play (bots and unmeasured seats are 0 ms away)', async () => {
    const { clock, decided, hold } = buffer([0, 0, 0]);
    clock.advance(1000);
    await hold(1);
    expect(decided).toEqual([{ seat: 1, at: 1000, when: 1000, rank: 0 }]);
  });

  it("holds a near seat's play for the far seat's delay, and lets the far seat's earlier play go first", async () => {
    const { clock, decided, hold } = buffer([5, 80]);
    clock.advance(1000);
    const near = hold(0); // sent 995: a play of seat 1 sent before it may arrive until 1075
    clock.advance(40);
    const far = hold(1); // arrives 1040, sent 960: nothing can outrank it any more (seat 0 is 5 ms away)
    await far;
    await settle();
    expect(decided).toEqual([{ seat: 1, at: 960, when: 1040, rank: 0 }]);
    clock.advance(34);
    await settle();
    expect(decided).toHaveLength(1); // 1074: seat 1 could still land a play sent before 995
    clock.advance(1);
    await near;
    expect(decided[1]).toEqual({ seat: 0, at: 995, when: 1075, rank: 0 });
  });

  it('decides the plays ranked before a due one with it, in rank order', async () => {
    // Seat 1 is 100 ms away but acts on a view sent 20 ms ago: credited 10 ms, its play is due at
    // once; seat 0's play, sent 10 ms before it, waits for seat 1's 100 ms — yet it must go first.
    const { clock, races, decided, hold } = buffer([0, 100]);
    clock.advance(1000);
    races.noteView(7, 1000);
    const first = hold(0);
    clock.advance(20);
    await hold(1, 7);
    clock.advance(100);
    await first;
    expect(decided.map((d) => [d.seat, d.at, d.when])).toEqual([
      [0, 1000, 1020],
      [1, 1010, 1020],
    ]);
  });

  it('lags deadlines by the farthest connected seat, capped at the window, and not at all outside contested moments', () => {
    expect(buffer([0, 0]).races.lag(150)).toBe(0);
    expect(buffer([10, 80]).races.lag(150)).toBe(80);
    expect(buffer([10, 400]).races.lag(150)).toBe(150);
    expect(buffer([10, 80]).races.lag(0)).toBe(0);
  });
});

const raceGame = hostGameDef(race, 'test fixture (runtime)', { kind: 'module', url: '@decksmith/runtime/test-fixtures/race', name: 'race' }) as HostedGame;
type Action = WireAction & { type: string };

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A two-player race room on a manual clock: seat 0 connected 0 ms away, seat 1 `far` ms away. */
async function table(far: number, maxQueue?: number): Promise<{ room: Room; clock: ManualClock; act: (seat: number, a: Action) => Promise<Outcome> }> {
  const clock = new ManualClock();
  app = await testApp({ games: [raceGame], clock, ...(maxQueue ? { config: { maxQueue } } : {}) });
  const { id, tokens } = await createRoom(app, { game: 'race', seats: [{ kind: 'human' }, { kind: 'human' }], options: { go: 0, idle: 2000, rounds: 1 }, seed: 'hold-1' });
  const room = app.decksmith.manager.get(id)!;
  const sub = (viewer: number, delay: number): Subscriber => ({ viewer, tokenHash: hashToken(tokens[viewer]!), send: () => undefined, close: () => undefined, delay: () => delay });
  await room.connect(sub(0, 0));
  await room.connect(sub(1, far));
  let seq = 0;
  const act = async (seat: number, a: Action): Promise<Outcome> => {
    let out: Outcome | undefined;
    await room.submit({ seat, tokenHash: hashToken(tokens[seat]!), delay: seat === 1 ? far : 0 }, ++seq, a, (o) => (out = o));
    return out!;
  };
  clock.advance(1);
  return { room, clock, act };
}

/** `table`, with seat 1 holding a card that fits (drawn) and the clock 10 ms before the idle deadline that would end the round. */
async function nearDeadline(far: number): Promise<{ room: Room; clock: ManualClock; deadline: number; act: (seat: number, a: Action) => Promise<Outcome> }> {
  const { room, clock, act } = await table(far);
  const plays = () => (raceGame.engine.legalActions(room.state, 1, room.now()) as Action[]).filter((a) => a.type === 'play');
  for (let i = 0; i < 5 && plays().length === 0; i++) {
    expect((await act(1, { type: 'draw' })).ok).toBe(true);
    clock.advance(300);
  }
  expect(plays().length).toBeGreaterThan(0);
  const deadline = raceGame.engine.nextDeadline(room.state)!;
  clock.advance(deadline - 10 - clock.now());
  await room.idle();
  return { room, clock, deadline, act };
}

const play = (room: Room): Action => (raceGame.engine.legalActions(room.state, 1, room.now()) as Action[]).find((a) => a.type === 'play')!;

describe('a deadline in a contested moment', () => {
  it('waits for a play sent before it that is still on its way: the play lands, at its send time', async () => {
    const { room, clock, deadline, act } = await nearDeadline(80);
    const before = room.height;
    clock.advance(60); // 50 ms past the deadline: the far seat's play sent 30 ms before it arrives
    await room.idle();
    const a = play(room);
    const o = await act(1, a);
    expect(o).toMatchObject({ ok: true });
    expect(room.height).toBe(before + 1);
    const decided = (await app!.decksmith.storage.getActions(room.id)).at(-1)!;
    expect(decided.at).toBe(deadline - 30);
    // The play reset the idle timer: the round goes on.
    expect(raceGame.engine.result(room.state)).toBeNull();
    expect(raceGame.engine.nextDeadline(room.state)).toBe(deadline - 30 + 2000);
  });

  it('fires once the farthest seat could no longer be sending one, and a play sent after it misses', async () => {
    const { room, clock, deadline, act } = await nearDeadline(80);
    clock.advance(100); // 90 ms past the deadline; the far seat's play was sent 10 ms after it
    await room.idle();
    const o = await act(1, play(room));
    expect(o.ok).toBe(false);
    expect(raceGame.engine.nextDeadline(room.state)).not.toBe(deadline);
  });

  it('fires on time when every seat is near', async () => {
    const { room, clock, deadline } = await nearDeadline(0);
    const before = raceGame.engine.nextDeadline(room.state);
    expect(before).toBe(deadline);
    clock.advance(10);
    await room.idle();
    expect(raceGame.engine.nextDeadline(room.state)).not.toBe(deadline);
  });
});

describe('held plays', () => {
  it('count against the room\'s queue bound: past it a play is refused server/busy at once, nothing held', async () => {
    const { room, clock, act } = await table(80, 4);
    await room.idle();
    // Seat 1 is 80 ms away: seat 0's plays wait 80 ms each.
    const outcomes = Array.from({ length: 6 }, () => act(0, { type: 'draw' }));
    const early = await Promise.race([Promise.all(outcomes.slice(4)), new Promise((resolve) => setTimeout(() => resolve('held'), 50))]);
    expect(early).toEqual([expect.objectContaining({ ok: false, code: 'server/busy' }), expect.objectContaining({ ok: false, code: 'server/busy' })]);
    clock.advance(100);
    const decided = await Promise.all(outcomes.slice(0, 4));
    // Decided on their merits: the first draw lands, the others come too soon after it.
    expect(decided.map((o) => (o.ok ? 'ok' : o.code))).toEqual(['ok', 'rate/limited', 'rate/limited', 'rate/limited']);
    await room.idle();
  });
});
