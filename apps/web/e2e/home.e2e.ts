// Loads the built client from the real server in headless Chromium and checks the home page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, startServer, type Server } from './harness.ts';

let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

describe('home page', () => {
  it('shows Decksmith, the lobby and the five launch games', async () => {
    const b = await openBrowser();
    try {
      await b.page.goto(server.url);
      const heading = b.page.getByRole('heading', { level: 1 });
      await heading.waitFor();
      expect(await heading.textContent()).toBe('Decksmith');
      expect(await b.page.getByTestId('lobby').textContent()).toContain('No tables yet');
      for (const g of ['super-taki', 'wackee-six', 'tiv-miv', 'go-wacky', 'five-crowns']) await b.page.getByTestId(`game-${g}`).waitFor();
      await screenshot(b.page, 'home');
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});
