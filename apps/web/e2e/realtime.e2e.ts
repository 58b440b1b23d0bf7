// Two people at one Tiv-Miv table in two browsers: a simultaneous play is accepted for one and
// shown "beaten" to the other; a reload rejoins the same seat; a third browser watches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, WebSocketRoute } from 'playwright-core';
import { openBrowser, screenshot, sleep, startServer, type Browser, type Server } from './harness.ts';
import { createTable } from './ui.ts';

let server: Server;
let alice: Browser;
let bob: Browser;
let room: string;

beforeAll(async () => {
  server = await startServer();
  alice = await openBrowser();
  bob = await openBrowser({ viewport: { width: 390, height: 844 } });
});
afterAll(async () => {
  await alice?.close();
  await bob?.close();
  await server?.close();
});

const handOf = (page: Page) => page.locator('.mine [data-zone-name="hand"] [data-testid="card"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-shown')).sort());

/** Draws until the hand holds a card that can be played now. */
async function drawUntilPlayable(page: Page): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if ((await page.locator('button[data-legal="true"]').count()) > 0) return;
    await page.locator('[data-testid="action-button"][data-action="draw"]').click({ timeout: 2000 });
    await sleep(150);
  }
  throw new Error('never drew a playable card');
}

/** Clicks the first playable card at wall-clock time `at` (both browsers share this machine's clock). */
const playAt = (page: Page, at: number) =>
  page.evaluate(
    `new Promise((resolve) => setTimeout(() => { const b = document.querySelector('button[data-legal="true"]'); resolve(b ? b.getAttribute('data-shown') : null); b?.click(); }, ${at} - Date.now()))`,
  ) as Promise<string | null>;

describe('two players in real time', () => {
  it('joins by share link and starts when both seats are taken', { timeout: 60_000 }, async () => {
    room = await createTable(alice.page, server.url, 'tiv-miv', { name: 'Alice', others: ['human'], options: { phases: '3', countdown: '0', freeze: '0' } });
    const link = alice.page.getByTestId('share-link');
    await link.waitFor();
    expect(await alice.page.getByTestId('waiting').isVisible()).toBe(true);
    await bob.page.goto(server.url);
    await bob.page.getByTestId('profile-name').fill('Bob');
    await bob.page.getByTestId('profile-name').press('Tab');
    await bob.page.goto(await link.inputValue());
    await bob.page.getByTestId('table').waitFor();
    await alice.page.getByTestId('waiting').waitFor({ state: 'detached' });
    await alice.page.locator('[data-testid="action-button"][data-action="draw"]').waitFor();
    expect(await alice.page.getByTestId('seat').first().textContent()).toContain('Bob');
  });

  it('accepts one of two simultaneous plays and shows the other as beaten', { timeout: 60_000 }, async () => {
    let beaten = false;
    for (let attempt = 0; attempt < 6 && !beaten; attempt++) {
      await drawUntilPlayable(alice.page);
      await drawUntilPlayable(bob.page);
      const at = Date.now() + 400;
      const [a, b] = await Promise.all([playAt(alice.page, at), playAt(bob.page, at)]);
      expect(a && b).toBeTruthy();
      const seen = await Promise.all(
        [alice.page, bob.page].map((p) =>
          p
            .getByTestId('beaten')
            .first()
            .waitFor({ timeout: 1500 })
            .then(() => true)
            .catch(() => false),
        ),
      );
      if (seen[0] !== seen[1]) {
        beaten = true;
        const loser = seen[0] ? alice.page : bob.page;
        const winner = seen[0] ? bob.page : alice.page;
        const played = seen[0] ? b : a;
        await screenshot(loser, 'tiv-miv-beaten');
        // The winner's card is on the centre pile, for both players.
        for (const p of [winner, loser]) {
          await expect.poll(() => p.locator('[data-zone-name="centre"] [data-testid="card"]').last().getAttribute('data-shown')).toBe(played);
        }
        // The loser is told who played first and by how much (estimated send times, docs/fairness.md).
        const notice = loser.getByTestId('notice').filter({ hasText: 'Beaten' }).first();
        expect(await notice.textContent()).toMatch(new RegExp(`Beaten! Player ${seen[0] ? 2 : 1} played first by \\d+ ms`));
      }
      await sleep(300);
    }
    expect(beaten).toBe(true);
  });

  it('rejoins the same seat after a reload', { timeout: 30_000 }, async () => {
    const before = await handOf(bob.page);
    await bob.page.reload();
    await bob.page.getByTestId('table').waitFor();
    await bob.page.locator('[data-testid="action-button"][data-action="draw"]').waitFor();
    expect(await handOf(bob.page)).toEqual(before);
    expect(await bob.page.getByTestId('seat').first().textContent()).toContain('Alice');
    expect(await bob.page.getByTestId('take-seat').count()).toBe(0);
    await screenshot(bob.page, 'tiv-miv-phone-after-reload');
  });

  it('reconnects by itself when the connection drops, and plays on', { timeout: 30_000 }, async () => {
    const sockets: WebSocketRoute[] = [];
    await alice.page.routeWebSocket(/\/ws(\?|$)/, (ws) => {
      ws.connectToServer();
      sockets.push(ws);
    });
    await alice.page.reload();
    await alice.page.locator('[data-testid="action-button"][data-action="draw"]').waitFor();
    const before = await handOf(alice.page);
    await sockets.at(-1)!.close({ code: 1006, reason: 'network lost' });
    await expect.poll(() => alice.page.getByTestId('latency').textContent()).toContain('reconnecting');
    await expect.poll(() => alice.page.getByTestId('latency').textContent(), { timeout: 10_000 }).toMatch(/\d+ ms/);
    expect(sockets.length).toBeGreaterThan(1);
    expect(await handOf(alice.page)).toEqual(before);
    await alice.page.locator('[data-testid="action-button"][data-action="draw"]').click();
    await expect.poll(async () => (await handOf(alice.page)).length).toBe(before.length + 1);
  });

  it('lets a third browser watch without seeing any hand', { timeout: 30_000 }, async () => {
    const carol = await openBrowser();
    try {
      await carol.page.goto(`${server.url}/room/${room}`);
      await carol.page.getByTestId('table').waitFor();
      expect(await carol.page.getByTestId('table').textContent()).toContain('Spectating');
      expect(await carol.page.locator('[data-zone-name="hand"] [data-card-id]').count()).toBe(0);
      expect(carol.errors).toEqual([]);
    } finally {
      await carol.close();
    }
    expect(alice.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
  });
});
