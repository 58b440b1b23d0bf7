// The tried-as-a-new-user attacks, each now answered with a clear code while another room keeps being served: a room-creation flood, 3,000 never-joining sockets, a frame flood, loose bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { Client, createRoom, sleep, testApp } from './helpers.ts';

let app: FastifyInstance;
let url: string;
let players: Client[];
const seqs = [0, 0];

/** The other room is served: its player on turn plays a legal action and gets the ack. */
async function served(): Promise<void> {
  const seat = players.findIndex((p) => p.latest().legal.length > 0 && !p.latest().result);
  expect(seat).toBeGreaterThanOrEqual(0);
  const mark = players[seat]!.messages.length;
  const reply = await players[seat]!.act(++seqs[seat]!, players[seat]!.latest().legal[0]);
  expect(reply).toMatchObject({ t: 'ack' });
  // The update that follows the ack carries the fresh legal actions.
  await players[seat]!.next((m) => m.t === 'update', 20_000, mark);
}

beforeAll(async () => {
  // Default limits, but for a join deadline short enough to wait for in a test.
  app = await testApp({ config: { joinDeadlineMs: 1_000 } });
  url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/ws';
  const { id, tokens } = await createRoom(app, { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }], options: { hand_size: 10 } });
  players = await Promise.all(tokens.map(() => Client.connect(url)));
  for (const [seat, p] of players.entries()) await p.join(id, tokens[seat]);
  await served();
}, 60_000);
afterAll(async () => {
  for (const p of players ?? []) p.close();
  await app?.close();
});

describe('attacks from the issue', () => {
  it('16 parallel POST /api/rooms loops: a few rooms, then 429 quota/rooms or quota/rate with Retry-After; others still create and play', { timeout: 60_000 }, async () => {
    const before = app.decksmith.manager.rooms.size;
    const replies = await Promise.all(
      Array.from({ length: 16 }, async () => {
        const out: { statusCode: number; headers: Record<string, unknown>; json(): unknown }[] = [];
        for (let i = 0; i < 20; i++) out.push(await app.inject({ method: 'POST', url: '/api/rooms', remoteAddress: '10.9.0.1', payload: { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }] } }));
        return out;
      }),
    );
    const all = replies.flat();
    const created = all.filter((r) => r.statusCode === 201).length;
    expect(created).toBeLessThanOrEqual(app.decksmith.config.openRoomsPerClient);
    expect(app.decksmith.manager.rooms.size - before).toBe(created);
    for (const r of all.filter((r) => r.statusCode !== 201)) {
      expect(r.statusCode).toBe(429);
      expect(['quota/rooms', 'quota/rate']).toContain((r.json() as { code: string }).code);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await app.inject({ method: 'POST', url: '/api/rooms', remoteAddress: '10.9.0.2', payload: { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }] } })).statusCode).toBe(201);
    await served();
  });

  it('3,000 sockets that never join: refused past the per-IP cap with 429 quota/connections, the rest closed at the join deadline', { timeout: 120_000 }, async () => {
    const cap = app.decksmith.config.maxConnectionsPerIp;
    const seen = { refused: 0, otherStatus: 0, opened: 0, live: 0, maxLive: 0, codes: new Map<string, number>(), closeCodes: new Map<number, number>() };
    const sockets: WebSocket[] = [];
    const open = () =>
      new Promise<void>((resolve) => {
        const ws = new WebSocket(url, { localAddress: '127.0.0.5' });
        ws.once('open', () => {
          sockets.push(ws);
          seen.opened++;
          seen.maxLive = Math.max(seen.maxLive, ++seen.live);
          resolve();
        });
        ws.on('message', (d) => {
          const code = (JSON.parse(d.toString()) as { code: string }).code;
          seen.codes.set(code, (seen.codes.get(code) ?? 0) + 1);
        });
        ws.once('close', (code) => {
          seen.live--;
          seen.closeCodes.set(code, (seen.closeCodes.get(code) ?? 0) + 1);
        });
        ws.once('unexpected-response', (_req, res) => {
          if (res.statusCode === 429) seen.refused++;
          else seen.otherStatus++;
          res.resume();
          resolve();
        });
        ws.once('error', () => resolve());
      });
    // Ten waves of 300 at once; between waves the join deadline frees the places of the ones let in.
    for (let wave = 0; wave < 10; wave++) await Promise.all(Array.from({ length: 300 }, open));
    // Places are reserved before the upgrade, so even 300 upgrades at once never pass the cap.
    expect(seen.maxLive).toBeLessThanOrEqual(cap);
    expect(seen.refused + seen.opened).toBe(3000);
    expect(seen.refused).toBeGreaterThanOrEqual(3000 - 10 * cap);
    expect(seen.otherStatus).toBe(0);
    await served();
    // Every one let in is closed by the join deadline (1008), with its coded error first.
    for (let i = 0; i < 300 && seen.live > 0; i++) await sleep(20);
    expect(seen.live).toBe(0);
    expect(seen.codes).toEqual(new Map([['protocol/join_deadline', seen.opened]]));
    expect(seen.closeCodes).toEqual(new Map([[1008, seen.opened]]));
    await served();
  });

  it('a frame flood on a joined socket is closed with rate/flood (1008) at the default limits', { timeout: 60_000 }, async () => {
    const flooder = await Client.connect(url);
    await flooder.join(players[0]!.messages.find((m) => m.t === 'welcome')!['room'] as string);
    for (let i = 0; i < 3000 && !flooder.closed; i++) flooder.send({ t: 'ping', id: i });
    for (let i = 0; i < 200 && !flooder.closed; i++) await sleep(20);
    expect(flooder.closed).toBe(true);
    expect(flooder.closeCode).toBe(1008);
    expect(flooder.messages.filter((m) => m.t === 'error').at(-1)).toMatchObject({ code: 'rate/flood' });
    await served();
  });

  it('loose bodies ("evil": 1, "admin": true, seat "0") get a coded 400 and change nothing', async () => {
    const rooms = app.decksmith.manager.rooms.size;
    for (const payload of [
      { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }], evil: 1 },
      { game: 'shed', seats: [{ kind: 'human', admin: true }, { kind: 'human' }] },
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/rooms', remoteAddress: '10.9.0.3', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'input/invalid' });
    }
    expect(app.decksmith.manager.rooms.size).toBe(rooms);
    const id = ((await app.inject({ method: 'POST', url: '/api/rooms', remoteAddress: '10.9.0.3', payload: { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }] } })).json() as { id: string }).id;
    const join = await app.inject({ method: 'POST', url: `/api/rooms/${id}/join`, remoteAddress: '10.9.0.3', payload: { seat: '0' } });
    expect(join.statusCode).toBe(400);
    expect(join.json()).toMatchObject({ code: 'input/invalid', message: expect.stringContaining('seat') });
    expect(app.decksmith.manager.get(id)!.record.seats.every((s) => !s.tokenHash)).toBe(true);
    await served();
  });
});
