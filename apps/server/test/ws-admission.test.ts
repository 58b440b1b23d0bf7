// WebSocket admission: connection caps (total and per IP) refused at upgrade with coded answers, a join deadline, and slow readers closed at the per-socket and total buffer caps.
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { ConnectionAdmission } from '../src/admission/connections.ts';
import type { ServerConfig } from '../src/config.ts';
import { Client, createRoom, sleep, testApp } from './helpers.ts';

let app: FastifyInstance;
afterEach(async () => app?.close());

async function serve(config: Partial<ServerConfig>): Promise<string> {
  app = await testApp({ config });
  return (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/ws';
}

/** Opens a socket (from `localAddress`); resolves with it, or with the HTTP refusal of the upgrade. */
function open(url: string, localAddress = '127.0.0.1'): Promise<{ ws: WebSocket } | { status: number; retryAfter: string | undefined; body: { code: string; message: string } }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { localAddress });
    ws.once('open', () => resolve({ ws }));
    ws.once('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined, body: JSON.parse(text) as { code: string; message: string } }));
    });
    ws.once('error', (e) => (e.message.includes('Unexpected server response') ? undefined : reject(e)));
  });
}

async function until(test: () => boolean, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; !test(); ) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(10);
  }
}

describe('connection caps', () => {
  it('refuses past maxConnections with 503 server/busy before the upgrade, and admits again once one closes', { timeout: 30_000 }, async () => {
    const url = await serve({ maxConnections: 4, maxConnectionsPerIp: 100 });
    const held = await Promise.all(Array.from({ length: 4 }, () => open(url)));
    expect(held.every((h) => 'ws' in h)).toBe(true);
    const refused = await open(url);
    expect(refused).toMatchObject({ status: 503, body: { code: 'server/busy' } });
    expect(Number((refused as { retryAfter: string }).retryAfter)).toBeGreaterThan(0);
    (held[0] as { ws: WebSocket }).ws.close();
    await until(() => 'ws' in held[0]! && held[0].ws.readyState === WebSocket.CLOSED);
    await sleep(50);
    const again = await open(url);
    expect('ws' in again).toBe(true);
    for (const h of [...held, again]) if ('ws' in h) h.ws.close();
  });

  it('refuses past maxConnectionsPerIp with 429 quota/connections; another address is served', { timeout: 30_000 }, async () => {
    const url = await serve({ maxConnections: 100, maxConnectionsPerIp: 3 });
    const held = await Promise.all(Array.from({ length: 3 }, () => open(url)));
    expect(held.every((h) => 'ws' in h)).toBe(true);
    expect(await open(url)).toMatchObject({ status: 429, body: { code: 'quota/connections' } });
    const other = await open(url, '127.0.0.2');
    expect('ws' in other).toBe(true);
    for (const h of [...held, other]) if ('ws' in h) h.ws.close();
  });

  it('holds the cap when many upgrades race: the extra ones are refused or closed with a code', { timeout: 30_000 }, async () => {
    const url = await serve({ maxConnections: 5, maxConnectionsPerIp: 100 });
    const all = await Promise.all(Array.from({ length: 40 }, () => open(url)));
    await sleep(200);
    const live = all.filter((h) => 'ws' in h && h.ws.readyState === WebSocket.OPEN);
    expect(live.length).toBeLessThanOrEqual(5);
    expect(all.filter((h) => !('ws' in h)).every((h) => (h as { body: { code: string } }).body.code === 'server/busy')).toBe(true);
    for (const h of all) if ('ws' in h) h.ws.close();
  });
});

describe('connection counting', () => {
  it('refuses an upgraded connection past a cap even when the pre-upgrade check let it through (parallel upgrades), and releases on close', () => {
    const conns = new ConnectionAdmission({ maxConnections: 3, maxConnectionsPerIp: 2 });
    // Three upgrades pass the pre-upgrade check before any is counted.
    expect([0, 1, 2].map(() => conns.refusal('a'))).toEqual([null, null, null]);
    expect(conns.open('a')).toBeNull();
    expect(conns.open('a')).toBeNull();
    expect(conns.open('a')).toMatchObject({ status: 429, code: 'quota/connections' });
    expect(conns.open('b')).toBeNull();
    expect(conns.open('c')).toMatchObject({ status: 503, code: 'server/busy' });
    expect(conns.count()).toBe(3);
    conns.close('a');
    expect(conns.count('a')).toBe(1);
    expect(conns.open('c')).toBeNull();
  });
});

describe('reservations before the upgrade', () => {
  const request = (ip: string) => ({ ip, raw: { socket: new EventEmitter() } });
  const reply = () => {
    const sent: { status?: number; body?: unknown } = {};
    const r = { code: (s: number) => ((sent.status = s), r), header: () => r, send: async (b: unknown) => void (sent.body = b) };
    return { r, sent };
  };
  it('counts an upgrade from its pre-upgrade check, so a burst cannot pass the cap; a failed upgrade gives its place back', async () => {
    const conns = new ConnectionAdmission({ maxConnections: 100, maxConnectionsPerIp: 2 });
    const hook = conns.hook as unknown as (req: unknown, rep: unknown) => Promise<void>;
    const [a, b, c] = [request('x'), request('x'), request('x')];
    const [ra, rb, rc] = [reply(), reply(), reply()];
    await hook(a, ra.r);
    await hook(b, rb.r);
    await hook(c, rc.r);
    expect([ra.sent.status, rb.sent.status]).toEqual([undefined, undefined]);
    expect(rc.sent).toMatchObject({ status: 429, body: { code: 'quota/connections' } });
    // a's upgrade completes (takes its place); b's never does (its socket closes): its place is free again.
    expect(conns.open('x', a.raw)).toBeNull();
    b.raw.socket.emit('close');
    expect(conns.count('x')).toBe(1);
    const d = request('x');
    const rd = reply();
    await hook(d, rd.r);
    expect(rd.sent.status).toBeUndefined();
    // a's socket closing later releases nothing twice.
    a.raw.socket.emit('close');
    expect(conns.count('x')).toBe(2);
  });
});

describe('join deadline', () => {
  it('closes a socket that has not joined in time with protocol/join_deadline; a joined one stays', { timeout: 30_000 }, async () => {
    const url = await serve({ joinDeadlineMs: 300 });
    const { id } = await createRoom(app, { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }] });
    const [idle, joined] = await Promise.all([Client.connect(url), Client.connect(url)]);
    expect(await joined.join(id)).toMatchObject({ t: 'welcome' });
    expect(await idle.next((m) => m.t === 'error', 5_000)).toMatchObject({ code: 'protocol/join_deadline' });
    await until(() => idle.closed);
    expect(idle.closeCode).toBe(1008);
    await sleep(400);
    expect(joined.closed).toBe(false);
    joined.send({ t: 'ping', id: 1 });
    expect(await joined.next((m) => m.t === 'pong')).toMatchObject({ id: 1 });
    joined.close();
  });
});

describe('slow readers', () => {
  /** A spectator that stops reading its socket, then asks for its full view again and again. */
  async function slowReader(url: string, id: string): Promise<Client> {
    const c = await Client.connect(url);
    await c.join(id);
    (c.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    return c;
  }
  const serverSockets = () => [...(app as unknown as { websocketServer: { clients: Set<WebSocket> } }).websocketServer.clients];
  const closing = () => serverSockets().filter((s) => s.readyState !== WebSocket.OPEN).length;

  async function flood(clients: Client[], frames: number, stop: () => boolean): Promise<void> {
    for (let sent = 0; sent < frames && !stop(); sent += 500) {
      for (const c of clients) for (let i = 0; i < 500; i++) c.send({ t: 'resync' });
      await sleep(20);
    }
  }

  it('closes a socket whose unsent frames pass maxBufferedPerSocket (1013); a reading client is served', { timeout: 60_000 }, async () => {
    const url = await serve({ ratePerSecond: 1e9, rateBurst: 1e9, maxBufferedPerSocket: 256 * 1024 });
    const { id } = await createRoom(app, { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }] });
    const reader = await Client.connect(url);
    await reader.join(id);
    const slow = await slowReader(url, id);
    await flood([slow], 40_000, () => closing() > 0);
    await until(() => closing() === 1);
    (slow.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    await until(() => slow.closed, 20_000);
    expect(slow.closeCode).toBe(1013);
    reader.send({ t: 'ping', id: 2 });
    expect(await reader.next((m) => m.t === 'pong')).toMatchObject({ id: 2 });
    reader.close();
  });

  it('closes slow readers once all sockets together hold more than maxBufferedTotal, though each is under its own cap', { timeout: 60_000 }, async () => {
    const url = await serve({ ratePerSecond: 1e9, rateBurst: 1e9, maxBufferedPerSocket: 512 * 1024 * 1024, maxBufferedTotal: 512 * 1024 });
    const { id } = await createRoom(app, { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }] });
    const reader = await Client.connect(url);
    await reader.join(id);
    const slow = await Promise.all([0, 1, 2].map(() => slowReader(url, id)));
    await flood(slow, 40_000, () => closing() > 0);
    await until(() => closing() > 0);
    for (const c of slow) (c.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    await until(() => slow.some((c) => c.closed), 20_000);
    expect(slow.find((c) => c.closed)!.closeCode).toBe(1013);
    expect(reader.closed).toBe(false);
    reader.send({ t: 'ping', id: 3 });
    expect(await reader.next((m) => m.t === 'pong')).toMatchObject({ id: 3 });
    for (const c of [reader, ...slow]) c.close();
  });
});
