// Remembered players, ratings, the results screen, motion and sound (#25 points 4–6), in Chromium:
// two browsers remember themselves, play a two-round Five Crowns game against each other to the
// end, and both ratings move (results, leaderboard); the results chart has one point per round;
// reduced motion starts no card animation (and full motion does); the mute is remembered; axe
// finds no serious violation on the profile card, the results and the leaderboard.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoplay } from './autoplay.ts';
import { openBrowser, screenshot, sleep, startServer, type Server } from './harness.ts';
import { createTable } from './ui.ts';

let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

async function serious(page: Page, include: string): Promise<string[]> {
  const result = await new AxeBuilder({ page: page as never }).include(include).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

async function remember(page: Page, name: string): Promise<void> {
  await page.goto(server.url);
  await page.getByTestId('profile-name').fill(name);
  await page.getByTestId('profile-save').click();
  await page.getByTestId('profile-saved').waitFor();
}

/** Counts Element.animate calls (the FLIP glides) from the page's start. */
const COUNT_ANIMATIONS = `window.__anims = 0; const animate = Element.prototype.animate; Element.prototype.animate = function (...a) { window.__anims++; return animate.apply(this, a); };`;

describe('ratings and results', () => {
  it('rates a finished game between two remembered browsers, and shows the score history with one point per round', { timeout: 100_000 }, async () => {
    const a = await openBrowser();
    const b = await openBrowser();
    try {
      await remember(a.page, 'Ada');
      expect(await serious(a.page, '[data-testid="profile"]')).toEqual([]);
      await remember(b.page, 'Bea');
      const id = await createTable(a.page, server.url, 'five-crowns', { others: ['human'], options: { rounds_played: '2' } });
      await b.page.goto(`${server.url}/room/${id}?seat=1`);
      await b.page.getByTestId('table').waitFor();
      // Both seats are linked to their players before the first move: the table shows them.
      await expect.poll(() => a.page.getByTestId('seat-ratings').textContent(), { timeout: 10_000 }).toContain('Bea');
      await screenshot(a.page, 'ratings-table');
      const [ra, rb] = await Promise.all([a.page, b.page].map((page) => autoplay(page, { budgetMs: 70_000, pace: 30 })));
      expect(ra!.finished && rb!.finished).toBe(true);

      // The results: one chart point per round for each player, as many as the score table's round columns.
      const chart = a.page.getByTestId('score-chart');
      await chart.waitFor();
      const rounds = await a.page.locator('[data-testid="final-scores"] thead th', { hasText: /^R\d+$/ }).count();
      expect(rounds).toBe(2);
      expect(await chart.getAttribute('data-rounds')).toBe(String(rounds));
      const series = chart.getByTestId('chart-series');
      expect(await series.count()).toBe(2);
      for (let p = 0; p < 2; p++) expect(await series.nth(p).getByTestId('chart-point').count()).toBe(rounds);
      // Both ratings moved away from a newcomer's 1500 (the rated game is read back from the server).
      await expect.poll(async () => (await a.page.getByTestId('result-rating').allTextContents()).length, { timeout: 10_000 }).toBe(2);
      const shown = (await a.page.getByTestId('result-rating').allTextContents()).map(Number);
      expect(shown.every((r) => r !== 1500)).toBe(true);
      expect(await a.page.getByTestId('seed-check').getAttribute('class')).toContain('verified');
      await a.page.getByTestId('results').scrollIntoViewIfNeeded();
      await screenshot(a.page, 'ratings-results');
      expect(await serious(a.page, '[data-testid="results"]')).toEqual([]);

      // The leaderboard lists both, and this browser's own rating with the bot nearest it.
      await a.page.goto(`${server.url}/ratings/five-crowns`);
      await expect.poll(() => a.page.getByTestId('leader-row').count()).toBe(2);
      expect((await a.page.getByTestId('leaderboard').textContent()) ?? '').toMatch(/Ada[\s\S]*Bea|Bea[\s\S]*Ada/);
      await a.page.getByTestId('my-rating').waitFor();
      expect(await a.page.getByTestId('my-rating').textContent()).toContain('after 1 rated game');
      await screenshot(a.page, 'ratings-leaderboard');
      expect(await serious(a.page, '[data-testid="leaderboard"]')).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('motion and sound', () => {
  for (const reducedMotion of [true, false]) {
    it(`${reducedMotion ? 'reduced motion starts no card animation' : 'full motion glides the cards'}`, { timeout: 40_000 }, async () => {
      const b = await openBrowser({ reducedMotion });
      try {
        await b.page.addInitScript(COUNT_ANIMATIONS);
        await createTable(b.page, server.url, 'go-fish');
        await autoplay(b.page, { budgetMs: 6_000, pace: 100 });
        const n = (await b.page.evaluate('window.__anims')) as number;
        if (reducedMotion) expect(n).toBe(0);
        else expect(n).toBeGreaterThan(0);
      } finally {
        await b.close();
      }
    });
  }

  it('cues your turn, and remembers the mute across a reload', { timeout: 40_000 }, async () => {
    const b = await openBrowser();
    try {
      await createTable(b.page, server.url, 'five-crowns');
      const mute = b.page.getByTestId('mute');
      await expect.poll(() => mute.getAttribute('data-last-cue'), { timeout: 15_000 }).toBe('turn');
      expect(await mute.getAttribute('aria-pressed')).toBe('false');
      await mute.click();
      expect(await mute.getAttribute('aria-pressed')).toBe('true');
      await b.page.reload();
      await b.page.getByTestId('table').waitFor();
      await sleep(200);
      expect(await b.page.getByTestId('mute').getAttribute('aria-pressed')).toBe('true');
    } finally {
      await b.close();
    }
  });
});
