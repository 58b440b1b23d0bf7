// The studio's draft API (#21): drafts per author token (memory and SQLite), every bound a coded
// answer (token, size, files, count, rate, open tables), and Play: the server compiles the draft
// itself in a bounded thread (an overrun is a coded error, never a crash) and deals a table.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { SqliteDrafts } from '../src/drafts/sqlite.ts';
import { openDatabase } from '../src/storage/sqlite.ts';
import type { AppOptions } from '../src/app.ts';
import { testApp } from './helpers.ts';

vi.setConfig({ testTimeout: 60_000 });

const RULES = readFileSync(fileURLToPath(new URL('../../../docs/tutorial/crazy-eights.rules', import.meta.url)), 'utf8');
const TOKEN = 'author-token-0123456789abcdef';
const auth = (token = TOKEN) => ({ authorization: `Bearer ${token}` });
const tmp = mkdtempSync(join(tmpdir(), 'decksmith-drafts-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});
async function open(options: AppOptions = {}): Promise<FastifyInstance> {
  const app = await testApp(options);
  apps.push(app);
  return app;
}
const save = (app: FastifyInstance, id: string, files: { name: string; text: string }[], token = TOKEN) =>
  app.inject({ method: 'PUT', url: `/api/drafts/${id}`, headers: auth(token), payload: { files } });
const play = (app: FastifyInstance, id: string, body: Record<string, unknown>, token = TOKEN) =>
  app.inject({ method: 'POST', url: `/api/drafts/${id}/play`, headers: auth(token), payload: body });

describe('drafts: storage per author token', () => {
  it('saves, lists and reads back a draft; another author sees none of it; no token is a coded 401', async () => {
    const app = await open();
    expect((await save(app, 'eights', [{ name: 'eights.rules', text: RULES }])).statusCode).toBe(200);
    const list = (await app.inject({ url: '/api/drafts', headers: auth() })).json() as { drafts: { id: string; bytes: number }[] };
    expect(list.drafts).toEqual([expect.objectContaining({ id: 'eights', bytes: Buffer.byteLength(RULES) })]);
    expect((await app.inject({ url: '/api/drafts/eights', headers: auth() })).json()).toMatchObject({ files: [{ name: 'eights.rules', text: RULES }] });
    const other = await app.inject({ url: '/api/drafts/eights', headers: auth('someone-else-0123456789abcdef') });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'draft/unknown' });
    for (const headers of [{}, { authorization: 'Bearer short' }, { authorization: `Bearer ${'x'.repeat(129)}` }]) {
      const r = await app.inject({ url: '/api/drafts', headers });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({ code: 'auth/author_token' });
    }
  });

  it("a new author's first draft is the template decksmith new starts from", async () => {
    const app = await open();
    const starter = (await app.inject('/api/studio/starter')).json() as { files: { name: string; text: string }[] };
    expect(starter.files[0]!.name).toBe('my-game.rules');
    expect(starter.files[0]!.text).toMatch(/^game my-game "My Game"$/m);
  });

  it('a draft survives a restart in the SQLite file', async () => {
    const file = join(tmp, 'drafts.db');
    const first = await open({ drafts: new SqliteDrafts(openDatabase(file)) });
    expect((await save(first, 'eights', [{ name: 'eights.rules', text: RULES }, { name: 'scenarios/one.scenario', text: 'x' }])).statusCode).toBe(200);
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    const second = await open({ drafts: new SqliteDrafts(openDatabase(file)) });
    const d = (await second.inject({ url: '/api/drafts/eights', headers: auth() })).json() as { files: { name: string }[] };
    expect(d.files.map((f) => f.name)).toEqual(['eights.rules', 'scenarios/one.scenario']);
  });

  it('bounds: size (413), bad names and no rule file (400), the 21st draft (409), saves per minute (429); nothing is stored then', async () => {
    const app = await open({ draftLimits: { savesPerMinute: 30 } });
    const big = await save(app, 'big', [{ name: 'a.rules', text: 'x'.repeat(40_000) }, { name: 'b.rules', text: 'é'.repeat(20_000) }]);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'draft/too_large' });
    for (const files of [[{ name: '../etc/passwd.rules', text: 'x' }], [{ name: 'notes.txt', text: 'x' }], [{ name: 'scenarios/a.scenario', text: 'x' }], [{ name: 'a.rules', text: 'x' }, { name: 'a.rules', text: 'y' }]]) {
      const r = await save(app, 'bad', files);
      expect(r.statusCode, JSON.stringify(files)).toBe(400);
      expect((r.json() as { code: string }).code).toMatch(/^input\//);
    }
    expect((await app.inject({ method: 'PUT', url: '/api/drafts/Bad_Id', headers: auth(), payload: { files: [{ name: 'a.rules', text: 'x' }] } })).statusCode).toBe(400);
    for (let i = 0; i < 20; i++) expect((await save(app, `d${i}`, [{ name: 'a.rules', text: 'x' }])).statusCode).toBe(200);
    const many = await save(app, 'd20', [{ name: 'a.rules', text: 'x' }]);
    expect(many.statusCode).toBe(409);
    expect(many.json()).toMatchObject({ code: 'quota/drafts' });
    // Saving an existing draft again is not a new one.
    expect((await save(app, 'd0', [{ name: 'a.rules', text: 'y' }])).statusCode).toBe(200);
    const list = (await app.inject({ url: '/api/drafts', headers: auth() })).json() as { drafts: unknown[] };
    expect(list.drafts).toHaveLength(20);
    const rate = await open({ draftLimits: { savesPerMinute: 2 } });
    expect((await save(rate, 'a', [{ name: 'a.rules', text: 'x' }])).statusCode).toBe(200);
    expect((await save(rate, 'a', [{ name: 'a.rules', text: 'x' }])).statusCode).toBe(200);
    const third = await save(rate, 'a', [{ name: 'a.rules', text: 'z' }]);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'quota/rate' });
    expect((await rate.inject({ url: '/api/drafts/a', headers: auth() })).json()).toMatchObject({ files: [{ text: 'x' }] });
  });
});

describe('drafts: play against bots', () => {
  it('compiles the draft on the server, deals a table (the same seed the same cards), and hides draft games from the game list', async () => {
    const app = await open();
    await save(app, 'eights', [{ name: 'eights.rules', text: RULES }]);
    const r = await play(app, 'eights', { bots: ['random', 'greedy'], seed: 'same-deal' });
    expect(r.statusCode, r.body).toBe(201);
    const { room, game } = r.json() as { room: string; game: string };
    expect(game).toMatch(/^draft-[0-9a-f]{16}$/);
    const summary = (await app.inject(`/api/rooms/${room}`)).json() as { game: string; practice: boolean; seats: { kind: string; level?: string }[] };
    expect(summary).toMatchObject({ game, practice: true, seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }, { kind: 'bot', level: 'greedy' }] });
    const games = (await app.inject('/api/games')).json() as { id: string }[];
    expect(games.map((g) => g.id)).not.toContain(game);
    expect((await app.inject(`/api/games/${game}/def`)).statusCode).toBe(200);
    // The seeded restart: the same draft and seed deal seat 0 the same hand.
    const again = (await play(app, 'eights', { bots: ['random', 'greedy'], seed: 'same-deal' })).json() as { room: string; game: string };
    expect(again.game).toBe(game);
    const hand = (id: string) => JSON.stringify(app.decksmith.registry.get(game)!.engine.view(app.decksmith.manager.get(id)!.state, 0));
    expect(hand(again.room)).toBe(hand(room));
    // The author sits down; the bot (left of the dealer, player 1) moves first, thinking in the bot pool's threads.
    expect((await app.inject({ method: 'POST', url: `/api/rooms/${room}/join`, payload: { seat: 0 } })).statusCode).toBe(200);
    await vi.waitFor(() => expect(app.decksmith.manager.get(room)!.height).toBeGreaterThanOrEqual(1), { timeout: 30_000, interval: 100 });
    expect(app.decksmith.bots.stats.threaded).toBeGreaterThanOrEqual(1);
    expect(app.decksmith.bots.stats.inline).toBe(0);
    // An edited draft is another game.
    await save(app, 'eights', [{ name: 'eights.rules', text: RULES.replace('= 7 ', '= 5 ') }]);
    const edited = (await play(app, 'eights', { bots: ['random'], seed: 'same-deal' })).json() as { game: string };
    expect(edited.game).not.toBe(game);
  });

  it('a draft with errors answers 422 with the checker report; a stopped or starved compiler is a coded error and the server carries on', async () => {
    const app = await open();
    await save(app, 'broken', [{ name: 'b.rules', text: RULES.replace('move c to discard', 'move c to nowhere') }]);
    const bad = await play(app, 'broken', { bots: ['random'] });
    expect(bad.statusCode).toBe(422);
    const body = bad.json() as { code: string; report: string[] };
    expect(body.code).toBe('draft/does_not_compile');
    expect(body.report.join('\n')).toMatch(/nowhere/);
    expect(body.report.join('\n')).not.toContain(tmpdir());

    const slow = await open({ draftCompiler: { compileMs: 1 } });
    await save(slow, 'eights', [{ name: 'eights.rules', text: RULES }]);
    const overrun = await play(slow, 'eights', { bots: ['random'] });
    expect(overrun.statusCode, overrun.body).toBe(422);
    expect(overrun.json()).toMatchObject({ code: 'draft/too_slow' });
    expect((await slow.inject('/health')).statusCode).toBe(200);

    const starved = await open({ draftCompiler: { heapMb: 4 } });
    await save(starved, 'eights', [{ name: 'eights.rules', text: RULES }]);
    const oom = await play(starved, 'eights', { bots: ['random'] });
    expect([422, 500]).toContain(oom.statusCode);
    expect((oom.json() as { code: string }).code).toMatch(/^draft\/(too_big|internal)$/);
    expect((await starved.inject('/health')).statusCode).toBe(200);
  });

  it('plays a variant of the draft: its base is the draft file whose game it extends; an edited base is another game', async () => {
    const app = await open();
    const VARIANT = 'game eights-five "Eights of five" extends crazy-eights\nsummary "Five cards each."\noption hand_size = 5\n';
    await save(app, 'eights', [{ name: 'eights.rules', text: RULES }, { name: 'variant-1.rules', text: VARIANT }]);
    const r = await play(app, 'eights', { bots: ['random'], file: 'variant-1.rules', seed: 'v' });
    expect(r.statusCode, r.body).toBe(201);
    const { game } = r.json() as { game: string };
    const hosted = app.decksmith.registry.get(game)!;
    expect(hosted.title).toBe('Eights of five');
    expect(hosted.options.find((o) => o.name === 'hand_size')?.default).toBe(5);
    await save(app, 'eights', [{ name: 'eights.rules', text: RULES.replace('players 2..7', 'players 2..6') }, { name: 'variant-1.rules', text: VARIANT }]);
    const edited = (await play(app, 'eights', { bots: ['random'], file: 'variant-1.rules', seed: 'v' })).json() as { game: string };
    expect(edited.game).not.toBe(game);
    expect(app.decksmith.registry.get(edited.game)!.maxPlayers).toBe(6);
  });

  it('simulates 200 random-bot games of the draft in the compiler thread; an overrun is a coded error', async () => {
    const app = await open();
    await save(app, 'eights', [{ name: 'eights.rules', text: RULES }]);
    const r = await app.inject({ method: 'POST', url: '/api/drafts/eights/simulate', headers: auth(), payload: { players: 3, seed: 's' } });
    expect(r.statusCode, r.body).toBe(200);
    const sim = r.json() as { games: number; finished: number; stuck: number; wins: number[]; meanActions: number };
    expect(sim.games).toBe(200);
    expect(sim.finished + sim.stuck).toBe(200);
    expect(sim.finished).toBeGreaterThan(150);
    expect(sim.wins).toHaveLength(3);
    expect(sim.wins.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(sim.finished);
    expect(sim.meanActions).toBeGreaterThan(7);
    // Deterministic per seed.
    const again = (await app.inject({ method: 'POST', url: '/api/drafts/eights/simulate', headers: auth(), payload: { players: 3, seed: 's' } })).json() as { wins: number[] };
    expect(again.wins).toEqual(sim.wins);
    const seats = await app.inject({ method: 'POST', url: '/api/drafts/eights/simulate', headers: auth(), payload: { players: 9 } });
    expect(seats.statusCode).toBe(400);
    expect(seats.json()).toMatchObject({ code: 'seats/invalid' });
    const slow = await open({ draftCompiler: { simulateMs: 1 } });
    await save(slow, 'eights', [{ name: 'eights.rules', text: RULES }]);
    const overrun = await slow.inject({ method: 'POST', url: '/api/drafts/eights/simulate', headers: auth(), payload: { players: 3 } });
    expect(overrun.statusCode).toBe(422);
    expect(overrun.json()).toMatchObject({ code: 'draft/too_slow' });
    expect((await slow.inject('/health')).statusCode).toBe(200);
  });

  it('bounds: open draft tables per author (429 quota/rooms) and plays per minute (429 quota/rate)', async () => {
    const app = await open({ draftLimits: { openRoomsPerAuthor: 1, playsPerMinute: 100 } });
    await save(app, 'eights', [{ name: 'eights.rules', text: RULES }]);
    expect((await play(app, 'eights', { bots: ['random'] })).statusCode).toBe(201);
    const second = await play(app, 'eights', { bots: ['random'] });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ code: 'quota/rooms' });
    // The rate is counted before anything is read or compiled: a missing draft spends a play too.
    const rate = await open({ draftLimits: { openRoomsPerAuthor: 10, playsPerMinute: 1 } });
    expect((await play(rate, 'none', { bots: ['random'] })).statusCode).toBe(404);
    const again = await play(rate, 'none', { bots: ['random'] });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'quota/rate' });
  });
});
