// Protocol v2 over real sockets: patches rebuild exactly the views a v1 socket is sent over a whole game, a mismatch resyncs, a missed frame is followed by a whole view, each distinct frame is encoded once.
import { setup } from '@decksmith/runtime';
import { shed } from '@decksmith/runtime/test-fixtures/shed';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { hostGameDef } from '../src/games/runtime-engine.ts';
import type { Room } from '../src/rooms/room.ts';
import { deliverWelcome, fanOut, type Subscriber, type Viewer } from '../src/rooms/subscriber.ts';
import type { ServerMessage } from '@decksmith/protocol';
import { Client, createRoom, testApp } from './helpers.ts';
import { PatchClient } from './patch-client.ts';
import { leaks } from './secrecy.ts';

let app: FastifyInstance;
let url: string;
const problems: string[] = [];

beforeAll(async () => {
  app = await testApp({
    onFrame(room: Room, viewer, text) {
      const game = app.decksmith.registry.get(room.record.game)!;
      problems.push(...leaks(game, room.state, viewer, text));
    },
  });
  url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/ws';
});
afterAll(async () => app?.close());

const updates = (c: Client) => c.messages.filter((m) => m.t === 'update');

describe('protocol v2 (view patches)', () => {
  it('a v2 socket is sent patches that rebuild, over a whole game, every view a v1 socket of the same viewer is sent', { timeout: 120_000 }, async () => {
    const { id, tokens } = await createRoom(app, { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }], options: { hand_size: 7 }, seed: 'patches' });
    const v1 = await Promise.all(tokens.map(() => Client.connect(url)));
    const v2 = await Promise.all(tokens.map(() => PatchClient.connect(url)));
    const spect1 = await Client.connect(url);
    const spect2 = await Promise.all([PatchClient.connect(url), PatchClient.connect(url)]);
    for (const [seat, c] of v1.entries()) expect(await c.join(id, tokens[seat])).toMatchObject({ t: 'welcome', v: 1, seat });
    for (const [seat, c] of v2.entries()) expect(await c.join(id, tokens[seat])).toMatchObject({ t: 'welcome', v: 2, seat, ver: 1 });
    await spect1.join(id);
    for (const s of spect2) await s.join(id);
    expect(v1[0]!.messages.find((m) => m.t === 'welcome')).not.toHaveProperty('ver');

    const room = app.decksmith.manager.get(id)!;
    const seqs = [0, 0];
    let r = 7;
    const random = (n: number) => ((r = (Math.imul(r, 1103515245) + 12345) >>> 0) % n);
    for (let step = 0; room.status === 'playing' && step < 2000; step++) {
      // The players act through their v1 sockets; whoever has a legal action plays a random one.
      await room.idle();
      const movers = v1.map((c, seat) => [seat, c.latest().legal] as const).filter(([, legal]) => legal.length > 0);
      if (movers.length === 0) break;
      const [seat, legal] = movers[random(movers.length)]!;
      const mark = v1.map((c) => c.messages.length);
      const reply = await v1[seat]!.act(++seqs[seat]!, legal[random(legal.length)]);
      if (reply.t === 'ack') await Promise.all(v1.map((c, i) => c.next((m) => m.t === 'update' && m['n'] === reply['n'], 20_000, mark[i])));
    }
    expect(room.status).toBe('finished');
    for (const c of [...v2, ...spect2]) await c.next((m) => m.t === 'update' && !!m['result'], 20_000, 0);
    await spect1.next((m) => m.t === 'update' && !!m['result'], 20_000, 0);

    const pairs: [Client, PatchClient][] = [[v1[0]!, v2[0]!], [v1[1]!, v2[1]!], [spect1, spect2[0]!], [spect1, spect2[1]!]];
    for (const [full, patched] of pairs) {
      const views = updates(full).map((m) => m['view']);
      expect(views.length).toBeGreaterThan(5);
      expect(patched.mismatches).toEqual([]);
      expect(patched.wholeViews).toBe(0);
      expect(patched.patches).toBe(views.length);
      // Every intermediate view, not only the last one.
      expect(patched.history).toEqual(views);
      // The v1 socket is sent whole views only; the v2 socket patches only, and fewer bytes.
      expect(updates(full).every((m) => 'view' in m && !('patch' in m))).toBe(true);
      expect(updates(patched).every((m) => 'patch' in m && !('view' in m) && m['ver'] === (m['base'] as number) + 1)).toBe(true);
      const bytes = (c: Client) => c.frames.filter((f) => f.startsWith('{"t":"update"')).reduce((n, f) => n + f.length, 0);
      expect(bytes(patched)).toBeLessThan(bytes(full) / 2);
    }
    expect(v2[0]!.view).toEqual(await room.snapshot(0).then((s) => JSON.parse(JSON.stringify(s.view))));
    expect(problems).toEqual([]);
    for (const c of [...v1, ...v2, spect1, ...spect2]) c.close();
  });

  it('a v2 client whose view does not match a patch asks to resync, gets a whole view and goes on with patches', { timeout: 60_000 }, async () => {
    const { id, tokens } = await createRoom(app, { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }], options: { hand_size: 4 }, seed: 'resync' });
    const players = await Promise.all(tokens.map(() => Client.connect(url)));
    for (const [seat, c] of players.entries()) await c.join(id, tokens[seat]);
    const watcher = await PatchClient.connect(url);
    await watcher.join(id);
    const room = app.decksmith.manager.get(id)!;
    const actOnce = async (seq: number) => {
      await room.idle();
      const seat = players.findIndex((c) => c.latest().legal.length > 0);
      const mark = watcher.messages.length;
      expect((await players[seat]!.act(seq, players[seat]!.latest().legal[0]))['t']).toBe('ack');
      await watcher.next((m) => m.t === 'update', 20_000, mark);
      await room.idle();
    };
    await actOnce(1);
    expect(watcher.patches).toBe(1);
    // The client loses track of its view (as after a bug or a dropped frame): the next patch's base is not its version.
    watcher.ver = -5;
    const mark = watcher.messages.length;
    await actOnce(2);
    const welcome = await watcher.next((m) => m.t === 'welcome', 20_000, mark);
    expect(watcher.mismatches).toHaveLength(1);
    expect(watcher.view).toEqual(welcome['view']);
    expect(welcome['ver']).toBeGreaterThan(2);
    await actOnce(3);
    expect(watcher.patches).toBe(2);
    expect(watcher.view).toEqual(JSON.parse(JSON.stringify((await room.snapshot('spectator')).view)));
    for (const c of [...players, watcher]) c.close();
  });
});

/** A subscriber that records what it is sent; `drop` makes its next writes fail as a closing or too slow socket's do. */
function recorder(viewer: Viewer, protocol: number): Subscriber & { got: ServerMessage[]; texts: string[]; drop: number } {
  const sub = {
    viewer,
    protocol,
    got: [] as ServerMessage[],
    texts: [] as string[],
    drop: 0,
    send(msg: ServerMessage) {
      sub.got.push(msg);
    },
    sendText(text: string, msg: ServerMessage) {
      if (sub.drop > 0) return (sub.drop--, false);
      sub.texts.push(text);
      sub.got.push(msg);
      return true;
    },
    close() {},
  };
  return sub;
}

describe('fanOut', () => {
  const game = hostGameDef(shed, 'test');
  const engine = game.engine;
  const start = setup(shed, { players: 2, seed: 'fan', options: { hand_size: 4 } });
  const welcome = (sub: Subscriber, state: unknown) =>
    deliverWelcome(sub, {
      t: 'welcome', v: 2, room: 'r', game: 'shed', seat: null, players: 2, status: 'playing', n: 0, lastSeq: 0, now: 0,
      view: engine.view(state as typeof start, sub.viewer), seats: [], seedHash: '', practice: false,
    }, state);
  /** Plays n legal actions from `state`, returning each state. */
  const states = (n: number) => {
    const out = [start];
    let s = start;
    for (let i = 0; i < n; i++) {
      const seat = [0, 1].find((p) => engine.legalActions(s, p).length > 0)!;
      const step = engine.apply(s, seat, engine.legalActions(s, seat)[0]!, i * 10);
      if ('rejected' in step) throw new Error(step.rejected.code);
      s = step.state;
      out.push(s);
    }
    return out;
  };

  it('after a frame that did not reach a connection, the next one is its whole view, then patches again', () => {
    const [s0, s1, s2, s3] = states(3);
    const sub = recorder('spectator', 2);
    welcome(sub, s0);
    fanOut(engine, s1, [sub], [], { n: 1, now: 10, result: null });
    sub.drop = 1;
    fanOut(engine, s2, [sub], [], { n: 2, now: 20, result: null });
    fanOut(engine, s3, [sub], [], { n: 3, now: 30, result: null });
    fanOut(engine, s3, [sub], [], { n: 3, now: 40, result: null });
    const [, u1, u3, u4] = sub.got as Record<string, unknown>[];
    expect(u1).toMatchObject({ t: 'update', base: 1, ver: 2 });
    expect(u3).toMatchObject({ t: 'update', ver: 3, view: engine.view(s3!, 'spectator') });
    expect(u3).not.toHaveProperty('patch');
    expect(u4).toMatchObject({ t: 'update', base: 3, ver: 4, patch: {} });
  });

  it('encodes each distinct frame once, however many connections it goes to', () => {
    const [s0, s1, s2] = states(2);
    const spectators = [recorder('spectator', 2), recorder('spectator', 2), recorder('spectator', 2)];
    const seat0 = [recorder(0, 1), recorder(0, 1), recorder(0, 2)];
    for (const s of [...spectators, ...seat0]) welcome(s, s0);
    fanOut(engine, s1, [...spectators, ...seat0], [], { n: 1, now: 10, result: null });
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      fanOut(engine, s2, [...spectators, ...seat0], [], { n: 2, now: 20, result: null });
      // The spectators' patch, seat 0's whole view (v1) and seat 0's patch (v2): three frames.
      expect(stringify).toHaveBeenCalledTimes(3);
    } finally {
      stringify.mockRestore();
    }
    const last = (s: { texts: string[] }) => s.texts.at(-1)!;
    expect(new Set(spectators.map(last)).size).toBe(1);
    expect(last(seat0[0]!)).toBe(last(seat0[1]!));
    expect(JSON.parse(last(seat0[0]!))).toHaveProperty('view');
    expect(JSON.parse(last(seat0[2]!))).toHaveProperty('patch');
  });
});
