// The table as a newcomer meets it, in Chromium at desktop (1280×800) and phone (390×844) sizes:
// why a card cannot be played, a drop on the wrong pile refused with a message, the focus kept on
// the hand after Enter, the hand sorted and rearranged (remembered), opponents and a long hand on
// a phone, the card that can also go out marked and asked about, and the summary between rounds.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, sleep, startServer, type Server } from './harness.ts';
import { createTable, untilStill } from './ui.ts';

let server: Server;
beforeAll(async () => {
  // Client seeds: the going-out test deals a known hand (a practice table).
  server = await startServer(undefined, { allowClientSeeds: true });
});
afterAll(async () => server?.close());

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const hand = (page: Page) => page.locator('.mine [data-hand] [data-testid="card"]');
const notice = (page: Page) => page.getByTestId('notice');

async function myTurn(page: Page, timeout = 20_000): Promise<void> {
  await page.getByTestId('turn').filter({ hasText: 'Your turn' }).waitFor({ timeout });
}

/** Waits for my turn with a card I can play (drawing when there is none). */
async function untilPlayable(page: Page): Promise<void> {
  const t0 = Date.now();
  while (Date.now() - t0 < 60_000) {
    await myTurn(page);
    if ((await page.locator('.mine [data-hand] button[data-legal="true"]').count()) > 0) return;
    await page.locator('[data-testid="action-button"][data-action="draw_card"]').click();
    await page.getByTestId('turn').filter({ hasNotText: 'Your turn' }).waitFor({ timeout: 10_000 });
  }
  throw new Error('no playable card in a minute');
}

/**
 * Waits for my turn with a card I can play and one I cannot, drawing until there are both: after a
 * lead that sets no colour every card matches (CI met it once), and before a first playable card
 * none does.
 */
async function untilMixed(page: Page): Promise<void> {
  const t0 = Date.now();
  while (Date.now() - t0 < 60_000) {
    await myTurn(page);
    const playable = await page.locator('.mine [data-hand] button[data-legal="true"]').count();
    const blocked = await page.locator('.mine [data-hand] button[data-legal="false"]').count();
    if (playable > 0 && blocked > 0) return;
    await page.locator('[data-testid="action-button"][data-action="draw_card"]').click();
    await page.getByTestId('turn').filter({ hasNotText: 'Your turn' }).waitFor({ timeout: 10_000 });
  }
  throw new Error('no turn with both a playable and a blocked card in a minute');
}

/** The labels of my hand as drawn, left to right. */
async function handLabels(page: Page): Promise<string[]> {
  return hand(page).evaluateAll((els) => els.map((e) => e.textContent ?? ''));
}

/**
 * One move of a player who knows no game (as in autoplay), except that a round summary is left
 * open: 'summary' when one shows, 'done' at the end.
 */
const STEP = `(() => {
  const shown = (el) => el.getClientRects().length > 0 && !el.disabled;
  const all = (sel) => [...document.querySelectorAll(sel)].filter(shown);
  const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
  if (all('[data-testid="round-summary"]').length > 0) return 'summary';
  if (all('[data-testid="final-scores"]').length > 0) return 'done';
  for (const sel of ['[data-testid="choice-option"]', '[data-testid="pile-target"]']) {
    const els = all(sel);
    if (els.length > 0) { pick(els).click(); return 'moved'; }
  }
  const cards = all('button[data-legal="true"]');
  const buttons = all('[data-testid="action-button"]');
  if (cards.length > 0 && (buttons.length === 0 || Math.random() < 0.9)) { pick(cards).click(); return 'moved'; }
  if (buttons.length > 0) { pick(buttons).click(); return 'moved'; }
  return 'none';
})()`;

describe('feedback on a card that cannot be played', () => {
  it('says why a hand card is refused before drawing (Five Crowns, 1280×800)', { timeout: 90_000 }, async () => {
    const b = await openBrowser({ viewport: DESKTOP });
    try {
      // Five Crowns: my turn starts with a draw, so no card can be played yet.
      await createTable(b.page, server.url, 'five-crowns', { options: { rounds_played: '2', random_first_dealer: false } });
      await myTurn(b.page);
      expect(await b.page.locator('.mine button[data-legal="true"]').count()).toBe(0);
      const before = await hand(b.page).count();
      await hand(b.page).first().click();
      await expect.poll(() => notice(b.page).allTextContents(), { timeout: 3000 }).toContainEqual(expect.stringContaining('Not now: first Draw from the stock or Take the discard'));
      expect(await hand(b.page).count()).toBe(before);
      await screenshot(b.page, 'newcomer-unplayable-reason');
    } finally {
      await b.close();
    }
  });

  it('asks the server and shows the coded rejection of a card that does not match the pile (Super Taki)', { timeout: 90_000 }, async () => {
    const b = await openBrowser({ viewport: DESKTOP });
    try {
      await createTable(b.page, server.url, 'super-taki', { options: { hand_size: '10', turn_time: '0' } });
      // With some card playable, so that the client asks the server about a blocked one: a
      // server-drawn deal leaves none playable at the first turn about once in 190 (16 of 3,000
      // seeds against the engine), and then the client says "Not now: first Draw a card" itself.
      // And with one blocked: after a lead that sets no colour all ten match (1 in 3,000 first turns).
      await untilMixed(b.page);
      const blocked = b.page.locator('.mine [data-hand] button[data-legal="false"]');
      expect(await blocked.count()).toBeGreaterThan(0);
      const label = (await blocked.first().getByTestId('card-name').textContent())!.replace(/, cannot be played now$/, '');
      const discardBefore = await b.page.locator('[data-zone-name="discard"][data-testid="zone"]').getAttribute('data-count');
      await blocked.first().click();
      await expect.poll(() => notice(b.page).allTextContents(), { timeout: 4000 }).toContainEqual(expect.stringContaining(`${label}:`));
      const said = (await notice(b.page).allTextContents()).find((t) => t.startsWith(`${label}:`))!;
      // The server's sentence from the rule file, not a guess here.
      expect(said.length).toBeGreaterThan(label.length + 8);
      expect(said).not.toContain('Not now: first');
      expect(await b.page.locator('[data-zone-name="discard"][data-testid="zone"]').getAttribute('data-count')).toBe(discardBefore);
    } finally {
      await b.close();
    }
  });

  it('refuses a drop on a pile the card cannot go on, with a message, and moves nothing (1280×800)', { timeout: 90_000 }, async () => {
    const b = await openBrowser({ viewport: DESKTOP });
    try {
      await createTable(b.page, server.url, 'super-taki', { options: { hand_size: '10', turn_time: '0' } });
      await untilPlayable(b.page);
      const card = b.page.locator('.mine [data-hand] button[data-legal="true"]').first();
      await card.waitFor();
      const id = await card.getAttribute('data-card-id');
      const draw = b.page.locator('[data-zone-name="draw"][data-testid="zone"]');
      // A card just drawn or played may still be gliding: aim where things are at rest.
      await untilStill(b.page);
      const [from, to] = [await card.boundingBox(), await draw.boundingBox()];
      const drawBefore = await draw.getAttribute('data-count');
      await b.page.mouse.move(from!.x + 5, from!.y + 24);
      await b.page.mouse.down();
      await b.page.mouse.move(from!.x + 15, from!.y + 14, { steps: 2 });
      await b.page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height / 2, { steps: 6 });
      await b.page.mouse.up();
      await expect.poll(() => notice(b.page).allTextContents(), { timeout: 3000 }).toContainEqual(expect.stringContaining('cannot go on the draw pile'));
      await sleep(500);
      // Still in my hand, and nothing was played anywhere.
      expect(await b.page.locator(`.mine [data-card-id="${id}"]`).count()).toBe(1);
      expect(await draw.getAttribute('data-count')).toBe(drawBefore);
      expect(await b.page.getByTestId('turn').textContent()).toContain('Your turn');
    } finally {
      await b.close();
    }
  });
});

describe('keyboard', () => {
  it('keeps the focus on the hand after Enter plays a card (390×844)', { timeout: 90_000 }, async () => {
    const b = await openBrowser({ viewport: PHONE });
    try {
      await createTable(b.page, server.url, 'super-taki', { options: { hand_size: '8', turn_time: '0' } });
      await untilPlayable(b.page);
      const card = b.page.locator('.mine [data-hand] button[data-legal="true"]').first();
      const id = await card.getAttribute('data-card-id');
      await card.focus();
      await b.page.keyboard.press('Enter');
      // A card that needs a choice (a colour) asks: answered from the keyboard.
      const choice = b.page.getByTestId('choice');
      if (await choice.waitFor({ timeout: 1000 }).then(() => true, () => false)) await b.page.keyboard.press('1');
      // The played card left my hand. (Not a count: a bot's +3 right after can make me draw three.)
      await expect.poll(() => b.page.locator(`.mine [data-hand] [data-card-id="${id}"]`).count(), { timeout: 5000 }).toBe(0);
      await expect
        .poll(() => b.page.evaluate(() => !!document.activeElement?.closest('.mine [data-hand]') && document.activeElement?.getAttribute('data-testid') === 'card'), { timeout: 3000 })
        .toBe(true);
      // The focus ring differs from the ring of a playable card.
      const ring = await b.page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
      expect(ring).toBe('solid');
    } finally {
      await b.close();
    }
  });
});

describe('arranging my hand', () => {
  it('sorts by suit, remembers it after a reload, and takes a card dragged onto another (1280×800)', { timeout: 90_000 }, async () => {
    const b = await openBrowser({ viewport: DESKTOP });
    try {
      await createTable(b.page, server.url, 'super-taki', { options: { hand_size: '12', turn_time: '0' } });
      await hand(b.page).first().waitFor();
      await b.page.getByTestId('hand-sort').selectOption('suit');
      const sorted = await handLabels(b.page);
      // Colours come together: each colour word starts one run, never two.
      const colours = sorted.map((l) => /(Red|Green|Blue|Yellow)/.exec(l)?.[1] ?? 'none');
      const runs = colours.filter((c, i) => i === 0 || c !== colours[i - 1]);
      expect(new Set(runs).size).toBe(runs.length);
      await b.page.reload();
      await hand(b.page).first().waitFor();
      expect(await b.page.getByTestId('hand-sort').inputValue()).toBe('suit');
      // Drag the last card onto the first: it goes before it, and the hand is in "my order".
      const ids = await hand(b.page).evaluateAll((els) => els.map((e) => e.getAttribute('data-card-id')));
      const last = hand(b.page).last();
      const first = hand(b.page).first();
      await untilStill(b.page);
      const [from, to] = [await last.boundingBox(), await first.boundingBox()];
      await b.page.mouse.move(from!.x + 10, from!.y + 30);
      await b.page.mouse.down();
      await b.page.mouse.move(from!.x + 20, from!.y + 20, { steps: 2 });
      await b.page.mouse.move(to!.x + 6, to!.y + 30, { steps: 8 });
      await b.page.mouse.up();
      await expect.poll(() => hand(b.page).first().getAttribute('data-card-id'), { timeout: 3000 }).toBe(ids[ids.length - 1]);
      expect(await b.page.getByTestId('hand-sort').inputValue()).toBe('free');
    } finally {
      await b.close();
    }
  });
});

describe('phones', () => {
  it('shows every opponent and a 14-card hand with whole labels at 390×844, and says "Tap" on a touch screen', { timeout: 120_000 }, async () => {
    const b = await openBrowser({ viewport: PHONE });
    try {
      // A touch screen: the coarse pointer a phone reports.
      const cdp = await b.context.newCDPSession(b.page);
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
      await createTable(b.page, server.url, 'super-taki', { others: ['bot', 'bot', 'bot'], options: { hand_size: '14', turn_time: '0' } });
      await hand(b.page).first().waitFor();
      await sleep(400);
      const seats = await b.page.getByTestId('seat').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })));
      expect(seats).toHaveLength(3);
      for (const s of seats) expect(s.right).toBeLessThanOrEqual(PHONE.width);
      expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      // Each card of my hand shows at least a card's corner: no 24 px slivers.
      const boxes = await hand(b.page).evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.left, y: r.top, w: r.width })));
      expect(boxes.length).toBeGreaterThanOrEqual(13);
      const rows = new Map<number, number[]>();
      for (const r of boxes) rows.set(Math.round(r.y / 10), [...(rows.get(Math.round(r.y / 10)) ?? []), r.x]);
      for (const xs of rows.values()) {
        xs.sort((a, c) => a - c);
        for (let i = 1; i < xs.length; i++) expect(xs[i]! - xs[i - 1]!).toBeGreaterThanOrEqual(boxes[0]!.w * 0.6);
      }
      await screenshot(b.page, 'newcomer-phone-14-cards');
      expect(await b.page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
      // Fourteen cards against one on the pile: some card is playable on my first turn.
      await myTurn(b.page, 40_000);
      expect(await b.page.locator('.mine [data-hand] button[data-legal="true"]').count()).toBeGreaterThan(0);
      expect(await b.page.getByTestId('prompt').textContent()).toContain('Tap or drag a highlighted card');
    } finally {
      await b.close();
    }
  });
});

/**
 * A deal where I act first and, whichever pile I draw from, my hand can go out: the three cards
 * dealt already make a meld. Found by trying seeds against the engine (setup with these options,
 * then each draw of seat 0, then `legalActions` offers `go_out`); a change to Five Crowns' deal or
 * the runtime's RNG means finding another. (A server-drawn deal gave a random player no chance to
 * go out in three rounds often enough to fail CI.)
 */
const GO_OUT_SEED = 'newcomer-go-out-5';

/** A practice table of Five Crowns against a bot, dealt from `seed`; this browser takes seat 0 by its share link. */
async function seededTable(page: Page, seed: string): Promise<string> {
  const body = { game: 'five-crowns', options: { rounds_played: 3 }, seats: [{ kind: 'human' }, { kind: 'bot' }], seed };
  const res = await fetch(`${server.url}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`create room: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`${server.url}/room/${id}?seat=0`);
  await page.getByTestId('table').waitFor();
  return id;
}

describe('going out and rounds (Five Crowns)', () => {
  it('marks the card that can also go out, asks which, and shows a round summary before the next round (1280×800)', { timeout: 120_000 }, async () => {
    const b = await openBrowser({ viewport: DESKTOP });
    try {
      await seededTable(b.page, GO_OUT_SEED);
      let marked = false;
      let summary = false;
      const t0 = Date.now();
      while (Date.now() - t0 < 100_000 && !(marked && summary)) {
        const extra = b.page.locator('.mine button[data-extra~="go_out"]');
        if (!marked && (await extra.count()) > 0) {
          expect(await extra.first().locator('[data-testid="card-extra"]').textContent()).toBe('Go out');
          expect(await b.page.getByTestId('prompt').textContent()).toContain('Marked cards can also Go out');
          await screenshot(b.page, 'newcomer-go-out-marked');
          await extra.first().click();
          const dialog = b.page.getByTestId('choice');
          await dialog.waitFor({ timeout: 2000 });
          const options = await dialog.getByTestId('choice-option').allTextContents();
          expect(options.join(' ')).toContain('Go out');
          expect(options.join(' ')).toContain('Discard');
          await dialog.getByTestId('choice-option').filter({ hasText: 'Go out' }).click();
          marked = true;
          continue;
        }
        const what = (await b.page.evaluate(STEP)) as string;
        if (what === 'summary') {
          const box = b.page.getByTestId('round-summary');
          expect(await box.getByRole('heading').textContent()).toMatch(/^Round \d+ is over$/);
          expect(await box.getByTestId('round-row').count()).toBe(2);
          expect(await box.textContent()).toContain('You');
          // The button has the focus and names the next round; the table waits behind it.
          const close = b.page.getByTestId('round-summary-close');
          expect(await close.evaluate((e) => e === document.activeElement)).toBe(true);
          expect(await close.textContent()).toMatch(/On to round \d+/);
          await screenshot(b.page, 'newcomer-round-summary');
          await close.click();
          await box.waitFor({ state: 'hidden', timeout: 2000 });
          summary = true;
        } else if (what === 'done') break;
        await sleep(what === 'none' ? 150 : 40);
      }
      expect(summary, 'a round summary showed between rounds').toBe(true);
      expect(marked, 'a card that could also go out was marked').toBe(true);
    } finally {
      await b.close();
    }
  });
});
