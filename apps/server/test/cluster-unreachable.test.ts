// A relay to a room's owner whose process is gone (its Redis subscription dropped with it) fails at once, on a real Redis bus: the relayed client is told `server/unreachable` and its socket closed (it reconnects), a forwarded HTTP request gets no reply at once; neither waits for the owner's lease to expire.
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { RedisBus } from '../src/cluster/redis-bus.ts';
import { clusterKeys } from '../src/cluster/redis-keys.ts';
import { RelayEdge } from '../src/cluster/relay-edge.ts';
import { HttpRelay } from '../src/cluster/relay-http.ts';

const keys = clusterKeys(`dstest:unreach_${process.pid}_${Date.now().toString(36)}:`);
const connections: Redis[] = [];
const redis = (): Redis => {
  const r = new Redis('redis://127.0.0.1:6379');
  connections.push(r);
  return r;
};
const log = pino({ level: 'silent' });
afterAll(() => connections.forEach((r) => r.disconnect()));

/** A live owner node's channel: what it receives, and its death (its subscription dropped). */
async function ownerNode(id: string): Promise<{ frames: string[]; die: () => Promise<void> }> {
  const frames: string[] = [];
  const bus = new RedisBus(redis(), redis(), keys, id);
  await bus.start((m) => frames.push(`${m.kind}:${m.payload}`));
  const sub = connections.at(-1)!;
  return { frames, die: async () => void (await sub.quit()) };
}

/** A real client socket and the server side of it. */
async function socketPair(): Promise<{ client: WebSocket; server: WebSocket; close: () => void }> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const server = new Promise<WebSocket>((r) => wss.once('connection', r));
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as { port: number }).port}`);
  await new Promise((r, j) => (client.once('open', r), client.once('error', j)));
  return { client, server: await server, close: () => wss.close() };
}

const until = async (cond: () => boolean): Promise<void> => {
  while (!cond()) await new Promise((r) => setTimeout(r, 10));
};

describe('a relay to an owner that is gone', () => {
  it('tells the relayed client server/unreachable at its next frame and closes it', { timeout: 20_000 }, async () => {
    const owner = await ownerNode('owner-a');
    const edge = new RelayEdge(new RedisBus(redis(), redis(), keys, 'edge-a'), { heartbeatMs: 600_000, ratePerSecond: 100, rateBurst: 100, maxBuffered: 1 << 20 }, log);
    const { client, server, close } = await socketPair();
    const got: string[] = [];
    client.on('message', (d) => got.push(d.toString()));
    let closed: number | undefined;
    client.on('close', (code) => (closed = code));
    edge.open(server, 'owner-a', 'room-1', '127.0.0.1', []);
    client.send('{"t":"ping","id":1}');
    // While the owner listens, frames reach it and the client stays connected.
    await until(() => owner.frames.some((f) => f.includes('"ping"')));
    expect(owner.frames[0]).toMatch(/^o:/);
    expect(edge.size).toBe(1);
    await owner.die();
    client.send('{"t":"action","seq":1,"action":{"type":"draw"}}');
    await until(() => closed !== undefined);
    expect(got.map((t) => JSON.parse(t) as { t: string; code?: string })).toContainEqual(expect.objectContaining({ t: 'bye', code: 'server/unreachable' }));
    expect(closed).toBe(1012);
    expect(edge.size).toBe(0);
    close();
  });

  it('ends a connection opened to an owner that is already gone at once', { timeout: 20_000 }, async () => {
    const edge = new RelayEdge(new RedisBus(redis(), redis(), keys, 'edge-b'), { heartbeatMs: 600_000, ratePerSecond: 100, rateBurst: 100, maxBuffered: 1 << 20 }, log);
    const { client, server, close } = await socketPair();
    let closed: number | undefined;
    client.on('close', (code) => (closed = code));
    edge.open(server, 'nobody-listens', 'room-2', '127.0.0.1', [Buffer.from('{"t":"join"}')]);
    await until(() => closed !== undefined);
    expect(closed).toBe(1012);
    close();
  });

  it('answers a forwarded HTTP request to an owner that is gone at once, not after its timeout', { timeout: 20_000 }, async () => {
    const owner = await ownerNode('owner-c');
    const bus = new RedisBus(redis(), redis(), keys, 'edge-c');
    await bus.start((m) => http.handle(m.kind, m.conn, m.from, m.payload));
    // Ten minutes: only the dead-owner path can answer within the test's timeout.
    const http: HttpRelay = new HttpRelay(bus, async () => ({ status: 200, body: '' }), 600_000, 16);
    await owner.die();
    await expect(http.forward('owner-c', { method: 'GET', url: '/api/rooms/x', ip: '127.0.0.1' })).resolves.toBeNull();
  });
});
