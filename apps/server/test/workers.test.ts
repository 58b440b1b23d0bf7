// `--workers 2`: one port, rooms owned by two worker processes, sockets handed to their room's owner, client addresses kept, a killed worker restarted with its rooms.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, sleep } from './helpers.ts';
import { spawnServer } from './fixtures/spawn-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'decksmith-workers-'));
let server: ChildProcess | undefined;
afterAll(() => {
  if (server?.exitCode === null) server.kill('SIGKILL');
  for (const pid of workerPids()) process.kill(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

// Small admission limits, so that a per-address limit is reached with a handful of requests.
const LIMITS = { maxConnectionsPerIp: 3, createPerMinutePerClient: 4 };

async function launch(): Promise<string> {
  const started = spawnServer(['--db', join(dir, 'rooms.db'), '--workers', '2', '--config', JSON.stringify(LIMITS)]);
  const { child, url } = await started;
  server = child;
  return url;
}

/** The worker processes of the primary, by worker index (read from their environment). */
function workerPids(): number[] {
  if (!server?.pid) return [];
  let out: string;
  try {
    out = execFileSync('ps', ['-o', 'pid=', '--ppid', String(server.pid)]).toString();
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const pid of out.split('\n').map((l) => Number(l.trim())).filter((p) => p > 0)) {
    const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    const index = env.find((e) => e.startsWith('DECKSMITH_WORKER_INDEX='));
    if (index) pids[Number(index.split('=')[1])] = pid;
  }
  return pids;
}

interface Reply<T> {
  status: number;
  worker: string | undefined;
  body: T;
}

/** One HTTP request from a chosen local address (the whole 127/8 is loopback), with optional extra headers. */
function api<T>(url: string, path: string, from: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      url + path,
      { method: payload ? 'POST' : 'GET', localAddress: from, agent: false, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, worker: res.headers['x-decksmith-worker'] as string | undefined, body: JSON.parse(text) as T }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A WebSocket to `/ws?room=` from a local address; resolves with the client and the worker that answered the upgrade, or the refusal status. */
function connect(url: string, room: string, from: string, headers: Record<string, string> = {}): Promise<{ client?: Client; worker?: string; status?: number }> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/ws?room=${room}`, { localAddress: from, headers });
  return new Promise((resolve) => {
    let worker: string | undefined;
    ws.once('upgrade', (res) => (worker = res.headers['x-decksmith-worker'] as string));
    ws.once('open', () => resolve({ client: new Client(ws), worker: worker! }));
    ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode! }));
    ws.once('error', () => resolve({ status: 0 }));
  });
}

interface Table {
  id: string;
  owner: string;
  tokens: string[];
  clients: Client[];
  /** The last sequence number each seat sent. */
  seqs: number[];
  acked: number;
}

/** Plays one legal action in a room (whoever may act); counts the ack. */
async function step(t: Table): Promise<void> {
  const seat = t.clients.findIndex((c) => c.latest().legal.length > 0);
  if (seat < 0) return;
  const c = t.clients[seat]!;
  const seq = ++t.seqs[seat]!;
  const from = c.messages.length;
  const reply = await c.act(seq, c.latest().legal[0]);
  expect(reply.t).toBe('ack');
  t.acked++;
  // Every seat has seen the new state before the next step picks who acts.
  await Promise.all(t.clients.map((client) => client.next((m) => m.t === 'update' && m['n'] === reply['n'], 20_000, client === c ? from : 0)));
}

describe('--workers 2', () => {
  it('routes every socket to its room owner, keeps client addresses, and restarts a killed worker with its rooms', { timeout: 60_000 }, async () => {
    const url = await launch();
    // Each worker runs with the larger young generation (cluster/worker-flags.ts).
    expect(workerPids()).toHaveLength(2);
    for (const pid of workerPids()) expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toContain('--max-semi-space-size=64');

    // Rooms until each worker owns two; the creating worker owns the room, and every room request reaches it.
    const tables: Table[] = [];
    for (let i = 0; i < 16 && (tables.filter((t) => t.owner === '0').length < 2 || tables.filter((t) => t.owner === '1').length < 2); i++) {
      const from = `127.0.1.${i + 1}`;
      const made = await api<{ id: string }>(url, '/api/rooms', from, { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }] });
      expect(made.status).toBe(201);
      const tokens = [];
      for (const seat of [0, 1]) {
        const joined = await api<{ token: string }>(url, `/api/rooms/${made.body.id}/join`, from, { seat });
        expect(joined.worker).toBe(made.worker);
        tokens.push(joined.body.token);
      }
      tables.push({ id: made.body.id, owner: made.worker!, tokens, clients: [], seqs: [0, 0], acked: 0 });
    }
    expect(new Set(tables.map((t) => t.owner))).toEqual(new Set(['0', '1']));

    // Each socket is handed to its room's owner (the 101 names it) and plays there.
    for (const [i, t] of tables.entries()) {
      for (const [seat, token] of t.tokens.entries()) {
        const { client, worker } = await connect(url, t.id, `127.0.1.${i + 1}`);
        expect(worker).toBe(t.owner);
        const w = await client!.join(t.id, token);
        expect(w, JSON.stringify(w)).toMatchObject({ t: 'welcome', seat });
        t.clients.push(client!);
      }
      for (let k = 0; k < 3; k++) await step(t);
    }
    // A join of another room than the URL's is refused.
    const stray = await connect(url, tables[0]!.id, '127.0.2.1');
    expect(await stray.client!.join(tables[1]!.id, tables[1]!.tokens[0])).toMatchObject({ t: 'error', code: 'protocol/room_mismatch' });
    stray.client!.close();

    // The lobby lists the rooms of both workers.
    const lobby = await api<{ rooms: { id: string }[] }>(url, '/api/rooms?limit=200', '127.0.2.2');
    expect(lobby.body.rooms.map((r) => r.id)).toEqual(expect.arrayContaining(tables.map((t) => t.id)));

    // Per-address limits see the client's own address: through the primary's HTTP proxy…
    let created = 0;
    for (let i = 0; i < 20 && created >= 0; i++) {
      const r = await api(url, '/api/rooms', '127.0.3.1', { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }] }, { 'x-forwarded-for': `198.51.100.${i}` });
      created = r.status === 201 ? created + 1 : -1;
    }
    expect(created).toBe(-1);
    expect((await api(url, '/api/rooms', '127.0.3.2', { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }] })).status).toBe(201);
    // …and on a handed-over socket, where a forged X-Forwarded-For is not believed.
    const room = tables[0]!.id;
    const mine = [];
    for (let i = 0; i < LIMITS.maxConnectionsPerIp; i++) mine.push(await connect(url, room, '127.0.4.1', { 'x-forwarded-for': `203.0.113.${i}` }));
    expect(mine.every((c) => c.client)).toBe(true);
    expect(await connect(url, room, '127.0.4.1', { 'x-forwarded-for': '203.0.113.99' })).toMatchObject({ status: 429 });
    const other = await connect(url, room, '127.0.4.2');
    expect(other.client).toBeDefined();
    for (const c of [...mine, other]) c.client!.close();

    // kill -9 of worker 1: the primary forks it again, it recovers its rooms with every acknowledged action.
    const pids = workerPids();
    expect(pids).toHaveLength(2);
    process.kill(pids[1]!, 'SIGKILL');
    const lost = tables.filter((t) => t.owner === '1');
    const kept = tables.filter((t) => t.owner === '0');
    for (let i = 0; i < 100 && !lost.every((t) => t.clients.every((c) => c.closed)); i++) await sleep(50);
    expect(lost.every((t) => t.clients.every((c) => c.closed))).toBe(true);
    // Worker 0's rooms never noticed.
    for (const t of kept) {
      expect(t.clients.every((c) => !c.closed)).toBe(true);
      await step(t);
    }
    let summary = await api<{ n: number; status: string }>(url, `/api/rooms/${lost[0]!.id}`, '127.0.2.3');
    for (let i = 0; i < 200 && summary.status === 503; i++) {
      await sleep(100);
      summary = await api(url, `/api/rooms/${lost[0]!.id}`, '127.0.2.3');
    }
    expect(workerPids()[1]).not.toBe(pids[1]);
    for (const [i, t] of lost.entries()) {
      const s = await api<{ n: number; status: string }>(url, `/api/rooms/${t.id}`, '127.0.2.3');
      expect(s).toMatchObject({ status: 200, worker: '1', body: { n: t.acked, status: 'playing' } });
      t.clients = [];
      for (const [seat, token] of t.tokens.entries()) {
        const { client, worker } = await connect(url, t.id, `127.0.5.${i + 1}`);
        expect(worker).toBe('1');
        const welcome = await client!.join(t.id, token);
        expect(welcome).toMatchObject({ t: 'welcome', seat, n: t.acked, lastSeq: t.seqs[seat] });
        t.clients.push(client!);
      }
      await step(t);
    }
    // The restarted worker recovered its own rooms only (each room has one owner); /metrics has the total and each worker.
    const metrics = await new Promise<string>((resolve) => http.get(`${url}/metrics`, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve(text));
    }));
    const playing = (labels: string) => Number(new RegExp(`^decksmith_rooms\\{status="playing"${labels}\\} (\\d+)$`, 'm').exec(metrics)?.[1]);
    expect([playing(''), playing(',worker="0"'), playing(',worker="1"')]).toEqual([tables.length, kept.length, lost.length]);
    for (const t of tables) for (const c of t.clients) c.close();
    server!.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
    expect(server!.exitCode).toBe(0);
  });
});
