// Leaving stays possible while a table dialog is open. The server hosts a fixture rule file
// (e2e/fixtures/round-first) whose bot moves first and ends the round with its only card, so the
// round summary (a modal with a backdrop over the whole page) opens on the creator's screen before
// the creator does anything; the Leave button must still take the click, and its confirmation must
// sit above the summary. (Found by the a11y run on Euchre at phone size, where a partner going alone
// finished a hand while the test looked at the page.)
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, QUICK_BOTS, startServer, type Server } from './harness.ts';
import { createTable } from './ui.ts';

const fixtures = fileURLToPath(new URL('./fixtures/round-first', import.meta.url));

let server: Server;
beforeAll(async () => {
  server = await startServer(QUICK_BOTS, { games: [fixtures] });
});
afterAll(async () => server?.close());

describe('leaving over a table dialog', () => {
  it('the Leave button takes the click while the round summary covers the table, and the game ends (its only player left)', { timeout: 60_000 }, async () => {
    const b = await openBrowser({ viewport: { width: 390, height: 844 }, reducedMotion: true });
    try {
      const id = await createTable(b.page, server.url, 'bot-first', { others: ['bot'] });
      await b.page.getByTestId('round-summary').waitFor({ timeout: 20_000 });
      // A short timeout: a covered button makes Playwright retry until it gives up.
      await b.page.getByTestId('leave').click({ timeout: 3_000 });
      await b.page.getByTestId('leave-dialog').waitFor();
      await b.page.getByTestId('leave-confirm').click({ timeout: 3_000 });
      await b.page.waitForURL(`${server.url}/`);
      await expect.poll(async () => ((await (await fetch(`${server.url}/api/rooms/${id}`)).json()) as { status: string }).status).toBe('expired');
    } finally {
      await b.close();
    }
  });
});
