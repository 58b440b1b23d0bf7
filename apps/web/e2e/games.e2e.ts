// Each launch game played to its end in Chromium: one human seat driven through the table (clicks,
// drags, dialogs, buttons) against a bot, small options so it ends quickly, final scores on screen.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { playTimeout, playToEnd, type PlayCase } from './play-to-end.ts';
import { startServer, type Server } from './harness.ts';

let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const cases: PlayCase[] = [
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

describe.each(cases)('$game', (c) => {
  it('is played to the end through the table and shows the final scores', { timeout: playTimeout(c) }, () => playToEnd(server, c));
});
