// The game list carries each option's group for the new-table form (`option … basic` in the rule file).
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { discoverWorkspaceGames } from '../src/games/discover.ts';
import { testApp } from './helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ games: await discoverWorkspaceGames(pino({ level: 'silent' })) });
});
afterAll(async () => app?.close());

describe('option groups in the game list', () => {
  it('lists basic options as the rule file marks them, and no group on the others', async () => {
    const games = (await app.inject('/api/games')).json() as { id: string; options: { name: string; group?: string }[] }[];
    const basic = (id: string) => games.find((g) => g.id === id)!.options.filter((o) => o.group === 'basic').map((o) => o.name);
    expect(basic('five-crowns')).toEqual(['rounds_played']);
    expect(basic('super-taki')).toEqual(['hand_size', 'must_play_if_able', 'turn_time']);
    expect(basic('tiv-miv')).toEqual(['phases']);
    const fiveCrowns = games.find((g) => g.id === 'five-crowns')!.options;
    expect(fiveCrowns.find((o) => o.name === 'boxes')).not.toHaveProperty('group');
  });
});
