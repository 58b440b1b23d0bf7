// E2E helper: one game played to its end in Chromium through the table by the autoplayer (one human seat against bots), its final scores checked; shared by games.e2e and classic-games.e2e.
import { expect } from 'vitest';
import { autoplay } from './autoplay.ts';
import { CLS_SCRIPT, TOP_SHIFTS, openBrowser, screenshot, sleep, type Server } from './harness.ts';
import { createTable, type TableSpec } from './ui.ts';

export interface PlayCase {
  game: string;
  spec: TableSpec;
  /** Buttons the player never presses (they would only make the game longer). */
  avoid?: string[];
  /** Play with prefers-reduced-motion (cards jump: checks that path, and clicks need not wait for glides). */
  reducedMotion?: boolean;
  /** A phone-sized window (375 px wide): the page must not scroll sideways. */
  phone?: boolean;
  /** How long the autoplayer may take (default 80 s). */
  budgetMs?: number;
  /** Moments to capture once when they show: test id → screenshot name. */
  capture?: Record<string, string>;
  /** Press "Play again" at the end: a new table of the same game opens. */
  playAgain?: boolean;
  /** The autoplayer's share of drags and its bias to cards over buttons (default 0.3 and 0.95). */
  dragShare?: number;
  cardBias?: number;
  /** Assert no layout shift while playing (cumulative layout shift below 0.05; default true). */
  checkLayoutShift?: boolean;
}

/** The test's timeout for a case: its budget and 20 s for the table and the final scores. */
export const playTimeout = (c: PlayCase): number => (c.budgetMs ?? 80_000) + 20_000;

/** Creates the table, autoplays it to the end and checks the final scores (and what the case asks). */
export async function playToEnd(server: Server, c: PlayCase): Promise<void> {
  const { game, spec, avoid, reducedMotion, phone, capture = {}, playAgain, budgetMs = 80_000, dragShare = 0.3, cardBias = 0.95, checkLayoutShift = true } = c;
  const b = await openBrowser({ reducedMotion: !!reducedMotion, ...(phone ? { viewport: { width: 375, height: 740 } } : {}) });
  try {
    await b.page.addInitScript(CLS_SCRIPT);
    await createTable(b.page, server.url, game, spec);
    await sleep(600);
    await b.page.evaluate('window.__cls = 0; window.__shifts = {}');
    await screenshot(b.page, `${game}-table`);
    if (phone) expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const pending = new Map(Object.entries(capture));
    const onStep = async () => {
      for (const [testId, name] of pending) {
        if (await b.page.getByTestId(testId).first().isVisible().catch(() => false)) {
          pending.delete(testId);
          await screenshot(b.page, name);
        }
      }
    };
    const report = await autoplay(b.page, { budgetMs, dragShare, cardBias, pace: 20, onStep, ...(avoid ? { avoid } : {}) });
    console.log(`${game}: ${report.moves} moves in ${(report.elapsedMs / 1000).toFixed(1)} s, finished: ${report.finished}`);
    expect(report.finished, `${game} did not finish in ${report.elapsedMs} ms (${report.moves} moves)`).toBe(true);
    await b.page.getByTestId('final-scores').waitFor();
    expect(await b.page.getByTestId('winner').textContent()).toMatch(/wins?!|Nobody wins/);
    await sleep(700);
    await screenshot(b.page, `${game}-final`);
    if (phone) expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    if (checkLayoutShift) {
      // No layout shift while playing: updates move cards with transforms in reserved space.
      const cls = (await b.page.evaluate('window.__cls')) as number;
      const top = (await b.page.evaluate(TOP_SHIFTS)) as string[];
      console.log(`${game}: cumulative layout shift ${cls.toFixed(3)}${top.length > 0 ? `; most from: ${top.join(' | ')}` : ''}`);
      expect(cls).toBeLessThan(0.05);
    }
    if (playAgain) {
      const before = b.page.url();
      await b.page.getByTestId('play-again').click();
      await expect.poll(() => b.page.url()).not.toBe(before);
      await b.page.locator(`[data-testid="table"][data-game="${game}"][data-over="false"]`).waitFor();
    }
    expect(b.errors).toEqual([]);
  } finally {
    await b.close();
  }
}
