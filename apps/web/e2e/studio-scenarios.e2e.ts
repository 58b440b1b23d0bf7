// The studio's "Run scenarios" (#21): add a scenario to the draft, run → it passes (✓); break its
// expectation → the run shows it failed (✗) with the failing step's message, and clicking the
// failure opens the scenario at that line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, startServer, type Server } from './harness.ts';

let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

describe('studio: run scenarios', () => {
  it('runs the draft scenario on the server: passes, then fails where it was broken, and the failure leads to its line', { timeout: 120_000 }, async () => {
    const b = await openBrowser();
    try {
      const { page } = b;
      await page.goto(`${server.url}/studio`);
      await expect.poll(() => page.locator('.summary').textContent(), { timeout: 20_000 }).toMatch(/My Game checks: no errors\./);

      // A new scenario (the studio's template: who starts) is added to the draft and opened.
      await page.getByRole('button', { name: 'Add a scenario' }).click();
      const expectLine = page.locator('.cm-line', { hasText: 'expect current == left of dealer' });
      await expectLine.waitFor({ timeout: 10_000 });
      await page.getByRole('button', { name: 'Run scenarios' }).click();
      const report = page.getByTestId('scenario-report');
      await report.waitFor({ timeout: 60_000 });
      const item = report.locator('li[data-file="scenarios/scenario-1.scenario"]');
      expect(await item.getAttribute('data-status')).toBe('passed');
      expect(await item.textContent()).toContain('✓');
      expect(await report.textContent()).toMatch(/1 passed, 0 failed/);

      // Broken: the dealer does not start. The run says which step failed, and where.
      await expectLine.click();
      await page.keyboard.press('End');
      for (let i = 0; i < 'left of dealer'.length; i++) await page.keyboard.press('Backspace');
      await page.keyboard.type('dealer');
      await page.locator('.cm-line', { hasText: 'expect current == dealer' }).waitFor();
      await page.getByRole('button', { name: 'Run scenarios' }).click();
      await expect.poll(async () => (await report.isVisible()) && (await item.getAttribute('data-status')), { timeout: 60_000 }).toBe('failed');
      expect(await item.textContent()).toContain('✗');
      const failure = item.getByTestId('scenario-problem');
      expect(await failure.textContent()).toMatch(/scenarios\/scenario-1\.scenario:5:8 expected current == dealer/);

      // Clicking the failure from another file opens the scenario with the caret on the failing line.
      await page.getByRole('button', { name: 'my-game.rules' }).click();
      await page.locator('.cm-line', { hasText: /^game my-game/ }).waitFor();
      await failure.click();
      await expect.poll(() => page.locator('.cm-activeLine').textContent(), { timeout: 10_000 }).toBe('expect current == dealer');
      expect(await page.locator('nav button[aria-current="true"]').textContent()).toBe('scenarios/scenario-1.scenario');
    } finally {
      await b.close();
    }
  });
});
