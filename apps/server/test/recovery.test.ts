// Crash recovery: the server in a child process is killed with SIGKILL mid-game and restarted on the same database.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, sleep } from './helpers.ts';
import { spawnServer } from './fixtures/spawn-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'decksmith-recovery-'));
const db = join(dir, 'rooms.db');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function launch(): Promise<{ child: ChildProcess; url: string }> {
  const server = await spawnServer(['--db', db]);
  children.push(server.child);
  return server;
}

async function api<T>(url: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(url + path, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {});
  return (await res.json()) as T;
}

describe('crash recovery', () => {
  it('resumes every room at its last acknowledged action after kill -9', { timeout: 120_000 }, async () => {
    const first = await launch();
    const ws = first.url.replace('http', 'ws') + '/ws';
    // Three rooms played by humans over real sockets, and one room of bots playing on its own.
    const rooms: { id: string; tokens: string[]; clients: Client[]; acked: number[]; inFlight?: number; view?: unknown }[] = [];
    for (let r = 0; r < 3; r++) {
      const { id } = await api<{ id: string }>(first.url, '/api/rooms', { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }], seed: `crash-${r}` });
      const tokens = [0, 1].map(() => '');
      for (const seat of [0, 1]) tokens[seat] = (await api<{ token: string }>(first.url, `/api/rooms/${id}/join`, { seat })).token;
      const clients = await Promise.all(tokens.map(() => Client.connect(ws)));
      for (const [seat, c] of clients.entries()) await c.join(id, tokens[seat]);
      rooms.push({ id, tokens, clients, acked: [0, 0] });
    }
    const bots = await api<{ id: string }>(first.url, '/api/rooms', { game: 'shed', seats: [{ kind: 'bot' }, { kind: 'bot' }, { kind: 'bot' }], options: { hand_size: 10 } });

    // Play a few actions in every human room, remembering what was acknowledged.
    for (let step = 0; step < 6; step++) {
      for (const room of rooms) {
        const seat = room.clients.findIndex((c) => c.latest().legal.length > 0);
        if (seat < 0) continue;
        const c = room.clients[seat]!;
        const reply = await c.act(room.acked[seat]! + 1, c.latest().legal[0]);
        if (reply.t === 'ack') room.acked[seat]!++;
      }
    }
    for (const room of rooms) {
      await sleep(20);
      room.view = room.clients[0]!.latest();
    }
    // In flight: one more action per room sent, and the server killed without a chance to flush.
    for (const room of rooms) {
      const seat = room.clients.findIndex((c) => c.latest().legal.length > 0);
      if (seat < 0) continue;
      room.inFlight = seat;
      room.clients[seat]!.send({ t: 'action', seq: room.acked[seat]! + 1, action: room.clients[seat]!.latest().legal[0] });
    }
    const botsBefore = await api<{ n: number }>(first.url, `/api/rooms/${bots.id}`);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    // Anything acked after our count was taken (the in-flight actions) counts as acknowledged too.
    for (const room of rooms) {
      for (const [seat, c] of room.clients.entries()) {
        room.acked[seat] = Math.max(room.acked[seat]!, ...c.messages.filter((m) => m.t === 'ack').map((m) => m['seq'] as number));
      }
    }

    const second = await launch();
    const ws2 = second.url.replace('http', 'ws') + '/ws';
    for (const room of rooms) {
      const summary = await api<{ status: string; n: number }>(second.url, `/api/rooms/${room.id}`);
      expect(summary.status).toBe('playing');
      // A running game's log withholds seed and actions, but counts them.
      const log = await api<{ n: number; actions?: unknown[] }>(second.url, `/api/rooms/${room.id}/log`);
      expect(log.n).toBe(summary.n);
      expect(log.actions).toBeUndefined();
      expect(summary.n).toBeGreaterThanOrEqual(room.acked[0]! + room.acked[1]!);
      let n = summary.n;
      for (const seat of [0, 1]) {
        const c = await Client.connect(ws2);
        const w = await c.join(room.id, room.tokens[seat]);
        expect(w).toMatchObject({ t: 'welcome', seat, status: 'playing', n });
        // An in-flight action may have been committed without its ack reaching the client before
        // the kill: then the server knows one more than the client saw acknowledged, never fewer.
        const lastSeq = w['lastSeq'] as number;
        expect(lastSeq === room.acked[seat] || (room.inFlight === seat && lastSeq === room.acked[seat]! + 1), `seat ${seat}: lastSeq ${lastSeq}, acked ${room.acked[seat]}`).toBe(true);
        room.acked[seat] = lastSeq;
        if (seat === 0 && summary.n === (room.view as { n: number }).n) expect(w['view']).toEqual((room.view as { view: unknown }).view);
        // The game goes on.
        const legal = w['legal'] as unknown[];
        if (legal.length > 0) expect(await c.act(room.acked[seat]! + 1, legal[0])).toMatchObject({ t: 'ack', n: ++n });
        c.close();
      }
    }
    // The bots' room resumed from its log and keeps playing.
    const botsAfter = await api<{ n: number; status: string }>(second.url, `/api/rooms/${bots.id}`);
    expect(botsAfter.n).toBeGreaterThanOrEqual(botsBefore.n);
    let later = botsAfter;
    for (let i = 0; i < 200 && later.n === botsAfter.n && later.status === 'playing'; i++) {
      await sleep(25);
      later = await api<{ n: number; status: string }>(second.url, `/api/rooms/${bots.id}`);
    }
    expect(later.n > botsAfter.n || later.status === 'finished').toBe(true);
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
  });
});
