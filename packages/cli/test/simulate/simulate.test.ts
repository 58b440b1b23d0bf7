// decksmith simulate end to end on a tiny deterministic game (tally.rules), every figure checked
// against a value computed by hand; and consistency of the real-time figures on a launch game.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGame } from '../../src/simulate/load-game.ts';
import { runSimulation } from '../../src/simulate/simulate.ts';
import { Z95 } from '../../src/simulate/stats.ts';
import { runCliCaptured } from '../run-cli.ts';

const TALLY = fileURLToPath(new URL('./tally.rules', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const z2 = Z95 * Z95;

const cli = (args: string[]) => runCliCaptured(...args);

describe('decksmith simulate on tally (hand-computed figures)', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'simulate-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('seat 1 always wins a 3-turn game: exact rates, intervals, lengths, leads', async () => {
    // Turns alternate from seat 0 (the dealer): after 3 turns the scores are 2 and 1.
    const r = await cli(['simulate', TALLY, '--games', '10', '--json', '--seed', 't']);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out);
    expect(s.games).toBe(10);
    expect(s.seats).toEqual([
      { seat: 0, bot: 'random', games: 10, wins: 10, winRate: 1, ci95: [expect.closeTo(10 / (10 + z2), 6), 1] },
      { seat: 1, bot: 'random', games: 10, wins: 0, winRate: 0, ci95: [0, expect.closeTo(z2 / (10 + z2), 6)] },
    ]);
    expect(s.length.actions).toEqual({ mean: 3, median: 3, p95: 3, min: 3, max: 3 });
    expect(s.length.rounds).toEqual({ mean: 1, median: 1, p95: 1, min: 1, max: 1 });
    expect(s.length.decisions.mean).toBe(3);
    expect(s.length.time.min).toBeGreaterThan(0);
    expect(s.firstSeat).toMatchObject({ games: 10, wins: 10, winRate: 1, fairShare: 0.5, advantage: 0.5 });
    // Scores 1-0, 1-1 (tie: no leader), 2-1: the leader never changes, and leads at half time.
    expect(s.leadChanges).toEqual({ mean: 0, median: 0, p95: 0, min: 0, max: 0 });
    expect(s.decisiveness).toMatchObject({ games: 10, leaderWon: 10, rate: 1 });
    expect(s.forcedMoves).toEqual({ decisions: 30, forced: 30, share: 1 });
    expect(s.realtime).toEqual({ submitted: 0, rejected: 0, beaten: 0, rejectedShare: null, beatenShare: null });
    expect(s.endings).toEqual({ decided: 10, shared: 0, stuck: 0, capped: 0 });
    expect(s.progression.by).toBe('progress');
  });

  it('compares an option: shared wins count half, and the effect is the difference', async () => {
    // bonus 1: seat 1 scores 2 per turn. length 3 → 2-2 (shared); length 4 → 2-4 (seat 2 wins).
    const r = await cli(['simulate', TALLY, '--games', '8', '--option', 'bonus=1', '--compare', 'length=3,4', '--json', '--report', join(dir, 'c.html')]);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out);
    const [a, b] = s.compare.variants;
    expect(a.value).toBe('3');
    expect(a.seats.map((x: { wins: number }) => x.wins)).toEqual([4, 4]);
    expect(a.seats[0].winRate).toBe(0.5);
    const half = (Z95 * Math.sqrt(0.25 / 8 + z2 / 256)) / (1 + z2 / 8);
    expect(a.seats[0].ci95[0]).toBeCloseTo(0.5 - half, 6);
    expect(a.endings).toEqual({ decided: 0, shared: 8, stuck: 0, capped: 0 });
    expect(a.decisiveness.rate).toBeNull();
    // Leaders 0, 1, (tie): one change.
    expect(a.leadChanges.mean).toBe(1);
    expect(b.seats.map((x: { winRate: number }) => x.winRate)).toEqual([0, 1]);
    expect(b.length.actions.mean).toBe(4);
    expect(b.decisiveness).toMatchObject({ games: 8, leaderWon: 8, rate: 1 });
    expect(s.compare.effect).toEqual([
      expect.objectContaining({ value: '4', winRateBySeat: [-0.5, 0.5], meanActions: 1, meanRounds: 0, firstSeatAdvantage: -0.5 }),
    ]);
    // The top level is the first variant.
    expect(s.games).toBe(8);
    expect(s.seats[0].wins).toBe(4);
    const html = readFileSync(join(dir, 'c.html'), 'utf8');
    expect(html).toContain('Effect of length');
    expect(html.match(/<svg /g)?.length).toBe(6);
  });

  it('says clearly when games reach the action cap (text, JSON with the cap, HTML report)', async () => {
    // Tally takes 3 actions: a cap of 2 stops every game; the default cap stops none.
    const capped = await cli(['simulate', TALLY, '--games', '4', '--max-actions', '2', '--report', join(dir, 'capped.html')]);
    expect(capped.code).toBe(0);
    expect(capped.out).toContain('endings: 0 decided, 0 shared, 0 stuck, 4 capped at 2 actions');
    expect(capped.out).toContain('warning: 4 of 4 games (100.0%) reached the cap of 2 accepted actions without ending');
    expect(capped.out).toContain('raise --max-actions');
    expect(readFileSync(join(dir, 'capped.html'), 'utf8')).toContain('<p class="warning">4 of 4 games (100.0%) reached the cap of 2');
    const json = await cli(['simulate', TALLY, '--games', '4', '--max-actions', '2', '--json']);
    expect(JSON.parse(json.out)).toMatchObject({ maxActions: 2, endings: { capped: 4 } });
    expect(json.err).toContain('decksmith simulate: warning: 4 of 4 games');
    const fine = await cli(['simulate', TALLY, '--games', '4', '--json']);
    expect(JSON.parse(fine.out)).toMatchObject({ maxActions: 20_000, endings: { capped: 0 } });
    expect(fine.err).not.toContain('warning');
    const text = await cli(['simulate', TALLY, '--games', '4']);
    expect(text.out).toContain('0 capped at 20000 actions');
    expect(text.out).not.toContain('warning');
  });

  it('prints a readable summary and reports usage problems with exit code 1', async () => {
    const ok = await cli(['simulate', TALLY, '--games', '2', '--bots', 'greedy,hard']);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('seat 1 (greedy): 2 wins, 100.0%');
    expect(ok.out).toContain('seat 2 (ismcts)');
    const badBot = await cli(['simulate', TALLY, '--games', '2', '--bots', 'genius']);
    expect(badBot.code).toBe(1);
    expect(badBot.err).toContain('unknown bot level "genius"');
    const badOption = await cli(['simulate', TALLY, '--games', '2', '--option', 'colour=red']);
    expect(badOption.code).toBe(1);
    expect(badOption.err).toContain('has no option "colour"');
    const badPlayers = await cli(['simulate', TALLY, '--games', '2', '--players', '3']);
    expect(badPlayers.code).toBe(1);
    const badGame = await cli(['simulate', 'no-such-game', '--games', '2']);
    expect(badGame.code).toBe(1);
    expect(badGame.err).toContain('No generated game "no-such-game"');
  });
});

const hasTivMiv = existsSync(join(ROOT, 'games/tiv-miv/generated/tiv-miv.generated.ts'));

describe.skipIf(!hasTivMiv)('real-time figures (Tiv-Miv)', () => {
  it('counts real-time plays, rejections and beaten plays consistently', async () => {
    const def = await loadGame('tiv-miv', ROOT);
    const { records, summary } = await runSimulation({ def, players: 2, games: 3, seed: 'rt', options: {}, bots: ['random', 'greedy'] });
    const sum = (f: (r: (typeof records)[number]) => number) => records.reduce((a, r) => a + f(r), 0);
    expect(summary.realtime.submitted).toBe(sum((r) => r.realtime.submitted));
    expect(summary.realtime.submitted).toBeGreaterThan(0);
    expect(summary.realtime.beaten).toBeLessThanOrEqual(summary.realtime.rejected);
    expect(summary.realtime.rejectedShare).toBeCloseTo(summary.realtime.rejected / summary.realtime.submitted, 6);
    expect(summary.rejections['race/beaten'] ?? 0).toBe(summary.realtime.beaten);
    expect(summary.length.time.min).toBeGreaterThan(0);
    // Same seed, same figures.
    const again = await runSimulation({ def, players: 2, games: 3, seed: 'rt', options: {}, bots: ['random', 'greedy'] });
    expect(again.summary).toEqual(summary);
  }, 60_000);
});
