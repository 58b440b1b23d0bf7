// A player for browser tests who knows no game: it reads only what the table offers (highlighted
// cards, action buttons, pile targets, dialogs, the throw button) and clicks one, like a person would.
import type { Locator, Page } from 'playwright-core';
import { sleep } from './harness.ts';

export interface AutoplayOptions {
  /** Give up after this long (ms). */
  budgetMs: number;
  /** Action buttons never pressed (by action name). */
  avoid?: readonly string[];
  /** Chance of preferring a highlighted card over a button when both are offered. */
  cardBias?: number;
  /** Share of card plays made by dragging the card onto a zone instead of clicking. */
  dragShare?: number;
  /** Pause between moves (ms). */
  pace?: number;
  /** Called before each move (screenshots of moments worth seeing). */
  onStep?: () => Promise<void>;
}

export interface AutoplayReport {
  moves: number;
  drags: number;
  finished: boolean;
  elapsedMs: number;
}

type Pick = 'done' | 'none' | 'click' | 'card';

/**
 * Marks one thing to press with data-autoplay (in the page, in one round trip). Kept as source
 * text: a transpiled function would carry the transpiler's helpers into the page.
 */
const CHOOSE = `(args) => {
  const shown = (el) => el.getClientRects().length > 0 && !el.disabled;
  const all = (sel) => [...document.querySelectorAll(sel)].filter(shown);
  const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
  for (const el of document.querySelectorAll('[data-autoplay]')) el.removeAttribute('data-autoplay');
  if (all('[data-testid="final-scores"]').length > 0) return 'done';
  // A counted choice of cards (MultiChoice): confirm once enough are picked, else pick one more.
  for (const sel of ['[data-testid="round-summary-close"]', '[data-testid="choice-option"]', '[data-testid="pile-target"]', '[data-testid="fire"]',
    '[data-testid="multi-choice-confirm"]', '[data-testid="multi-choice-card"][aria-pressed="false"]']) {
    const els = all(sel);
    if (els.length > 0) { pick(els).setAttribute('data-autoplay', ''); return 'click'; }
  }
  const cards = all('button[data-legal="true"]');
  const buttons = all('[data-testid="action-button"]').filter((b) => !args.avoid.includes(b.getAttribute('data-action') || ''));
  if (cards.length > 0 && (buttons.length === 0 || Math.random() < args.cardBias)) { pick(cards).setAttribute('data-autoplay', ''); return 'card'; }
  if (buttons.length > 0) { pick(buttons).setAttribute('data-autoplay', ''); return 'click'; }
  return 'none';
}`;

/** Plays from the table until the final scores show (or the budget runs out). */
export async function autoplay(page: Page, opts: AutoplayOptions): Promise<AutoplayReport> {
  const t0 = Date.now();
  let moves = 0;
  let drags = 0;
  const args = { avoid: [...(opts.avoid ?? [])], cardBias: opts.cardBias ?? 0.85 };
  while (Date.now() - t0 < opts.budgetMs) {
    try {
      await opts.onStep?.();
      const what = (await page.evaluate(`(${CHOOSE})(${JSON.stringify(args)})`)) as Pick;
      if (what === 'done') return { moves, drags, finished: true, elapsedMs: Date.now() - t0 };
      const target = page.locator('[data-autoplay]');
      if (what === 'card' && Math.random() < (opts.dragShare ?? 0) && (await dragToTarget(page, target))) {
        drags++;
        moves++;
      } else if (what === 'card') {
        // In a crowded hand only the left edge of a card shows (the next card covers the rest): click there.
        await target.click({ timeout: 1000, position: { x: 5, y: 24 } });
        moves++;
      } else if (what !== 'none') {
        await target.click({ timeout: 1000 });
        moves++;
      }
    } catch {
      // The table changed under the click (a card moved, a dialog closed): look again.
    }
    await sleep(opts.pace ?? 60);
  }
  return { moves, drags, finished: false, elapsedMs: Date.now() - t0 };
}

/** Drags a card onto a shared zone with the mouse; false when there is nowhere to drop it. */
export async function dragToTarget(page: Page, card: Locator): Promise<boolean> {
  const from = await card.boundingBox();
  // A card that names its piles (data-targets: zone ids, or "new") is dragged onto one of them.
  const targets = (await card.getAttribute('data-targets'))?.split(' ') ?? [];
  const zones: Locator[] = [];
  for (const z of await page.locator('.centre [data-drop]').all()) {
    const d = (await z.getAttribute('data-drop')) ?? '';
    if (targets.length === 0 || targets.includes(d) || (d.startsWith('new') && targets.includes('new'))) zones.push(z);
  }
  if (!from || zones.length === 0) return false;
  const to = await zones[Math.floor(Math.random() * zones.length)]!.boundingBox();
  if (!to) return false;
  await page.mouse.move(from.x + 5, from.y + 24);
  await page.mouse.down();
  await page.mouse.move(from.x + 15, from.y + 14, { steps: 2 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
  await page.mouse.up();
  return true;
}
