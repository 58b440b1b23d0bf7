// GET /api/games/:id/def: a game's tables for the web client, JSON-safe (no functions), and coded 404s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from './helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(async () => app?.close());

describe('GET /api/games/:id/def', () => {
  it('describes a runtime-backed game with its faces, zones, actions and layout', async () => {
    const games = (await app.inject('/api/games')).json() as { id: string; source: string }[];
    const runtimeGame = games.find((g) => g.source.includes('runtime'))!;
    const res = await app.inject(`/api/games/${runtimeGame.id}/def`);
    expect(res.statusCode).toBe(200);
    const def = res.json() as Record<string, unknown> & { faces: { notation: string[] }; zones: unknown[]; actions: { params: unknown[] }[]; layout: unknown };
    expect(def['id']).toBe(runtimeGame.id);
    expect(def.faces.notation.length).toBeGreaterThan(0);
    expect(def.zones.length).toBeGreaterThan(0);
    expect(def.actions.length).toBeGreaterThan(0);
    expect(def.layout).toBeDefined();
    // Round-trips through JSON unchanged: nothing but data.
    expect(JSON.parse(JSON.stringify(def))).toEqual(def);
  });

  it('answers unknown games and games without tables with coded 404s', async () => {
    expect((await app.inject('/api/games/nope/def')).json()).toMatchObject({ code: 'game/unknown' });
    const games = (await app.inject('/api/games')).json() as { id: string; source: string }[];
    const handWritten = games.find((g) => !g.source.includes('runtime'))!;
    const res = await app.inject(`/api/games/${handWritten.id}/def`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'game/no_def' });
  });
});

describe('clientDef rates', () => {
  it('names the option a rate reads, keeps constant rates, and lists option defaults', async () => {
    const { clientDef } = await import('../src/transport/http/client-def.ts');
    const { shed } = await import('@decksmith/runtime/test-fixtures/shed');
    const def = {
      ...shed,
      options: [{ name: 'pace', description: '', kind: 'duration' as const, min: 0, max: 1000, default: 300 }],
      actions: [
        { ...shed.actions[0]!, name: 'a', rate: 250 },
        { ...shed.actions[0]!, name: 'b', rate: (x: { opt(i: number): number }) => x.opt(0) },
        { ...shed.actions[0]!, name: 'c', rate: (x: { opt(i: number): number; g(i: number): number }) => x.opt(0) + x.g(1) },
      ],
    } as unknown as Parameters<typeof clientDef>[0];
    const c = clientDef(def);
    expect(c.actions.map((a) => [a.rate, a.rateOption, a.rated])).toEqual([
      [250, undefined, true],
      [undefined, 'pace', true],
      [undefined, undefined, true],
    ]);
    expect(c.options).toEqual([{ name: 'pace', default: 300 }]);
  });
});
