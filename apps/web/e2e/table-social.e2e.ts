// The table people come back to (#25 points 1–3) in Chromium: every game's rules panel (generated from its rules, naming every action; a
// screenshot each), Play now seating a second browser at the first one's table, a disabled action's reason, chat between the seats that the
// replay shows, the invite QR code, and axe on the new UI.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, startServer, type Browser, type Server } from './harness.ts';

let server: Server;
let games: { id: string; title: string }[] = [];
const browsers: Browser[] = [];
beforeAll(async () => {
  server = await startServer();
  games = (await (await fetch(`${server.url}/api/games`)).json()) as typeof games;
});
afterAll(async () => {
  for (const b of browsers) await b.close();
  await server?.close();
});

async function serious(page: Page, include?: string): Promise<string[]> {
  let axe = new AxeBuilder({ page: page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  if (include) axe = axe.include(include);
  const r = await axe.analyze();
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

const roomOf = (page: Page): string => /\/room\/([\w-]+)/.exec(page.url())?.[1] ?? '';

describe('rules panel', () => {
  it("every game's panel, from the lobby, names every action of its compiled rules", { timeout: 60_000 }, async () => {
    const b = await openBrowser();
    browsers.push(b);
    await b.page.goto(server.url);
    expect(games.length).toBeGreaterThanOrEqual(8);
    for (const [i, g] of games.entries()) {
      const def = (await (await fetch(`${server.url}/api/games/${g.id}/def`)).json()) as { actions: { name: string }[] };
      await b.page.getByTestId(`game-${g.id}`).getByTestId(`rules-${g.id}`).click();
      const panel = b.page.getByTestId('rules-panel');
      await panel.getByTestId('rules-action').first().waitFor();
      const named = await panel.getByTestId('rules-action').evaluateAll((els) => els.map((e) => e.getAttribute('data-action')));
      expect(named, g.id).toEqual(def.actions.map((a) => a.name));
      await expect(panel.locator('h2').textContent()).resolves.toContain(g.title);
      // The deal, read from a throwaway setup at the smallest table.
      expect(await panel.locator('#rules-deal').count(), `${g.id}: the deal`).toBe(1);
      // How rounds go and what ends the game, from its round tables.
      expect(await panel.locator('section[aria-labelledby="rules-scoring"]').textContent(), `${g.id}: rounds`).toMatch(/round/i);
      if (i === 0) expect(await serious(b.page, '[data-testid="rules-panel"]'), 'axe on the rules panel').toEqual([]);
      await screenshot(b.page, `rules-${g.id}`);
      await panel.getByTestId('rules-close').click();
      await panel.waitFor({ state: 'detached' });
    }
  });
});

describe('play now, reasons, chat and replay', () => {
  it('seats a second browser at the first one’s table; a disabled action says why; a chat line reaches the other seat and the replay', { timeout: 60_000 }, async () => {
    const [a, c] = [await openBrowser(), await openBrowser()];
    browsers.push(a, c);
    for (const [b, name] of [
      [a, 'Ada'],
      [c, 'Cy'],
    ] as const) {
      await b.page.goto(server.url);
      await b.page.getByTestId('profile-name').fill(name);
      await b.page.getByTestId('quickplay-wait').selectOption({ label: 'never (wait for people)' });
    }
    await a.page.getByTestId('play-now-five-crowns').click();
    await a.page.getByTestId('waiting').waitFor();
    const room = roomOf(a.page);
    expect(room).not.toBe('');
    // The invite link's QR code, drawn by the lazily loaded library.
    await a.page.getByTestId('show-qr').first().click();
    await a.page.getByTestId('invite-qr').waitFor();
    expect(await a.page.getByTestId('invite-qr').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(50);
    expect(await serious(a.page, '[data-testid="waiting"]'), 'axe on the waiting room').toEqual([]);

    await c.page.getByTestId('play-now-five-crowns').click();
    await c.page.getByTestId('table').waitFor();
    expect(roomOf(c.page)).toBe(room);
    for (const b of [a, c]) await b.page.waitForFunction(() => document.querySelector('[data-testid="table"]')?.getAttribute('data-status') === 'playing', null, { timeout: 15_000 });

    // The seat whose turn it is not: Draw stock is greyed, and hovering it tells why (the runtime's sentence).
    const waiting = await Promise.race(
      [a, c].map((b) =>
        b.page
          .locator('[data-testid="disabled-action"][data-action="draw_stock"]')
          .waitFor({ timeout: 15_000 })
          .then(() => b),
      ),
    );
    await waiting.page.locator('[data-testid="disabled-action"][data-action="draw_stock"]').hover();
    const tip = waiting.page.getByTestId('why-tip');
    await waiting.page.waitForFunction(() => !/Asking/.test(document.querySelector('[data-testid="why-tip"]')?.textContent ?? 'Asking'), null, { timeout: 5000 });
    expect(await tip.textContent()).toMatch(/turn/i);
    await screenshot(waiting.page, 'why-disabled-action');

    // The rules from the table: the options as chosen here, and every action.
    await waiting.page.getByTestId('rules-five-crowns').click();
    const rules = waiting.page.getByTestId('rules-panel');
    await rules.getByTestId('rules-option').first().waitFor();
    expect(await rules.getByTestId('rules-action').count()).toBeGreaterThanOrEqual(4);
    await screenshot(waiting.page, 'rules-at-table');
    await rules.getByTestId('rules-close').click();
    await rules.waitFor({ state: 'detached' });

    // Chat: Ada says hello, Cy reads it.
    await a.page.getByTestId('chat-toggle').click();
    await a.page.getByTestId('chat-input').fill('hello from Ada');
    await a.page.getByTestId('chat-send').click();
    await c.page.getByTestId('chat-unread').waitFor();
    await c.page.getByTestId('chat-toggle').click();
    await c.page.getByTestId('chat-line').filter({ hasText: 'hello from Ada' }).waitFor();
    expect(await serious(c.page, '[data-testid="chat-panel"]'), 'axe on the chat').toEqual([]);
    await screenshot(c.page, 'table-chat');
    // More than the chat box holds: the list scrolls, so it takes keyboard focus (lib/scroll-region.ts), and axe agrees.
    const lines = c.page.getByTestId('chat-lines');
    expect(await lines.getAttribute('tabindex')).toBeNull();
    for (let i = 1; i <= 4; i++) {
      await a.page.getByTestId('chat-input').fill(`line ${i}: ${'a long line that wraps in the chat box '.repeat(5)}`);
      await a.page.getByTestId('chat-send').click();
      await c.page.getByTestId('chat-line').filter({ hasText: `line ${i}:` }).waitFor();
    }
    expect(await lines.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await expect.poll(() => lines.getAttribute('tabindex')).toBe('0');
    expect(await serious(c.page, '[data-testid="chat-panel"]'), 'axe on a chat that scrolls').toEqual([]);

    // Both leave: the game ends (abandoned) and its replay shows the line.
    for (const b of [a, c]) {
      await b.page.getByTestId('leave').click();
      await b.page.getByTestId('leave-confirm').click();
      await b.page.waitForURL((u) => !u.pathname.startsWith('/room/'), { timeout: 10_000 });
    }
    await c.page.goto(`${server.url}/replay/${room}`);
    await c.page.getByTestId('replay-chat-line').filter({ hasText: 'hello from Ada' }).waitFor({ timeout: 15_000 });
    await screenshot(c.page, 'replay-chat');
  });
});
