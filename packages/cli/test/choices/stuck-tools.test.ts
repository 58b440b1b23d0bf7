// Issue #20's tool items, on the passing repro: a counted choice plays to the end in `play` and
// `simulate`; the old form (every game stuck at the start) makes `simulate` exit 1 and saying so,
// and `bench` names it as not measured with the reason instead of crashing.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BenchReport } from '../../src/bench/run-bench.ts';
import { runCliCaptured } from '../run-cli.ts';

const COUNTED = fileURLToPath(new URL('../../../dsl/test/choices/pass-three.rules', import.meta.url));
const STUCK = fileURLToPath(new URL('./pass-three-stuck.rules', import.meta.url));

describe('a counted choice in the tools', () => {
  it('decksmith play: 13 cards, passing 3, bots play every game to the end', async () => {
    const r = await runCliCaptured('play', COUNTED, '--players', '4', '--games', '3', '--bots', 'random,greedy,random,greedy');
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain('0 invariant violation(s), 0 stuck, 56.0 actions');
    expect(r.out.match(/· end$/gm)).toHaveLength(3);
  }, 60_000);

  it('decksmith simulate: exits 0 when no game sticks', async () => {
    const r = await runCliCaptured('simulate', COUNTED, '--games', '3', '--players', '4');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('3 decided, 0 shared, 0 stuck');
  }, 60_000);
});

describe('a game whose every game sticks', () => {
  it('decksmith simulate exits 1 and says how many games stuck', async () => {
    const r = await runCliCaptured('simulate', STUCK, '--games', '3', '--players', '4');
    expect(r.code).toBe(1);
    expect(r.out).toContain('0 decided, 0 shared, 3 stuck');
    expect(r.err).toContain('3 of 3 games stuck');
  }, 60_000);

  it('decksmith simulate --json exits 1 too', async () => {
    const r = await runCliCaptured('simulate', STUCK, '--games', '2', '--players', '4', '--json');
    expect(r.code).toBe(1);
    expect((JSON.parse(r.out) as { endings: { stuck: number } }).endings.stuck).toBe(2);
  }, 60_000);

  it('decksmith bench does not crash: the game is not measured, with the reason, beside a measured one', async () => {
    const r = await runCliCaptured('bench', COUNTED, STUCK, '--seconds', '0.05', '--runs', '1', '--players', '4', '--json');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out) as BenchReport;
    expect(Object.keys(report.games)).toEqual(['pass-three']);
    expect(report.games['pass-three']!.movesPerSecond.median).toBeGreaterThan(0);
    expect(Object.keys(report.unmeasured)).toEqual(['pass-three-stuck']);
    expect(report.unmeasured['pass-three-stuck']).toContain('random games stick at the start');
    expect(r.err).toContain('pass-three-stuck not measured');
  }, 120_000);
});
