// Each launch game played to its end in Chromium: one human seat driven through the table (clicks,
// drags, dialogs, buttons) against a bot, small options so it ends quickly, final scores on screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoplay } from './autoplay.ts';
import { CLS_SCRIPT, TOP_SHIFTS, openBrowser, screenshot, sleep, startServer, type Server } from './harness.ts';
import { createTable, type TableSpec } from './ui.ts';

let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

interface Case {
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
}

const cases: Case[] = [
  { game: 'super-taki', capture: { choice: 'super-taki-dialog' }, spec: { options: { hand_size: '2', last_card_penalty: '0', breaker_time: '1', turn_time: '10', must_play_if_able: true } } },
  // Saying "stuck" ends rounds without a winner; the player keeps playing instead.
  // The table's default latency compensation (150 ms): with no far seat nothing waits (docs/fairness.md).
  // A real-time game's length depends on the deal and the race timing: 23-47 s in most runs, but one
  // clean-clone run's deal took 974 moves without anyone going out in 80 s, so it gets 160 s.
  { game: 'wackee-six', spec: { options: { target: '10', deadlock_time: '10', countdown: '0', out_bonus: '50' } }, avoid: ['stuck'], reducedMotion: true, budgetMs: 160_000 },
  { game: 'tiv-miv', phone: true, spec: { options: { phases: '1', countdown: '0', freeze: '0' } } },
  // Every word card, Round 'n Round and Everybody Go Wacky included (their races of rolls).
  { game: 'go-wacky', capture: { reticle: 'go-wacky-bullseye', die: 'go-wacky-dice', countdown: 'go-wacky-window' }, spec: { options: { hand_size: '2', plain_copies: '1', split_copies: '0', roll_rate: '0.1', count_pace: '0.1', throw_time: '1', countdown: '0' } } },
  { game: 'five-crowns', playAgain: true, spec: { options: { rounds_played: '1' } } },
];

describe.each(cases)('$game', ({ game, spec, avoid, reducedMotion, phone, capture = {}, playAgain, budgetMs = 80_000 }) => {
  it('is played to the end through the table and shows the final scores', { timeout: budgetMs + 20_000 }, async () => {
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
      const report = await autoplay(b.page, { budgetMs, dragShare: 0.3, cardBias: 0.95, pace: 20, onStep, ...(avoid ? { avoid } : {}) });
      console.log(`${game}: ${report.moves} moves in ${(report.elapsedMs / 1000).toFixed(1)} s, finished: ${report.finished}`);
      expect(report.finished, `${game} did not finish in ${report.elapsedMs} ms (${report.moves} moves)`).toBe(true);
      const final = b.page.getByTestId('final-scores');
      await final.waitFor();
      expect(await b.page.getByTestId('winner').textContent()).toMatch(/wins?!|Nobody wins/);
      await sleep(700);
      await screenshot(b.page, `${game}-final`);
      if (phone) expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      // No layout shift while playing: updates move cards with transforms in reserved space.
      const cls = (await b.page.evaluate('window.__cls')) as number;
      const top = (await b.page.evaluate(TOP_SHIFTS)) as string[];
      console.log(`${game}: cumulative layout shift ${cls.toFixed(3)}${top.length > 0 ? `; most from: ${top.join(' | ')}` : ''}`);
      expect(cls).toBeLessThan(0.05);
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
  });
});
