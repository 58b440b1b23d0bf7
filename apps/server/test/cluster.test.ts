// Cluster: three nodes (child processes) on PostgreSQL and Redis; rooms spread over them, clients through other nodes; kill -9 of one node mid-game; a node cut from Redis stops acting before its leases pass on.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema } from '../src/storage/postgres.ts';
import { Client, sleep } from './helpers.ts';

const PG = 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = 'redis://127.0.0.1:6379';
const schema = `cluster_${process.pid}_${Date.now().toString(36)}`;
const prefix = `dstest:${schema}:`;
const LEASE = 1500;
const launcher = fileURLToPath(new URL('./fixtures/cluster-node.ts', import.meta.url));

interface Node {
  id: string;
  child: ChildProcess;
  url: string;
  /** Every JSON log line of the node. */
  log: Record<string, unknown>[];
}

interface Seat {
  token: string;
  client: Client;
  /** Acknowledged sequence numbers and the log position each was given. */
  acked: Map<number, number>;
  /** Last sequence number known stored (acked, or shown by a welcome's lastSeq). */
  seq: number;
  /** A sequence number sent whose reply never came. */
  inFlight?: number;
}

interface TestRoom {
  id: string;
  creator: string;
  seats: Seat[];
}

const nodes = new Map<string, Node>();
const children: ChildProcess[] = [];
const redis = new Redis(REDIS);
let proxy: { port: number; cut(): void; heal(): void };

/** A TCP proxy to Redis that the test can cut and heal (node C reaches Redis only through it). */
function redisProxy(): Promise<{ port: number; cut(): void; heal(): void }> {
  const sockets = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) return void client.destroy();
    const upstream = net.connect(6379, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        cut() {
          down = true;
          for (const s of sockets) s.destroy();
        },
        heal() {
          down = false;
        },
      }),
    ),
  );
}

function launch(id: string, redisUrl: string): Promise<Node> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', launcher, '--database', `${PG}?schema=${schema}`, '--redis', redisUrl, '--redis-prefix', prefix, '--node-id', id, '--lease-ms', String(LEASE)],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, LOG_LEVEL: 'info' } },
  );
  children.push(child);
  const log: Record<string, unknown>[] = [];
  return new Promise((resolve, reject) => {
    let rest = '';
    child.stdout!.on('data', (d: Buffer) => {
      const lines = (rest + d.toString()).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as Record<string, unknown>;
        if (typeof entry['url'] === 'string' && entry['level'] === undefined) {
          const node = { id, child, url: entry['url'], log };
          nodes.set(id, node);
          resolve(node);
        } else log.push(entry);
      }
    });
    child.once('exit', (code) => reject(new Error(`node ${id} exited with ${code}`)));
  });
}

async function api<T>(url: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(url + path, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {});
  return { status: res.status, body: (await res.json()) as T };
}

/** Resolves once the client's socket is closed; fails after `ms`. */
function closed(client: Client, ms: number): Promise<void> {
  if (client.closed) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
    client.ws.once('close', () => (clearTimeout(timer), resolve()));
  });
}

const ownerOf = (room: string): Promise<string | null> => redis.get(`${prefix}room:${room}:owner`);
const wsUrl = (node: string, room: string): string => `${nodes.get(node)!.url.replace('http', 'ws')}/ws?room=${room}`;

/** Connects a seat through `node` and joins; resolves with the welcome, or null when the socket closed or refused first. */
async function connectSeat(node: string, room: string, token: string): Promise<{ client: Client; welcome: Record<string, unknown> } | null> {
  let client: Client;
  try {
    client = await Client.connect(wsUrl(node, room));
  } catch {
    return null;
  }
  client.ws.on('error', () => {});
  const closed = new Promise<null>((resolve) => client.ws.once('close', () => resolve(null)));
  client.send({ t: 'join', v: 1, room, token });
  const welcome = await Promise.race([client.next((m) => m.t === 'welcome' || m.t === 'error', 10_000).catch(() => null), closed]);
  if (!welcome || welcome.t !== 'welcome') {
    client.close();
    return null;
  }
  return { client, welcome };
}

/** Reconnects a seat through one of `via` until it is welcomed; checks it resumes at its action number. */
async function resume(room: TestRoom, seat: number, via: string[], deadline: number): Promise<Record<string, unknown>> {
  const s = room.seats[seat]!;
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    const r = await connectSeat(via[attempt % via.length]!, room.id, s.token);
    if (!r) {
      await sleep(150);
      continue;
    }
    const lastSeq = r.welcome['lastSeq'] as number;
    // Every acknowledged action is there; an action in flight when the node died may or may not be.
    expect(lastSeq === s.seq || (s.inFlight !== undefined && lastSeq === s.inFlight)).toBe(true);
    expect(r.welcome['n'] as number).toBeGreaterThanOrEqual(Math.max(0, ...room.seats.flatMap((x) => [...x.acked.values()])));
    s.seq = lastSeq;
    s.inFlight = undefined;
    s.client = r.client;
    return r.welcome;
  }
  throw new Error(`seat ${seat} of room ${room.id} could not resume`);
}

/** One action by the seat that can act; waits for its reply and for every seat's update. */
async function step(room: TestRoom): Promise<void> {
  const seat = room.seats.findIndex((s) => s.client.latest().legal.length > 0);
  if (seat < 0) return;
  const s = room.seats[seat]!;
  const seq = s.seq + 1;
  const reply = await s.client.act(seq, s.client.latest().legal[0]);
  expect(reply.t, JSON.stringify(reply)).toBe('ack');
  s.acked.set(seq, reply['n'] as number);
  s.seq = seq;
  const n = reply['n'] as number;
  await Promise.all(room.seats.map((x) => x.client.next((m) => (m.t === 'update' || m.t === 'welcome') && (m['n'] as number) >= n, 10_000, 0)));
}

/** Per node and room, the intervals the node held the room's lease (from its log lines). */
function leaseIntervals(until: Map<string, number>): Map<string, { node: string; from: number; to: number }[]> {
  const byRoom = new Map<string, { node: string; from: number; to: number }[]>();
  for (const node of nodes.values()) {
    const open = new Map<string, number>();
    const close = (room: string, at: number): void => {
      const from = open.get(room);
      if (from === undefined) return;
      open.delete(room);
      byRoom.set(room, [...(byRoom.get(room) ?? []), { node: node.id, from, to: at }]);
    };
    for (const e of node.log) {
      const room = e['room'] as string | undefined;
      const at = e['at'] as number | undefined;
      if (!room || at === undefined) continue;
      if (e['msg'] === 'lease acquired') open.set(room, at);
      // A fenced room's trust ended at `trusted` (before `at` when the process was paused).
      else if (e['msg'] === 'lease lost: room fenced') close(room, Math.min(at, (e['trusted'] as number | undefined) ?? at));
      else if (e['msg'] === 'lease released') close(room, at);
    }
    for (const room of [...open.keys()]) close(room, until.get(node.id) ?? Infinity);
  }
  return byRoom;
}

beforeAll(async () => {
  proxy = await redisProxy();
  await Promise.all([launch('A', REDIS), launch('B', REDIS), launch('C', `redis://127.0.0.1:${proxy.port}`)]);
}, 60_000);

afterAll(async () => {
  // CLUSTER_TEST_LOGS=<dir>: keep every node's log lines (debugging).
  const keep = process.env['CLUSTER_TEST_LOGS'];
  if (keep) for (const n of nodes.values()) writeFileSync(`${keep}/node-${n.id}.log`, n.log.map((e) => JSON.stringify(e)).join('\n'));
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await dropSchema(PG, schema);
});

describe('a cluster of three nodes on PostgreSQL and Redis', () => {
  it('survives kill -9 of a node and a node cut off from Redis, losing no acknowledged action and never acting for a room from two nodes', { timeout: 90_000 }, async () => {
    const ids = ['A', 'B', 'C'];
    const rooms: TestRoom[] = [];
    // A fourth node under B's id is refused (two nodes with one id would trust the same leases).
    const dup = spawn(process.execPath, ['--import', 'tsx', launcher, '--database', `${PG}?schema=${schema}`, '--redis', REDIS, '--redis-prefix', prefix, '--node-id', 'B', '--lease-ms', String(LEASE)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LOG_LEVEL: 'warn' },
    });
    children.push(dup);
    let dupErr = '';
    dup.stderr!.on('data', (d: Buffer) => (dupErr += d.toString()));
    const dupExit = new Promise<number | null>((r) => dup.once('exit', (code) => r(code)));
    // Two rooms created on each node (each owns what it creates); seats claimed and played through the two other nodes.
    for (const [i, creator] of ids.entries()) {
      for (let k = 0; k < 2; k++) {
        const made = await api<{ id: string }>(nodes.get(creator)!.url, '/api/rooms', { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }], options: { hand_size: 10 } });
        expect(made.status).toBe(201);
        expect(await ownerOf(made.body.id)).toBe(creator);
        const seats: Seat[] = [];
        for (const seat of [0, 1]) {
          const via = ids[(i + 1 + seat) % 3]!;
          const claim = await api<{ token: string; seat: number }>(nodes.get(via)!.url, `/api/rooms/${made.body.id}/join`, { seat });
          expect(claim.status, JSON.stringify(claim.body)).toBe(200);
          seats.push({ token: claim.body.token, client: undefined as unknown as Client, acked: new Map(), seq: 0 });
        }
        const room = { id: made.body.id, creator, seats };
        for (const seat of [0, 1]) {
          const r = await connectSeat(ids[(i + 1 + seat) % 3]!, room.id, seats[seat]!.token);
          expect(r, 'relayed join').not.toBeNull();
          seats[seat]!.client = r!.client;
        }
        rooms.push(room);
      }
    }
    // One more room on C with both clients on C itself (they need no Redis to reach it): the split's witness.
    const made = await api<{ id: string }>(nodes.get('C')!.url, '/api/rooms', { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }], options: { hand_size: 10 } });
    const witness: TestRoom = { id: made.body.id, creator: 'C', seats: [] };
    for (const seat of [0, 1]) {
      const claim = await api<{ token: string }>(nodes.get('C')!.url, `/api/rooms/${witness.id}/join`, { seat });
      witness.seats.push({ token: claim.body.token, client: undefined as unknown as Client, acked: new Map(), seq: 0 });
    }
    for (const seat of [0, 1]) witness.seats[seat]!.client = (await connectSeat('C', witness.id, witness.seats[seat]!.token))!.client;
    const all = [...rooms, witness];

    // The lobby of any node lists every room of the cluster (each node writes its rooms' summaries every third of a lease).
    let listed: string[] = [];
    for (const deadline = Date.now() + 3000; Date.now() < deadline && !all.every((r) => listed.includes(r.id)); await sleep(100)) {
      listed = (await api<{ rooms: { id: string }[] }>(nodes.get('B')!.url, '/api/rooms?limit=200')).body.rooms.map((x) => x.id);
    }
    for (const r of all) expect(listed).toContain(r.id);

    for (let k = 0; k < 4; k++) await Promise.all(all.map((r) => step(r)));

    // --- kill -9 of node A, with one action in flight in each of its rooms ---
    const ofA = rooms.filter((r) => r.creator === 'A');
    for (const room of ofA) {
      const s = room.seats.find((x) => x.client.latest().legal.length > 0)!;
      s.inFlight = s.seq + 1;
      s.client.send({ t: 'action', seq: s.inFlight, action: s.client.latest().legal[0] });
    }
    const a = nodes.get('A')!;
    const killAt = Date.now();
    a.child.kill('SIGKILL');
    await new Promise((r) => a.child.once('exit', r));
    const killedAt = Date.now();
    for (const room of ofA) {
      for (const s of room.seats) {
        const ack = s.inFlight === undefined ? undefined : s.client.messages.find((m) => m.t === 'ack' && m['seq'] === s.inFlight);
        if (ack && s.inFlight !== undefined) {
          s.acked.set(s.inFlight, ack['n'] as number);
          s.seq = s.inFlight;
          s.inFlight = undefined;
        }
      }
    }
    // Every client connected through A, and every client relayed to a room of A, is dropped; each resumes through a live node.
    const resumedAt: number[] = [];
    await Promise.all(
      rooms.flatMap((room, i) =>
        room.seats.map(async (s, seat) => {
          const via = ids[(Math.floor(i / 2) + 1 + seat) % 3]!;
          if (via !== 'A' && room.creator !== 'A') return;
          await closed(s.client, 6000);
          await resume(room, seat, via === 'A' ? ['B', 'C'] : [via], killedAt + 15_000);
          if (room.creator === 'A') resumedAt.push(Date.now() - killAt);
        }),
      ),
    );
    // Rooms of A resumed on B or C within a few seconds (lease 1.5 s).
    expect(Math.max(...resumedAt)).toBeLessThan(6000);
    for (const room of ofA) expect(['B', 'C']).toContain(await ownerOf(room.id));
    for (let k = 0; k < 3; k++) await Promise.all(rooms.map((r) => step(r)));

    // --- split: C loses Redis; its witness room's clients (on C directly) keep acting ---
    const acks: { at: number; seq: number; n: number; seat: number }[] = [];
    const cutAt = Date.now();
    proxy.cut();
    let acting = true;
    const closedOf = new Map(witness.seats.map((s) => [s, new Promise<null>((r) => (s.client.closed ? r(null) : s.client.ws.once('close', () => r(null))))]));
    const actor = (async () => {
      while (acting) {
        const seat = witness.seats.findIndex((s) => !s.client.closed && s.client.latest().legal.length > 0);
        if (seat < 0) {
          await sleep(50);
          continue;
        }
        const s = witness.seats[seat]!;
        const seq = s.seq + 1;
        s.inFlight = seq;
        const reply = await Promise.race([s.client.act(seq, s.client.latest().legal[0]).catch(() => null), closedOf.get(s)!]);
        if (reply?.t === 'ack') {
          acks.push({ at: Date.now(), seq, n: reply['n'] as number, seat });
          s.acked.set(seq, reply['n'] as number);
          s.seq = seq;
          s.inFlight = undefined;
          await s.client.next((m) => m.t === 'update' && (m['n'] as number) >= (reply['n'] as number), 2000, 0).catch(() => null);
        }
        // About seven actions a second: the game must not end before the split does.
        await sleep(150);
      }
    })();
    // C fences the room before the lease (last renewed before the cut) can expire: its clients are told to reconnect.
    await Promise.all(witness.seats.map((s) => closed(s.client, 4000))).finally(() => (acting = false));
    const fencedAt = Date.now();
    acting = false;
    await actor;
    expect(fencedAt - cutAt).toBeLessThan(LEASE);
    expect(witness.seats.some((s) => s.client.messages.some((m) => m.t === 'bye' && m['code'] === 'server/moved'))).toBe(true);
    expect(acks.length).toBeGreaterThan(0);
    // No acknowledgement from C once its lease may have expired.
    for (const ack of acks) expect(ack.at).toBeLessThan(cutAt + LEASE);
    // B takes the room over (A is dead), after C stopped; its clients resume there at their action numbers.
    let owner: string | null = null;
    for (const deadline = Date.now() + 8000; owner !== 'B' && Date.now() < deadline; ) {
      await sleep(100);
      owner = await ownerOf(witness.id);
    }
    expect(owner).toBe('B');
    const takenAt = Date.now();
    console.log(`cluster: A's rooms resumed ${resumedAt.sort((x, y) => x - y).join(', ')} ms after kill -9; C cut from Redis: ${acks.length} acks, the last ${acks.length ? acks[acks.length - 1]!.at - cutAt : '-'} ms after the cut, fenced ${fencedAt - cutAt} ms, B owner ≤ ${takenAt - cutAt} ms`);
    for (const seat of [0, 1]) if (witness.seats[seat]!.client.closed) await resume(witness, seat, ['B'], Date.now() + 8000);
    for (let k = 0; k < 2; k++) await step(witness);

    // --- a paused node: C gets Redis back; B is stopped (SIGSTOP) with an action of the witness room in its socket ---
    proxy.heal();
    const b = nodes.get('B')!;
    const mover = witness.seats.find((s) => s.client.latest().legal.length > 0)!;
    const pausedSeq = mover.seq + 1;
    const pausedFrom = mover.client.messages.length;
    b.child.kill('SIGSTOP');
    mover.client.send({ t: 'action', seq: pausedSeq, action: mover.client.latest().legal[0] });
    // C takes the room over while B sleeps (A is dead).
    let taker: string | null = 'B';
    for (const deadline = Date.now() + 8000; taker !== 'C' && Date.now() < deadline; ) {
      await sleep(100);
      taker = await ownerOf(witness.id);
    }
    expect(taker).toBe('C');
    b.child.kill('SIGCONT');
    // B wakes with a stale lease: the queued action is never acknowledged.
    const verdict = await mover.client.next((m) => (m.t === 'ack' || m.t === 'reject') && m['seq'] === pausedSeq, 4000, pausedFrom).catch(() => null);
    expect(verdict?.t ?? 'none').not.toBe('ack');
    console.log(`cluster: B paused with an action queued, C owner while B slept; after SIGCONT B answered ${verdict ? `${verdict.t} ${String(verdict['code'] ?? '')}` : 'nothing'}`);
    mover.inFlight = pausedSeq;
    for (const seat of [0, 1]) {
      witness.seats[seat]!.client.close();
      await resume(witness, seat, ['C'], Date.now() + 8000);
    }
    await step(witness);

    // --- the log: no fork, and every acknowledged action at the position it was acknowledged with ---
    const db = new pg.Client({ connectionString: PG });
    await db.connect();
    try {
      for (const room of all) {
        const { rows } = await db.query<{ n: number; seat: number; seq: string }>(`select n, seat, seq from "${schema}".actions where room = $1 order by n`, [room.id]);
        expect(rows.map((r) => r.n)).toEqual(rows.map((_, i) => i + 1));
        for (const [seat, s] of room.seats.entries()) {
          for (const [seq, n] of s.acked) expect({ n, seat: rows[n - 1]?.seat, seq: Number(rows[n - 1]?.seq) }).toEqual({ n, seat, seq });
        }
      }
    } finally {
      await db.end();
    }
    // No room's lease was held by two nodes at once (intervals from the nodes' own logs; A's end at its death).
    const intervals = leaseIntervals(new Map([['A', killedAt]]));
    for (const [room, list] of intervals) {
      const sorted = [...list].sort((x, y) => x.from - y.from);
      for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.from, `room ${room}: ${JSON.stringify(sorted)}`).toBeGreaterThanOrEqual(sorted[i - 1]!.to);
    }
    const w = [...intervals.get(witness.id)!].sort((x, y) => x.from - y.from);
    expect(w.map((x) => x.node)).toEqual(['C', 'B', 'C']);
    for (const room of all) for (const s of room.seats) s.client.close();
    const dupCode = await Promise.race([dupExit, sleep(10_000).then(() => 'still running')]);
    expect(typeof dupCode === 'number' && dupCode !== 0, `duplicate node: ${String(dupCode)}`).toBe(true);
    expect(dupErr).toContain('node id "B" is in use');
  });
});
