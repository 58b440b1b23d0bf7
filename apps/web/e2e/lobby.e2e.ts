// The paged lobby in the browser: more tables than one page, "load more", and filters by game and state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, webRoot, type Server } from './harness.ts';

let server: Server;
beforeAll(async () => {
  process.env['LOG_LEVEL'] ??= 'warn';
  const { start } = await import('@decksmith/server');
  // One address creates every table here: lift the per-client quotas for this test.
  server = await start({ port: 0, db: ':memory:', webRoot, config: { openRoomsPerClient: 1000, createPerMinutePerClient: 1000 } });
  const create = async (game: string, players: number) => {
    const res = await fetch(`${server.url}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game, seats: Array.from({ length: players }, () => ({ kind: 'human' })) }) });
    expect(res.status).toBe(201);
  };
  for (let i = 0; i < 52; i++) await create('super-taki', 2);
  for (let i = 0; i < 3; i++) await create('five-crowns', 2);
});
afterAll(async () => server?.close());

describe('lobby', () => {
  it('shows a page of tables, loads more, and filters by game and state', async () => {
    const b = await openBrowser();
    try {
      await b.page.goto(server.url);
      const summary = b.page.getByTestId('lobby');
      await expect.poll(() => summary.textContent()).toBe('50+ tables open.');
      expect(await b.page.locator('ul.rooms > li').count()).toBe(50);
      await b.page.getByTestId('load-more').click();
      await expect.poll(() => summary.textContent()).toBe('55 tables open.');
      expect(await b.page.getByTestId('load-more').count()).toBe(0);
      await b.page.getByTestId('filter-game').selectOption('five-crowns');
      await expect.poll(() => summary.textContent()).toBe('3 tables match.');
      await b.page.getByTestId('filter-status').selectOption('playing');
      await expect.poll(() => summary.textContent()).toBe('No table matches these filters.');
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});
