// The deal's fairness as a player sees it: the waiting room shows the seed's commitment, and a practice table (a seed its creator chose) says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, startServer, type Server } from './harness.ts';

let server: Server;
beforeAll(async () => {
  server = await startServer(undefined, { allowClientSeeds: true });
});
afterAll(async () => server?.close());

async function createRoom(seed?: string): Promise<{ id: string; seedHash: string; practice: boolean }> {
  const body = { game: 'super-taki', seats: [{ kind: 'human' }, { kind: 'human' }], ...(seed ? { seed } : {}) };
  const res = await fetch(`${server.url}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; seedHash: string; practice: boolean };
}

describe('fairness at the table', () => {
  it('shows the commitment while waiting, and no practice badge for a server-drawn seed', async () => {
    const room = await createRoom();
    expect(room.practice).toBe(false);
    const b = await openBrowser();
    try {
      await b.page.goto(`${server.url}/room/${room.id}`);
      const line = b.page.getByTestId('seed-commitment');
      await line.waitFor();
      expect(await line.textContent()).toContain(room.seedHash.slice(0, 16));
      expect(await b.page.getByTestId('practice-badge').count()).toBe(0);
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  });

  it('marks a practice table, whose creator chose the seed', async () => {
    const room = await createRoom('chosen-by-the-creator');
    expect(room.practice).toBe(true);
    const b = await openBrowser();
    try {
      await b.page.goto(`${server.url}/room/${room.id}`);
      const badge = b.page.getByTestId('practice-badge');
      await badge.waitFor();
      expect(await badge.textContent()).toContain('its creator chose the deal');
      await screenshot(b.page, 'practice-table');
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});
