// Accessibility: axe-core on the lobby, the new-table form, every hosted game's table (desktop and
// phone sizes) and the replay viewer; a serious or critical violation fails the test (each one is
// printed with its rule, impact and the elements it was found on).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, startServer, type Server } from './harness.ts';
import { createTable } from './ui.ts';

let server: Server;
let games: { id: string; minPlayers: number }[] = [];
beforeAll(async () => {
  server = await startServer();
  games = (await (await fetch(`${server.url}/api/games`)).json()) as typeof games;
});
afterAll(async () => server?.close());

const SIZES = [
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** Serious and critical violations of the page as it is now, one line each (rule, impact, where). */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page: page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(' | ')}`);
}

async function check(page: Page, where: string): Promise<void> {
  const found = await violations(page);
  if (found.length > 0) console.log(`axe on ${where}:\n  ${found.join('\n  ')}`);
  expect(found, where).toEqual([]);
}

describe.each(SIZES)('axe ($label)', ({ label, viewport }) => {
  it('the lobby and the new-table form', { timeout: 120_000 }, async () => {
    const b = await openBrowser({ viewport });
    try {
      await b.page.goto(server.url);
      await b.page.getByTestId('game-five-crowns').waitFor();
      await check(b.page, `lobby (${label})`);
      await b.page.getByTestId('new-table-five-crowns').click();
      await b.page.getByTestId('options-advanced').locator('summary').click();
      await check(b.page, `new-table form (${label})`);
    } finally {
      await b.close();
    }
  });

  it("every game's table", { timeout: 400_000 }, async () => {
    const b = await openBrowser({ viewport, reducedMotion: true });
    try {
      const failures: string[] = [];
      for (const g of games) {
        console.log(`axe: ${g.id} (${label})`);
        await createTable(b.page, server.url, g.id, { others: Array.from({ length: Math.max(1, g.minPlayers - 1) }, () => 'bot' as const) });
        await b.page.waitForFunction(() => document.querySelector('[data-testid="table"]')?.getAttribute('data-status') !== 'waiting', null, { timeout: 15_000 });
        await b.page.waitForTimeout(400);
        const found = await violations(b.page);
        if (found.length > 0) failures.push(`${g.id} (${label}):\n    ${found.join('\n    ')}`);
        // Leave (the game ends: its only player left), so the tables do not pile up against the quotas; the dialog is checked too.
        await b.page.getByTestId('leave').click();
        await b.page.getByTestId('leave-dialog').waitFor();
        if (g === games[0]) {
          const dialog = await violations(b.page);
          if (dialog.length > 0) failures.push(`leave dialog (${label}):\n    ${dialog.join('\n    ')}`);
        }
        await b.page.getByTestId('leave-confirm').click();
        await b.page.waitForURL(`${server.url}/`);
      }
      if (failures.length > 0) console.log(`axe on the tables:\n  ${failures.join('\n  ')}`);
      expect(failures).toEqual([]);
    } finally {
      await b.close();
    }
  });
});

describe('axe on the replay', () => {
  it('a finished game in the replay viewer', { timeout: 300_000 }, async () => {
    const res = await fetch(`${server.url}/api/rooms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'five-crowns', options: { rounds_played: 1 }, seats: [{ kind: 'bot' }, { kind: 'bot' }] }),
    });
    const id = ((await res.json()) as { id: string }).id;
    await expect.poll(async () => ((await (await fetch(`${server.url}/api/rooms/${id}`)).json()) as { status: string }).status, { timeout: 200_000, interval: 500 }).toBe('finished');
    // A screen narrower than the score table makes the table scroll sideways: then it must be a
    // focusable region, or a keyboard cannot scroll it (axe: scrollable-region-focusable).
    for (const { label, viewport } of [...SIZES, { label: 'narrow', viewport: { width: 200, height: 700 } }]) {
      const b = await openBrowser({ viewport });
      try {
        await b.page.goto(`${server.url}/replay/${id}`);
        await b.page.getByTestId('replay-controls').waitFor();
        if (label === 'narrow') {
          const wrap = b.page.getByTestId('scores-wrap').first();
          await wrap.waitFor({ state: 'attached' });
          const overflows = await wrap.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
          expect(overflows, 'the score table is wider than a 200 px screen').toBe(true);
          await expect.poll(() => wrap.getAttribute('tabindex')).toBe('0');
        }
        await check(b.page, `replay (${label})`);
      } finally {
        await b.close();
      }
    }
  });
});
