// A choice of several cards in Chromium: the server hosts a fixture rule file (e2e/fixtures/
// multi-choice, compiled in memory like `decksmith serve --games`) whose action takes exactly two
// cards of a ten-card hand. The table offers them as one panel; the player selects two, confirms,
// and the server accepts the pair (the hand loses exactly those two cards).
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, QUICK_BOTS, screenshot, startServer, type Server } from './harness.ts';
import { createTable } from './ui.ts';

const fixtures = fileURLToPath(new URL('./fixtures/multi-choice', import.meta.url));

let server: Server;
beforeAll(async () => {
  server = await startServer(QUICK_BOTS, { games: [fixtures] });
});
afterAll(async () => server?.close());

/** The faces the panel offers, in order. */
async function offered(page: Page): Promise<string[]> {
  return page.getByTestId('multi-choice-card').allTextContents();
}

describe('a counted choice of cards', () => {
  it('is offered as one panel; two cards are selected and confirmed, and exactly they leave the hand', { timeout: 60_000 }, async () => {
    const b = await openBrowser();
    try {
      await createTable(b.page, server.url, 'discard-two', { others: ['bot'] });
      const panel = b.page.getByTestId('multi-choice');
      await panel.waitFor({ timeout: 20_000 });
      expect(await panel.getAttribute('data-action')).toBe('discard');
      const before = await offered(b.page);
      expect(before).toHaveLength(10);
      // No button stands for the choice: it is made in the panel only.
      expect(await b.page.locator('[data-testid="action-button"][data-action="discard"]').count()).toBe(0);

      const cards = b.page.getByTestId('multi-choice-card');
      const confirm = b.page.getByTestId('multi-choice-confirm');
      expect(await confirm.isDisabled()).toBe(true);
      await cards.nth(1).click();
      expect(await confirm.isDisabled()).toBe(true);
      await cards.nth(4).click();
      expect(await cards.nth(1).getAttribute('aria-pressed')).toBe('true');
      expect(await cards.nth(4).getAttribute('aria-pressed')).toBe('true');
      // Two are chosen: a third cannot be added, and the count says so.
      expect(await cards.nth(6).isDisabled()).toBe(true);
      expect(await b.page.getByTestId('multi-choice-count').textContent()).toContain('2 chosen');
      expect(await confirm.isDisabled()).toBe(false);
      await screenshot(b.page, 'multi-choice-selected');
      const gone = [before[1]!, before[4]!];
      await confirm.click();

      // The bot takes its turn, then the panel comes back with the hand minus the two cards.
      await b.page.waitForFunction(
        () => document.querySelectorAll('[data-testid="multi-choice-card"]').length === 8,
        null,
        { timeout: 20_000 },
      );
      const after = await offered(b.page);
      expect(after.slice().sort()).toEqual(before.filter((f) => !gone.includes(f)).sort());
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});
