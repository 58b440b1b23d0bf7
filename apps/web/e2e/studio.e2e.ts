// The studio (#21): type an error → the checker's diagnostic marks it at its place; fix it → Play →
// a table of the draft deals and a bot moves; the draft (with the edit) survives a reload; simulate
// 200 games shows its report inline; Format lays the file out as decksmith fmt does.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, startServer, type Server } from './harness.ts';

let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

/** Puts the caret at the end of the editor line holding `text`. */
async function caretAfter(page: Page, text: string): Promise<void> {
  await page.locator('.cm-line', { hasText: text }).first().click();
  await page.keyboard.press('End');
}

/** Serious and critical accessibility violations of the page as it is now (as a11y.e2e.ts checks the other pages). */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page: page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('studio', () => {
  it('marks an error where it is, keeps the draft over a reload, simulates it, and plays it against a bot', { timeout: 90_000 }, async () => {
    const b = await openBrowser();
    try {
      const { page } = b;
      await page.goto(`${server.url}/studio`);
      const summary = page.locator('.summary');
      await expect.poll(() => summary.textContent(), { timeout: 20_000 }).toMatch(/My Game checks: no errors\./);
      expect(await violations(page)).toEqual([]);

      // An error: the zone `nowhere` does not exist. The mark sits on the word, on its line.
      await caretAfter(page, 'move c to discard');
      for (let i = 0; i < 'discard'.length; i++) await page.keyboard.press('Backspace');
      await page.keyboard.type('nowhere');
      const mark = page.locator('.cm-line', { hasText: 'move c to nowhere' }).locator('.cm-lintRange-error');
      await mark.first().waitFor({ timeout: 10_000 });
      expect(await mark.first().textContent()).toBe('nowhere');
      await expect.poll(() => summary.getAttribute('data-errors')).not.toBe('0');
      const listed = await page.getByRole('list', { name: 'Diagnostics' }).textContent();
      expect(listed).toMatch(/nowhere/);
      expect(await page.getByRole('button', { name: 'Play' }).isDisabled()).toBe(true);
      expect(await violations(page)).toEqual([]);

      // Fixed, and one more edit that must survive the reload.
      for (let i = 0; i < 'nowhere'.length; i++) await page.keyboard.press('Backspace');
      await page.keyboard.type('discard');
      await caretAfter(page, 'players 2..7');
      await page.keyboard.type('   # studio-e2e');
      await expect.poll(() => summary.textContent(), { timeout: 10_000 }).toMatch(/checks: no errors/);
      expect(await page.locator('.cm-lintRange-error').count()).toBe(0);
      await expect.poll(() => page.locator('[data-saved]').getAttribute('data-saved'), { timeout: 10_000 }).toBe('saved');

      await page.reload();
      await page.locator('.cm-line', { hasText: 'players 2..7   # studio-e2e' }).waitFor({ timeout: 20_000 });

      // Simulate 200 games: the report shows inline.
      await page.getByRole('button', { name: 'Simulate 200 games' }).click();
      const report = page.getByTestId('simulation');
      await report.waitFor({ timeout: 40_000 });
      expect(await report.textContent()).toMatch(/200 random-bot games at 2 players: \d+ finished/);
      expect(await report.getByRole('listitem').count()).toBe(2);

      // Play: a table of the draft, dealt; the bot moves.
      await expect.poll(() => summary.textContent(), { timeout: 20_000 }).toMatch(/checks: no errors/);
      await page.getByRole('button', { name: 'Play' }).click();
      await page.waitForURL(/\/room\/[\w-]+$/, { timeout: 30_000 });
      const room = new URL(page.url()).pathname.split('/').pop()!;
      const table = page.getByTestId('table');
      await table.waitFor({ timeout: 20_000 });
      // The draft's own game (its id in the rule file), hosted by the server as draft-<hash of its text>.
      expect(await table.getAttribute('data-game')).toBe('my-game');
      const hosted = ((await (await fetch(`${server.url}/api/rooms/${room}`)).json()) as { game: string }).game;
      expect(hosted).toMatch(/^draft-[0-9a-f]{16}$/);
      await expect.poll(() => page.getByTestId('card').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(7);
      // Player 1 (the author) deals, so the first turn is the bot's (left of the dealer): it moves with no help.
      const moves = async () => ((await (await fetch(`${server.url}/api/rooms/${room}/log`)).json()) as { n: number }).n;
      await expect.poll(moves, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);

      // Back in the studio, the draft is the edited one.
      await page.goto(`${server.url}/studio`);
      await page.locator('.cm-line', { hasText: 'players 2..7   # studio-e2e' }).waitFor({ timeout: 20_000 });

      // Format: decksmith fmt's layout, in the checker thread (here: an indentation put right).
      await page.locator('.cm-line', { hasText: 'move top of stock to hand(me)' }).first().click();
      await page.keyboard.press('Home');
      await page.keyboard.type('    ');
      const line = () => page.locator('.cm-line', { hasText: 'move top of stock to hand(me)' }).first().textContent();
      expect(await line()).toBe('      move top of stock to hand(me)');
      await page.getByRole('button', { name: 'Format' }).click();
      await expect.poll(line, { timeout: 10_000 }).toBe('  move top of stock to hand(me)');
    } finally {
      await b.close();
    }
  });
});
