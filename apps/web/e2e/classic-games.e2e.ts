// The classic games (issue #22) played to their end in Chromium: one human seat driven through
// the table (cards, action buttons, the choice dialog for a bid …) against bots, small options
// so that each ends quickly, final scores on screen.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startServer, type Server } from './harness.ts';
import { playTimeout, playToEnd, type PlayCase } from './play-to-end.ts';

let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

/** The classic games' autoplay: fewer drags, a longer budget (a four-handed game to 100), no layout-shift check (never asserted for them). */
const classic = (game: string, spec: PlayCase['spec']): PlayCase => ({ game, spec, budgetMs: 220_000, dragShare: 0.2, cardBias: 0.9, checkLayoutShift: false });

const cases: PlayCase[] = [
  // Four seats, partners opposite: the human (player 1) and a bot against two bots.
  classic('spades', { others: ['bot', 'bot', 'bot'], options: { target: '100', losing_score: '50' } }),
  // Two hands, so that the card exchange (the President gives back cards) is played too.
  classic('president', { others: ['bot', 'bot', 'bot'], options: { hands: '2' } }),
  // Asking means choosing a player and a card: the choice dialog.
  classic('go-fish', { others: ['bot', 'bot'] }),
  // Bidding by buttons and the choice dialog (order up or name a suit, alone or not), a game to 5.
  classic('euchre', { others: ['bot', 'bot', 'bot'], options: { target: '5' } }),
  // Turning cards in turn and slapping at any moment against two bots, to the last card.
  classic('egyptian-ratscrew', { others: ['bot', 'bot'] }),
  // Laying two cards away (the counted choice), pegging, the show: a short game to 31.
  classic('cribbage', { others: ['bot'], options: { target: '31' } }),
];

describe.each(cases)('$game', (c) => {
  it('is played to the end through the table and shows the final scores', { timeout: playTimeout(c) }, () => playToEnd(server, c));
});
