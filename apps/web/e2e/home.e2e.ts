// Loads the built client from the real server in headless Chromium and checks the home page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, sleep, startServer, takeBrowserErrors, type Server } from './harness.ts';

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

  it("accepts every launch game's options at their defaults (the form is valid as it opens)", async () => {
    const b = await openBrowser();
    try {
      await b.page.goto(server.url);
      for (const g of ['super-taki', 'wackee-six', 'tiv-miv', 'go-wacky', 'five-crowns']) {
        await b.page.getByTestId(`new-table-${g}`).click();
        const form = b.page.getByTestId('create-form');
        await form.waitFor();
        const invalid = await form.evaluate((f: HTMLFormElement) => [...f.elements].filter((e) => !(e as HTMLInputElement).checkValidity()).map((e) => e.getAttribute('data-testid')));
        expect(invalid, g).toEqual([]);
        await b.page.getByRole('button', { name: 'Back' }).click();
      }
    } finally {
      await b.close();
    }
  });

  it('fits a 375 px phone: the lobby and the new-table form scroll only downwards', async () => {
    const b = await openBrowser({ viewport: { width: 375, height: 740 } });
    try {
      await b.page.goto(server.url);
      await b.page.getByTestId('game-five-crowns').waitFor();
      const sideways = () => b.page.evaluate(() => document.documentElement.scrollWidth);
      expect(await sideways()).toBeLessThanOrEqual(375);
      await b.page.getByTestId('new-table-five-crowns').click();
      await b.page.getByTestId('create-table').waitFor();
      expect(await sideways()).toBeLessThanOrEqual(375);
      await screenshot(b.page, 'home-phone-new-table');
    } finally {
      await b.close();
    }
  });

  it('catches console errors and page errors for the after-each check that fails a test', async () => {
    const b = await openBrowser();
    try {
      await b.page.goto(server.url);
      await b.page.evaluate(() => {
        console.error('deliberate');
        setTimeout(() => {
          throw new Error('deliberate throw');
        });
      });
      await expect.poll(() => b.errors.length).toBe(2);
      await sleep(100);
      // Taken here, so e2e/fail-on-browser-errors.ts does not fail this test for them.
      const taken = takeBrowserErrors();
      expect(taken).toHaveLength(2);
      expect(taken[0]).toMatch(/console\.error: deliberate/);
      expect(taken[1]).toMatch(/page error: .*deliberate throw/);
    } finally {
      await b.close();
    }
  });
});
