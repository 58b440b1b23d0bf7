// Durable time: timer firings a seat has seen survive kill -9 (the room clock never goes back), and a finished game stays readable after a restart.
import { execFile, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadRuleFolders } from '../src/games/discover.ts';
import { ManualClock } from '../src/rooms/clock.ts';
import { MemoryStorage } from '../src/storage/memory.ts';
import type { ReplayLog, RoomPatch } from '../src/storage/storage.ts';
import { Client, createRoom, fixtureGames, testApp } from './helpers.ts';
import { spawnServer } from './fixtures/spawn-server.ts';

const TIMED = fileURLToPath(new URL('./fixtures/timed-rules', import.meta.url));
const timed = await loadRuleFolders([TIMED]);
const DECKSMITH = fileURLToPath(new URL('../../../packages/cli/bin/decksmith.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'decksmith-durable-time-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

type Msg = Client['messages'][number];
const beatsOf = (m: Msg): number => ((m['view'] as { vars: { beats: number } }).vars.beats);
const framesWithView = (c: Client): Msg[] => c.messages.filter((m) => m.t === 'welcome' || m.t === 'update');

async function launch(db: string): Promise<{ child: ChildProcess; url: string }> {
  const server = await spawnServer(['--db', db, '--games', TIMED]);
  children.push(server.child);
  return server;
}

async function kill(child: ChildProcess): Promise<void> {
  child.kill('SIGKILL');
  if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
}

async function api<T>(url: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(url + path, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {});
  return (await res.json()) as T;
}

async function seatedRoom(url: string, options: Record<string, number>): Promise<{ id: string; tokens: string[] }> {
  const { id } = await api<{ id: string }>(url, '/api/rooms', { game: 'beat', seats: [{ kind: 'human' }, { kind: 'human' }], options });
  const tokens: string[] = [];
  for (const seat of [0, 1]) tokens.push((await api<{ token: string }>(url, `/api/rooms/${id}/join`, { seat })).token);
  return { id, tokens };
}

async function joinAll(url: string, id: string, tokens: string[]): Promise<{ clients: Client[]; welcomes: Msg[] }> {
  const ws = `${url.replace('http', 'ws')}/ws?room=${encodeURIComponent(id)}`;
  const clients = await Promise.all(tokens.map(() => Client.connect(ws)));
  const welcomes = await Promise.all(clients.map((c, seat) => c.join(id, tokens[seat])));
  return { clients, welcomes };
}

describe('durable time (kill -9 loop)', () => {
  it('never undoes a timer firing, the clock, or an acknowledged action a seat has seen, across repeated kill -9', { timeout: 180_000 }, async () => {
    const db = join(dir, 'loop.db');
    let server = await launch(db);
    const { id, tokens } = await seatedRoom(server.url, { turn_time: 250, beats_to_end: 1000 });
    // What the seats have seen so far, over every life of the server.
    let seenNow = 0;
    let seenBeats = 0;
    const acked = [0, 0];
    let ackedTotal = 0;
    for (let life = 0; life < 3; life++) {
      const { clients, welcomes } = await joinAll(server.url, id, tokens);
      for (const [seat, w] of welcomes.entries()) {
        expect(w.t).toBe('welcome');
        expect(w['status']).toBe('playing');
        expect(w['now'] as number).toBeGreaterThanOrEqual(seenNow);
        expect(beatsOf(w)).toBeGreaterThanOrEqual(seenBeats);
        expect(w['lastSeq']).toBe(acked[seat]);
        expect(w['n'] as number).toBe(ackedTotal);
      }
      // A few taps (acknowledged actions), each followed by the timer's beat.
      let tapsThisLife = 0;
      for (let i = 0; i < 12 && tapsThisLife < 3; i++) {
        const seat = clients.findIndex((c) => c.latest().legal.some((a) => (a as { type: string }).type === 'tap'));
        if (seat >= 0) {
          const reply = await clients[seat]!.act(acked[seat]! + 1, { type: 'tap' });
          if (reply.t === 'ack') {
            acked[seat]!++;
            ackedTotal++;
            tapsThisLife++;
          } else {
            // The turn timer passed the turn before the tap arrived (a loaded machine): refused, nothing stored.
            expect(reply).toMatchObject({ t: 'reject', code: expect.not.stringMatching(/^server\//) });
          }
        }
        const beats = Math.max(...clients.map((c) => beatsOf(framesWithView(c).at(-1)!)));
        await clients[0]!.next((m) => m.t === 'update' && beatsOf(m) > beats, 5_000);
      }
      expect(tapsThisLife).toBeGreaterThan(0);
      // Then the clock alone: two more beats after the last action (what a crash used to undo).
      const after = beatsOf(framesWithView(clients[0]!).at(-1)!);
      await clients[0]!.next((m) => m.t === 'update' && beatsOf(m) >= after + 2, 5_000);
      for (const c of clients) {
        for (const m of framesWithView(c)) {
          seenNow = Math.max(seenNow, m['now'] as number);
          seenBeats = Math.max(seenBeats, beatsOf(m));
        }
      }
      await kill(server.child);
      clients.forEach((c) => c.close());
      server = await launch(db);
    }
    const { clients, welcomes } = await joinAll(server.url, id, tokens);
    expect(welcomes[0]!['now'] as number).toBeGreaterThanOrEqual(seenNow);
    expect(beatsOf(welcomes[0]!)).toBeGreaterThanOrEqual(seenBeats);
    expect(seenBeats).toBeGreaterThanOrEqual(3 * 5);
    expect((await api<{ n: number }>(server.url, `/api/rooms/${id}`)).n).toBe(ackedTotal);
    clients.forEach((c) => c.close());
    await kill(server.child);
  });

  it('shows the final table of a game finished before a restart (rebuilt from storage), and its log verifies', { timeout: 60_000 }, async () => {
    const db = join(dir, 'finished.db');
    let server = await launch(db);
    const { id, tokens } = await seatedRoom(server.url, { turn_time: 100, beats_to_end: 3 });
    const { clients } = await joinAll(server.url, id, tokens);
    const finals = await Promise.all(clients.map((c) => c.next((m) => m.t === 'update' && m['result'] != null, 10_000)));
    // The game ended on a timer (no one acted): its end is in the stored clock, not in the action log.
    await new Promise((r) => setTimeout(r, 300));
    await kill(server.child);
    clients.forEach((c) => c.close());
    server = await launch(db);
    expect(await api<{ status: string; n: number }>(server.url, `/api/rooms/${id}`)).toMatchObject({ status: 'finished', n: 0 });
    const again = await joinAll(server.url, id, tokens);
    for (const [seat, w] of again.welcomes.entries()) {
      expect(w).toMatchObject({ t: 'welcome', status: 'finished', result: finals[seat]!['result'], now: finals[seat]!['now'] });
      expect(w['view']).toEqual(finals[seat]!['view']);
      expect(w['legal']).toEqual([]);
    }
    // A spectator too, and the downloadable log: the seed it reveals is the one committed to.
    const spectator = await Client.connect(`${server.url.replace('http', 'ws')}/ws?room=${id}`);
    expect(await spectator.join(id)).toMatchObject({ t: 'welcome', status: 'finished', seat: null });
    const log = await api<ReplayLog>(server.url, `/api/rooms/${id}/log`);
    expect(log).toMatchObject({ complete: true, clockAt: finals[0]!['now'] });
    expect(createHash('sha256').update(log.seed!).digest('hex')).toBe(again.welcomes[0]!['seedHash']);
    // The log as a player downloads it: `decksmith replay` verifies the deal and reaches the same result.
    const file = join(dir, 'finished-log.json');
    writeFileSync(file, JSON.stringify(log));
    const cli = await new Promise<{ code: number | null; out: string }>((resolve) => {
      execFile(process.execPath, [DECKSMITH, 'replay', file, '--game', join(TIMED, 'beat.rules'), '--json'], (error, stdout) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, out: stdout }),
      );
    });
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.out)).toMatchObject({ verified: true, seedHash: again.welcomes[0]!['seedHash'], result: finals[0]!['result'] });
    [...again.clients, spectator].forEach((c) => c.close());
    await kill(server.child);
  });
});

describe('durable time (in process)', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it('stores the room clock before it broadcasts a timer firing', { timeout: 60_000 }, async () => {
    const order: string[] = [];
    class Recording extends MemoryStorage {
      override async updateRoom(roomId: string, patch: RoomPatch): Promise<void> {
        if (patch.clockAt !== undefined) order.push(`store ${patch.clockAt}`);
        return super.updateRoom(roomId, patch);
      }
    }
    const clock = new ManualClock();
    app = await testApp({
      games: [...fixtureGames, ...timed],
      storage: new Recording(),
      clock,
      onFrame: (_room, _viewer, text) => {
        const m = JSON.parse(text) as { t: string; now?: number };
        if (m.t === 'update' || m.t === 'welcome') order.push(`frame ${m.now}`);
      },
    });
    const { id, tokens } = await createRoom(app, { game: 'beat', seats: [{ kind: 'human' }, { kind: 'human' }], options: { turn_time: 300, beats_to_end: 1000 } });
    const room = app.decksmith.manager.get(id)!;
    const c = await Client.inject(app);
    await c.join(id, tokens[0]);
    for (let i = 1; i <= 5; i++) {
      clock.advance(300);
      await room.idle();
      await c.next((m) => m.t === 'update' && (m['now'] as number) >= 300 * i);
    }
    // Every frame's time was stored before the frame went out (no action here: only the clock covers them).
    let stored = 0;
    for (const e of order) {
      const [kind, at] = e.split(' ') as [string, string];
      if (kind === 'store') stored = Math.max(stored, Number(at));
      else expect(Number(at)).toBeLessThanOrEqual(stored);
    }
    expect(stored).toBeGreaterThanOrEqual(1500);
    expect((await app.decksmith.storage.getRoom(id))!.clockAt).toBe(stored);
    c.close();
  });

  it('stores the clock for welcomes at most every 250 ms of room time, however many resyncs come', { timeout: 60_000 }, async () => {
    const writes: number[] = [];
    class Recording extends MemoryStorage {
      override async updateRoom(roomId: string, patch: RoomPatch): Promise<void> {
        if (patch.clockAt !== undefined) writes.push(patch.clockAt);
        return super.updateRoom(roomId, patch);
      }
    }
    const clock = new ManualClock();
    app = await testApp({ games: [...fixtureGames, ...timed], storage: new Recording(), clock, config: { ratePerSecond: 1000, rateBurst: 1000 } });
    const { id, tokens } = await createRoom(app, { game: 'beat', seats: [{ kind: 'human' }, { kind: 'human' }], options: { turn_time: 10_000, beats_to_end: 1000 } });
    const c = await Client.inject(app);
    await c.join(id, tokens[0]);
    const resyncs = async (k: number): Promise<Msg[]> => {
      const from = c.messages.length;
      for (let i = 0; i < k; i++) c.send({ t: 'resync' });
      await c.next(() => c.messages.slice(from).filter((m) => m.t === 'welcome').length >= k, 20_000, from);
      return c.messages.slice(from).filter((m) => m.t === 'welcome');
    };
    clock.advance(100);
    let welcomes = await resyncs(30);
    expect(writes).toEqual([]); // within 250 ms of the stored time: shown as stored (0), nothing written
    expect(welcomes.every((w) => w['now'] === 0)).toBe(true);
    clock.advance(300);
    welcomes = await resyncs(30);
    expect(writes).toEqual([400]); // one write, then the stored time again
    expect(welcomes.map((w) => w['now'])).toEqual(Array.from({ length: 30 }, () => 400));
    c.close();
  });

  it('keeps at most finishedRoomsLoaded finished games loaded when they are rebuilt for late viewers', { timeout: 60_000 }, async () => {
    app = await testApp({ games: [...fixtureGames, ...timed], config: { finishedRoomsLoaded: 2 } });
    const manager = app.decksmith.manager;
    const ids: string[] = [];
    // Three games that end on their own (the turn timer's beats), with nobody connected.
    for (let i = 0; i < 3; i++) {
      const { id } = await createRoom(app, { game: 'beat', seats: [{ kind: 'human' }, { kind: 'human' }], options: { turn_time: 100, beats_to_end: 2 } });
      ids.push(id);
    }
    for (const id of ids) {
      const room = manager.get(id)!;
      for (let i = 0; i < 200 && room.status !== 'finished'; i++) await new Promise((r) => setTimeout(r, 25));
      await room.idle();
      expect(room.status).toBe('finished');
    }
    // Nobody watching for a second: the sweep unloads them (their record and log stay in storage).
    await new Promise((r) => setTimeout(r, 1100));
    await manager.sweep();
    expect(manager.get(ids[0]!)).toBeUndefined();
    for (const id of ids) {
      const c = await Client.inject(app);
      expect(await c.join(id)).toMatchObject({ t: 'welcome', status: 'finished', result: expect.any(Object) });
      c.close();
    }
    expect(manager.finished.size).toBe(2);
    expect(manager.rooms.size).toBe(0);
    expect(await Client.inject(app).then((c) => c.join('no-such-room'))).toMatchObject({ t: 'error', code: 'room/unknown' });
  });
});
