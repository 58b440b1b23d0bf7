// `--workers` with `--redis`: two nodes (child processes) of two workers each on PostgreSQL and Redis; every worker is a cluster node of its own (`<node>-w<i>`), a room is played by clients connected through either node, HTTP and sockets alike, and the lobby lists each room once.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema } from '../src/storage/postgres.ts';
import { Client } from './helpers.ts';

const PG = 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = 'redis://127.0.0.1:6379';
const schema = `wcluster_${process.pid}_${Date.now().toString(36)}`;
const prefix = `dstest:${schema}:`;
const launcher = fileURLToPath(new URL('./fixtures/cluster-node.ts', import.meta.url));
const children: ChildProcess[] = [];
const urls = new Map<string, string>();
const redis = new Redis(REDIS);

function launch(id: string): Promise<string> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', launcher, '--workers', '2', '--database', `${PG}?schema=${schema}`, '--redis', REDIS, '--redis-prefix', prefix, '--node-id', id, '--lease-ms', '5000'],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, LOG_LEVEL: 'warn' } },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{"url"'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`node ${id} exited with ${code}`)));
  });
}

async function api<T>(url: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(url + path, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {});
  return { status: res.status, body: (await res.json()) as T };
}

beforeAll(async () => {
  const [a, b] = await Promise.all([launch('A'), launch('B')]);
  urls.set('A', a).set('B', b);
}, 240_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await dropSchema(PG, schema);
});

describe('two nodes of two workers each', () => {
  it('register four worker nodes, play a room through either node, and list each room once', { timeout: 150_000 }, async () => {
    const rooms: string[] = [];
    // Each worker is present in the cluster under its own id.
    const present = async (): Promise<string[]> => (await redis.keys(`${prefix}node:*`)).map((k) => k.slice(`${prefix}node:`.length)).sort();
    for (let i = 0; i < 100 && (await present()).length < 4; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await present()).toEqual(['A-w0', 'A-w1', 'B-w0', 'B-w1']);

    for (const [creator, other] of [
      ['A', 'B'],
      ['B', 'A'],
    ] as const) {
      const made = await api<{ id: string }>(urls.get(creator)!, '/api/rooms', { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }], options: { hand_size: 10 } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const room = made.body.id;
      rooms.push(room);
      // Owned by one worker of the node it was created on.
      expect(await redis.get(`${prefix}room:${room}:owner`)).toMatch(new RegExp(`^${creator}-w[01]$`));
      // Both nodes answer for it: one seat claimed through each (the other node forwards to the owner).
      const tokens: string[] = [];
      for (const [seat, via] of [creator, other].entries()) {
        const claim = await api<{ token: string }>(urls.get(via)!, `/api/rooms/${room}/join`, { seat });
        expect(claim.status, JSON.stringify(claim.body)).toBe(200);
        tokens.push(claim.body.token);
      }
      const clients: Client[] = [];
      for (const [seat, via] of [creator, other].entries()) {
        const client = await Client.connect(`${urls.get(via)!.replace('http', 'ws')}/ws?room=${room}`);
        const welcome = await client.join(room, tokens[seat]);
        expect(welcome.t, JSON.stringify(welcome)).toBe('welcome');
        clients.push(client);
      }
      // A few actions, each by whichever seat can act, acknowledged and seen by both seats.
      const seqs = [0, 0];
      for (let k = 0; k < 4; k++) {
        const seat = clients.findIndex((c) => c.latest().legal.length > 0);
        expect(seat).toBeGreaterThanOrEqual(0);
        const reply = await clients[seat]!.act(++seqs[seat]!, clients[seat]!.latest().legal[0]);
        expect(reply.t, JSON.stringify(reply)).toBe('ack');
        const n = reply['n'] as number;
        await Promise.all(clients.map((c) => c.next((m) => m.t === 'update' && (m['n'] as number) >= n, 10_000, 0)));
      }
      for (const c of clients) c.close();
    }
    // The lobby is the cluster's, through either node, each room once (not once per worker).
    for (const via of ['A', 'B']) {
      let listed: string[] = [];
      for (let i = 0; i < 100; i++) {
        listed = (await api<{ rooms: { id: string }[] }>(urls.get(via)!, '/api/rooms?limit=200')).body.rooms.map((r) => r.id).filter((id) => rooms.includes(id));
        if (listed.length >= rooms.length) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(listed.sort(), `lobby through ${via}`).toEqual([...rooms].sort());
    }
  });
});
