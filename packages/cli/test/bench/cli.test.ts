// `decksmith bench --json` with tiny settings: the report's shape and its internal consistency
// (every figure positive, min ≤ median ≤ max, the ratios are the printed figures' ratios). No speed is asserted.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BenchReport } from '../../src/bench/run-bench.ts';
import type { Figure } from '../../src/bench/measure.ts';
import { runCliCaptured } from '../run-cli.ts';

const TUTORIAL = fileURLToPath(new URL('../../../../docs/tutorial/crazy-eights.rules', import.meta.url));

const cli = (args: string[]) => runCliCaptured(...args);

function expectFigure(f: Figure, what: string): void {
  expect(f.min, what).toBeGreaterThan(0);
  expect(f.min, what).toBeLessThanOrEqual(f.median);
  expect(f.median, what).toBeLessThanOrEqual(f.max);
}

describe('decksmith bench --json', () => {
  let report: BenchReport;
  beforeAll(async () => {
    const r = await cli(['bench', 'tiv-miv', TUTORIAL, '--seconds', '0.2', '--runs', '2', '--players', '3', '--fidelity', '4', '--json']);
    expect(r.code, r.err).toBe(0);
    report = JSON.parse(r.out) as BenchReport;
  }, 120_000);

  it('describes the machine', () => {
    const m = report.machine;
    expect(m.cores).toBeGreaterThan(0);
    expect(m.memoryGiB).toBeGreaterThan(0);
    expect(m.node).toBe(process.version);
    expect(m.cpu.length).toBeGreaterThan(0);
    expect(m.loadAverage).toHaveLength(3);
    expect(report.settings).toMatchObject({ seconds: 0.2, runs: 2, players: 3, fidelityGames: 4 });
  });

  it('has every figure of every game asked for (a .rules file under its game id), each positive with min ≤ median ≤ max', () => {
    expect(Object.keys(report.games).sort()).toEqual(['crazy-eights', 'tiv-miv']);
    for (const [id, g] of Object.entries(report.games)) {
      expect(g.players).toBe(3);
      for (const k of ['movesPerSecond', 'playoutsPerSecond', 'wireMovesPerSecond', 'wirePlayoutsPerSecond', 'legalActionsPerSecond', 'ismctsIterationsPerSecond'] as const) {
        expectFigure(g[k], `${id} ${k}`);
      }
    }
  });

  it('times the peer and the baseline on Tiv-Miv beside Decksmith, and the ratios are the printed ones', () => {
    const peer = report.peer!;
    expect(peer.game).toBe('tiv-miv');
    expect(peer.missing).toBeUndefined();
    const { decksmith, boardgameio, handwritten } = peer.implementations;
    for (const [name, f] of Object.entries({ decksmith, boardgameio, handwritten })) {
      expectFigure(f!.movesPerSecond, `${name} moves/s`);
      expectFigure(f!.playoutsPerSecond, `${name} playouts/s`);
      expect(f!.shape.games, name).toBeGreaterThanOrEqual(4);
      expect(f!.shape.phasesPerGame, name).toBe(6);
    }
    expect(report.peerRatio).toBeCloseTo(decksmith!.movesPerSecond.median / boardgameio!.movesPerSecond.median, 9);
    expect(report.generatedVsHandwritten).toBeCloseTo(decksmith!.movesPerSecond.median / handwritten!.movesPerSecond.median, 9);
    expect(peer.fidelity.maxDeviationPercent).toBeGreaterThanOrEqual(0);
    expect(peer.fidelity.ok).not.toBeNull();
  });

  it('times the public API path too, and gives both paths\' ratios alone and after the other game (issue 24)', () => {
    const { decksmith, boardgameio, handwritten } = report.peer!.implementations;
    const wire = report.peer!.implementations['decksmith (wire)']!;
    expectFigure(wire.movesPerSecond, 'wire moves/s');
    expect(wire.shape).toEqual(decksmith!.shape);
    expect(report.ratios.map((x) => `${x.path} ${x.when}`).sort()).toEqual(['fast after the other games', 'fast alone', 'wire after the other games', 'wire alone']);
    const after = (path: string) => report.ratios.find((x) => x.path === path && x.when === 'after the other games')!;
    expect(after('fast').vsBoardgameio).toBeCloseTo(report.peerRatio!, 9);
    expect(after('fast').vsHandwritten).toBeCloseTo(report.generatedVsHandwritten!, 9);
    expect(after('wire').vsBoardgameio).toBeCloseTo(wire.movesPerSecond.median / boardgameio!.movesPerSecond.median, 9);
    expect(after('wire').vsHandwritten).toBeCloseTo(wire.movesPerSecond.median / handwritten!.movesPerSecond.median, 9);
    for (const x of report.ratios) expect(x.vsBoardgameio, `${x.path} ${x.when}`).toBeGreaterThan(0);
  });

  it('prints a table for people', async () => {
    const r = await cli(['bench', 'tiv-miv', '--seconds', '0.05', '--runs', '1', '--fidelity', '1']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/machine: .* cores .* Node v\d+/);
    expect(r.out).toContain('tiv-miv');
    expect(r.out).toMatch(/Decksmith ÷ boardgame\.io moves\/s: [\d.,]+×/);
    expect(r.out).toMatch(/generated ÷ hand-written moves\/s: [\d.,]+×/);
    expect(r.out).toMatch(/public API \(wire\), after the other games: ÷ boardgame\.io [\d.,]+×, ÷ hand-written [\d.,]+×/);
  }, 60_000);
});
