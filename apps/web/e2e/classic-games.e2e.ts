// The classic games (issue #22) played to their end in Chromium: one human seat driven through
// the table (cards, action buttons, the choice dialog for a bid …) against bots, small options
// so that each ends quickly, final scores on screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoplay } from './autoplay.ts';
import { openBrowser, screenshot, sleep, startServer, type Server } from './harness.ts';
import { createTable, type TableSpec } from './ui.ts';

let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

interface Case {
  game: string;
  spec: TableSpec;
}

const cases: Case[] = [
  // Four seats, partners opposite: the human (player 1) and a bot against two bots.
  { game: 'spades', spec: { others: ['bot', 'bot', 'bot'], options: { target: '100', losing_score: '50' } } },
  // Two hands, so that the card exchange (the President gives back cards) is played too.
  { game: 'president', spec: { others: ['bot', 'bot', 'bot'], options: { hands: '2' } } },
  // Asking means choosing a player and a card: the choice dialog.
  { game: 'go-fish', spec: { others: ['bot', 'bot'] } },
  // Bidding by buttons and the choice dialog (order up or name a suit, alone or not), a game to 5.
  { game: 'euchre', spec: { others: ['bot', 'bot', 'bot'], options: { target: '5' } } },
  // Turning cards in turn and slapping at any moment against two bots, to the last card.
  { game: 'egyptian-ratscrew', spec: { others: ['bot', 'bot'] } },
  // Laying two cards away (the counted choice), pegging, the show: a short game to 31.
  { game: 'cribbage', spec: { others: ['bot'], options: { target: '31' } } },
];

describe.each(cases)('$game', ({ game, spec }) => {
  it('is played to the end through the table and shows the final scores', { timeout: 240_000 }, async () => {
    const b = await openBrowser();
    try {
      await createTable(b.page, server.url, game, spec);
      await sleep(600);
      await screenshot(b.page, `${game}-table`);
      const report = await autoplay(b.page, { budgetMs: 220_000, dragShare: 0.2, cardBias: 0.9, pace: 20 });
      expect(report.finished, `${game} did not finish in ${report.elapsedMs} ms (${report.moves} moves)`).toBe(true);
      await b.page.getByTestId('final-scores').waitFor();
      expect(await b.page.getByTestId('winner').textContent()).toMatch(/wins?!|Nobody wins/);
      await sleep(700);
      await screenshot(b.page, `${game}-final`);
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});
