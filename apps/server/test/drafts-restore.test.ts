// A studio draft's table survives a restart (#21): the draft game's text is kept by its id
// (draft_games, SQLite and PostgreSQL), and recovery recompiles it in the compiler thread and
// resumes the table at the same action number. Before, recovery logged "room not restored: game
// draft-… is not hosted".
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { openDrafts } from '../src/drafts/open.ts';
import { openStorage } from '../src/storage/open.ts';
import { dropSchema } from '../src/storage/postgres.ts';
import { Client, testApp } from './helpers.ts';
import { DATABASE_URL, randomSchema } from './storage-conformance-engines.ts';

vi.setConfig({ testTimeout: 90_000 });

const RULES = readFileSync(fileURLToPath(new URL('../../../docs/tutorial/crazy-eights.rules', import.meta.url)), 'utf8');
const TOKEN = 'restore-author-token-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };
const tmp = mkdtempSync(join(tmpdir(), 'decksmith-draft-restore-'));
const cleanups: (() => Promise<void>)[] = [];
const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});
afterAll(async () => {
  for (const c of cleanups.splice(0)) await c();
  rmSync(tmp, { recursive: true, force: true });
});

/** An app on the storage `url` names (rooms and drafts beside them), recovering its rooms as start() does. */
async function boot(url: string, schema?: string): Promise<FastifyInstance> {
  const opts = schema ? { schema } : {};
  const app = await testApp({ storage: await openStorage(url, opts), drafts: await openDrafts(url, opts) });
  apps.push(app);
  return app;
}

const engines: { name: string; url: () => string; schema?: () => string }[] = [
  { name: 'SQLite', url: () => join(tmp, `restore-${Math.random().toString(36).slice(2)}.db`) },
  {
    name: 'PostgreSQL',
    url: () => DATABASE_URL,
    schema: () => {
      const s = randomSchema('drr');
      cleanups.push(() => dropSchema(DATABASE_URL, s));
      return s;
    },
  },
];

describe('a draft table across a restart', () => {
  for (const engine of engines) {
    it(`${engine.name}: the draft is recompiled and the table resumes at the same action number`, async () => {
      const url = engine.url();
      const schema = engine.schema?.();
      const first = await boot(url, schema);
      expect((await first.inject({ method: 'PUT', url: '/api/drafts/eights', headers: auth, payload: { files: [{ name: 'eights.rules', text: RULES }] } })).statusCode).toBe(200);
      const played = await first.inject({ method: 'POST', url: '/api/drafts/eights/play', headers: auth, payload: { bots: ['random'], seed: 'restart' } });
      expect(played.statusCode).toBe(201);
      const { room, game } = played.json() as { room: string; game: string };
      const { token } = (await first.inject({ method: 'POST', url: `/api/rooms/${room}/join`, payload: { seat: 0 } })).json() as { token: string };
      const client = await Client.inject(first);
      expect((await client.join(room, token)).t).toBe('welcome');
      // The bot (seat 1) opens; then the author plays one action.
      const mine = await client.next((m) => (m.t === 'welcome' || m.t === 'update') && ((m['legal'] as unknown[] | undefined)?.length ?? 0) > 0, 20_000, 0);
      const legal = mine['legal'] as { type: string }[];
      const ack = await client.act(1, legal.find((a) => a.type === 'draw') ?? legal[0]);
      expect(ack.t).toBe('ack');
      expect(ack['n'] as number).toBeGreaterThanOrEqual(2);
      client.close();
      // A graceful stop: every accepted action is stored (the bot may have answered meanwhile).
      await first.close();
      apps.splice(apps.indexOf(first), 1);

      // A new process on the same storage: the draft game is not hosted until recovery recompiles it.
      const second = await boot(url, schema);
      expect(second.decksmith.registry.get(game)).toBeDefined();
      expect(second.decksmith.manager.rooms.has(room)).toBe(true);
      const n = (await second.decksmith.storage.getActions(room)).length;
      expect(n).toBeGreaterThanOrEqual(ack['n'] as number);
      await second.ready(); // injectWS does not wait for it
      const again = await Client.inject(second);
      const welcome = await again.join(room, token);
      expect(welcome.t).toBe('welcome');
      expect(welcome['n']).toBe(n);
      // It plays on: the author's next action is accepted after the restored log.
      const turn = await again.next((m) => (m.t === 'welcome' || m.t === 'update') && ((m['legal'] as unknown[] | undefined)?.length ?? 0) > 0, 20_000, 0);
      const next = await again.act(2, (turn['legal'] as unknown[])[0]);
      expect(next.t).toBe('ack');
      expect(next['n'] as number).toBeGreaterThan(n);
      again.close();
    });
  }
});
