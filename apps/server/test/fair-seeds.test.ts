// Fair seeds: a creator-chosen seed deals a table anyone can reproduce (so it is refused unless practice), and server seeds are committed to (sha256) and revealed at the end.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { replay, setup, tick, view } from '@decksmith/runtime';
import { shed } from '@decksmith/runtime/test-fixtures/shed';
import type { ReplayLog } from '../src/storage/storage.ts';
import { Client, createRoom, testApp } from './helpers.ts';

let app: FastifyInstance;
afterEach(async () => app?.close());

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const TWO_HUMANS = [{ kind: 'human' as const }, { kind: 'human' as const }];

describe('fair seeds', () => {
  it('a chosen seed reproduces every hand seen on the wire: accepted only by a practice server, and the room says so', async () => {
    app = await testApp({ config: { allowClientSeeds: true } });
    const { id, tokens } = await createRoom(app, { game: 'shed', seats: TWO_HUMANS, options: { hand_size: 5 }, seed: 'chosen-by-the-creator' });
    const clients = await Promise.all(tokens.map(() => Client.inject(app)));
    const welcomes = await Promise.all(clients.map((c, seat) => c.join(id, tokens[seat])));
    // The creator runs the runtime locally with the seed they chose: every seat's hand, ids included.
    const local = setup(shed, { players: 2, options: { hand_size: 5 }, seed: 'chosen-by-the-creator' });
    for (const [seat, w] of welcomes.entries()) {
      expect(w.t).toBe('welcome');
      expect(view(shed, tick(shed, local, w['now'] as number).state, seat)).toEqual(w['view']);
      expect(w).toMatchObject({ practice: true, seedHash: sha256('chosen-by-the-creator') });
    }
    const summary = (await app.inject(`/api/rooms/${id}`)).json() as { practice: boolean; seedHash: string };
    expect(summary).toMatchObject({ practice: true, seedHash: sha256('chosen-by-the-creator') });
    expect((await app.inject(`/api/rooms/${id}/log`)).json()).toMatchObject({ practice: true, complete: false });
    clients.forEach((c) => c.close());
  });

  it('refuses a chosen seed with a coded 400 and creates nothing', async () => {
    app = await testApp({ config: { allowClientSeeds: false } });
    const res = await app.inject({ method: 'POST', url: '/api/rooms', payload: { game: 'shed', seats: TWO_HUMANS, seed: 'chosen-by-the-creator' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'seed/not_allowed', message: expect.stringContaining('--allow-client-seeds') });
    expect(app.decksmith.manager.rooms.size).toBe(0);
    expect(await app.decksmith.storage.listRooms(['waiting', 'playing', 'finished', 'expired'])).toEqual([]);
  });

  it('commits to a server seed from the start, withholds it while the game runs, and reveals one that matches at the end', { timeout: 60_000 }, async () => {
    // Playing as fast as acks come: no rate limit in the way.
    app = await testApp({ config: { allowClientSeeds: false, ratePerSecond: 10_000, rateBurst: 10_000 } });
    const { id, tokens } = await createRoom(app, { game: 'shed', seats: [{ kind: 'human' }, { kind: 'bot' }], options: { hand_size: 3 } });
    const room = app.decksmith.manager.get(id)!;
    const c = await Client.inject(app);
    const welcome = await c.join(id, tokens[0]);
    const seedHash = welcome['seedHash'] as string;
    expect(seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(welcome['practice']).toBe(false);
    expect((await app.inject(`/api/rooms/${id}`)).json()).toMatchObject({ seedHash, practice: false });
    // 128 bits from the CSPRNG: nothing about it is known to any player.
    expect((room.record.seed.match(/^[0-9a-f]{32}$/) ?? []).length).toBe(1);
    let seq = 0;
    let checkedRunning = false;
    // While the game runs (checked as soon as it does: the bot may end a 3-card game before this
    // seat ever acts), the log and the room say the commitment only.
    const checkRunning = async (): Promise<void> => {
      if (checkedRunning || room.status !== 'playing') return;
      checkedRunning = true;
      const running = await app.inject(`/api/rooms/${id}/log`);
      expect(running.json()).toMatchObject({ complete: false, seedHash });
      expect(running.json()).not.toHaveProperty('seed');
      expect(running.body).not.toContain(room.record.seed);
      expect((await app.inject(`/api/rooms/${id}`)).body).not.toContain(room.record.seed);
    };
    await checkRunning();
    for (let i = 0; i < 5000 && !c.latest().result; i++) {
      const mark = c.messages.length;
      const { legal } = c.latest();
      if (legal.length > 0) {
        await c.act(++seq, legal[(i * 7) % legal.length]);
        await checkRunning();
      } else await c.next((m) => m.t === 'update', 20_000, mark);
    }
    expect(checkedRunning).toBe(true);
    await room.idle();
    expect(room.status).toBe('finished');
    const log = (await app.inject(`/api/rooms/${id}/log`)).json() as ReplayLog;
    expect(log.complete).toBe(true);
    // The check any player can make: the revealed seed is the one committed to at the start.
    expect(sha256(log.seed!)).toBe(seedHash);
    expect(log.seedHash).toBe(seedHash);
    const replayed = replay(shed, { ...log, seed: log.seed!, actions: log.actions! } as Parameters<typeof replay>[1]);
    expect(replayed.rejected).toEqual([]);
    expect(replayed.state).toEqual(room.state);
    c.close();
  });
});
