// The HTML report renders in headless Chromium, offline: three charts per set-up, no request leaves the page.
// Saves a screenshot to test-results/simulate-report.png (reviewed by eye when the report changes).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/simulate/load-game.ts';
import { renderReport } from '../../src/simulate/report/html.ts';
import { runSimulation } from '../../src/simulate/simulate.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

describe.skipIf(!existsSync(CHROMIUM))('simulation report in a browser', () => {
  it('renders the charts offline and is screenshotted', async () => {
    // Five Crowns (11 rounds) when its module exists, for a real score progression; else the tally test game.
    const fc = existsSync(join(ROOT, 'games/five-crowns/generated/five-crowns.generated.ts'));
    const def = await loadGame(fc ? 'five-crowns' : fileURLToPath(new URL('./tally.rules', import.meta.url)), ROOT);
    const { summary } = await runSimulation({ def, players: 2, games: fc ? 6 : 10, seed: 'report', options: {}, bots: ['greedy', 'random'] });
    const html = renderReport(summary);
    expect(html).not.toMatch(/<script|<link|src=|url\(/i);
    expect(html.replace(/xmlns="http:\/\/www\.w3\.org\/2000\/svg"/g, '')).not.toMatch(/https?:/);

    const dir = mkdtempSync(join(tmpdir(), 'report-'));
    const file = join(dir, 'report.html');
    writeFileSync(file, html);
    const context = await chromium.launchPersistentContext(join(dir, 'profile'), { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1240, height: 900 } });
    try {
      const page = await context.newPage();
      const requests: string[] = [];
      const errors: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(pathToFileURL(file).href);
      const charts = await page.$$eval('svg', (svgs) => svgs.map((s) => ({ w: s.getBoundingClientRect().width, h: s.getBoundingClientRect().height, label: s.getAttribute('aria-label') })));
      expect(charts).toHaveLength(3);
      for (const c of charts) expect(c.w * c.h).toBeGreaterThan(100 * 100);
      expect(await page.locator('svg rect.bar').count()).toBe(2);
      expect(await page.locator('svg g.ci').count()).toBe(2);
      expect(await page.locator('svg rect.bin').count()).toBeGreaterThan(0);
      expect(await page.locator('svg path.series').count()).toBe(2);
      expect(await page.locator('h1').innerText()).toContain(def.title);
      expect(errors).toEqual([]);
      expect(requests.filter((u) => !u.startsWith('file:'))).toEqual([]);
      const out = join(ROOT, 'test-results');
      mkdirSync(out, { recursive: true });
      await page.screenshot({ path: join(out, 'simulate-report.png'), fullPage: true });
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
