// Keyboard play (shortcut keys, Tab to a card, Enter), the live region, and the replay viewer
// stepping through the finished game's log with the runtime in the browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoplay } from './autoplay.ts';
import { openBrowser, screenshot, sleep, startServer, type Browser, type Server } from './harness.ts';
import { createTable } from './ui.ts';

let server: Server;
let b: Browser;
beforeAll(async () => {
  server = await startServer();
  b = await openBrowser();
});
afterAll(async () => {
  await b?.close();
  await server?.close();
});

const handSize = () => b.page.locator('.mine [data-zone-name="hand"] [data-testid="card"]').count();

describe('keyboard and replay', () => {
  it('plays a turn of Five Crowns with the keyboard alone', { timeout: 40_000 }, async () => {
    await createTable(b.page, server.url, 'five-crowns', { options: { rounds_played: '1' } });
    const { page } = b;
    // Wait for my draw step (the first player is random).
    await page.locator('[data-testid="action-button"][data-action="draw_stock"]').waitFor({ timeout: 15_000 });
    const before = await handSize();
    await page.keyboard.press('1');
    await expect.poll(handSize).toBe(before + 1);
    // Tab until a playable card has the focus, then Enter; answer a dialog (discard or go out) with 1.
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.getAttribute('data-legal') === 'true')) break;
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-legal'))).toBe('true');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-legal'))).toBe('true');
    await page.keyboard.press('Enter');
    if (await page.getByTestId('choice').isVisible().catch(() => false)) await page.keyboard.press('1');
    await expect.poll(handSize).toBe(before);
    // The bot's next play is announced in the live region.
    await expect.poll(() => page.getByTestId('live').textContent(), { timeout: 10_000 }).toMatch(/Bot 2/);
  });

  it('steps through the finished game in the replay viewer', { timeout: 60_000 }, async () => {
    const { page } = b;
    const report = await autoplay(page, { budgetMs: 45_000, cardBias: 0.95 });
    expect(report.finished).toBe(true);
    await page.getByTestId('open-replay').click();
    await page.getByTestId('replay-controls').waitFor();
    const step = () => page.getByTestId('replay-step').textContent();
    const [at, last] = (await step())!.split(' / ').map(Number);
    expect(at).toBe(last);
    expect(last).toBeGreaterThan(2);
    await page.getByTestId('final-scores').waitFor();
    await page.getByTestId('replay-prev').click();
    await expect.poll(step).toBe(`${last! - 1} / ${last}`);
    await page.getByRole('button', { name: 'First step' }).click();
    await expect.poll(step).toBe(`0 / ${last}`);
    expect(await page.locator('.caption').textContent()).toBe('The deal');
    await page.getByTestId('replay-next').click();
    await page.getByTestId('replay-next').click();
    await expect.poll(step).toBe(`2 / ${last}`);
    await sleep(500);
    await screenshot(page, 'five-crowns-replay');
    expect(b.errors).toEqual([]);
  });
});
