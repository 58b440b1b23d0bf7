// GET /api/games/:id/rules: the rule file of a game hosted from the repository, so that the
// studio's checker can check a variant of it (`extends go-fish`) in the browser; a game with no
// rule file (a module fixture), an unknown game and a studio draft's game are 404s.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { discoverWorkspaceGames } from '../src/games/discover.ts';
import { fixtureGames, testApp } from './helpers.ts';

vi.setConfig({ testTimeout: 60_000 });

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ games: [...fixtureGames, ...(await discoverWorkspaceGames(pino({ level: 'silent' })))] });
});
afterAll(async () => app.close());

describe('GET /api/games/:id/rules', () => {
  it("serves a repository game's rule file as the repository holds it", async () => {
    const r = await app.inject('/api/games/go-fish/rules');
    expect(r.statusCode).toBe(200);
    const want = readFileSync(fileURLToPath(new URL('../../../games/go-fish/go-fish.rules', import.meta.url)), 'utf8');
    expect(r.json()).toEqual({ game: 'go-fish', text: want });
  });

  it('404s a game hosted from a module with no rule file, an unknown game and a bad id', async () => {
    for (const id of ['shed', 'nope', 'draft-0123456789abcdef', '..%2F..%2Fetc']) {
      const r = await app.inject(`/api/games/${id}/rules`);
      expect(r.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, id).toBeLessThan(500);
    }
    expect((await app.inject('/api/games/shed/rules')).json()).toMatchObject({ code: 'game/unknown' });
  });
});
