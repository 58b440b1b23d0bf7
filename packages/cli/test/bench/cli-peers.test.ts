// `decksmith bench` with both peered games: a peer report per game (Tiv-Miv judged by its means,
// Super Taki replayed in lockstep), ratios for each game's fast and public API paths, alone and after.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BenchReport } from '../../src/bench/run-bench.ts';
import { formatBench } from '../../src/bench/format-text.ts';
import { runCliCaptured } from '../run-cli.ts';

describe('decksmith bench tiv-miv super-taki', () => {
  let report: BenchReport;
  let text: string;
  beforeAll(async () => {
    const r = await runCliCaptured('bench', 'tiv-miv', 'super-taki', '--seconds', '0.1', '--runs', '1', '--fidelity', '2', '--json');
    expect(r.code, r.err).toBe(0);
    report = JSON.parse(r.out) as BenchReport;
    text = formatBench(report);
  }, 240_000);

  it('reports each peered game, Tiv-Miv first and as `peer`', () => {
    expect(report.peers.map((p) => p.game)).toEqual(['tiv-miv', 'super-taki']);
    expect(report.peer!.game).toBe('tiv-miv');
    const st = report.peers[1]!;
    expect(st.missing).toBeUndefined();
    expect(Object.keys(st.implementations).sort()).toEqual(['boardgameio', 'decksmith', 'decksmith (wire)']);
    for (const f of Object.values(st.implementations)) expect(f.movesPerSecond.median).toBeGreaterThan(0);
  });

  it('judges Super Taki by lockstep replay, Tiv-Miv by its means', () => {
    expect(report.peers[1]!.fidelity.lockstep).toMatchObject({ games: 2, mismatch: null });
    expect(report.peers[1]!.fidelity.lockstep!.decisions).toBeGreaterThan(100);
    expect(report.peers[1]!.fidelity.ok).toBe(true);
    expect(report.peers[0]!.fidelity.lockstep).toBeUndefined();
  });

  it('gives both paths\' ratios to boardgame.io for every peered game, alone and after the other', () => {
    const keys = report.ratios.map((x) => `${x.game} ${x.path} ${x.when}`).sort();
    expect(keys).toEqual(['super-taki fast after the other games', 'super-taki fast alone', 'super-taki wire after the other games', 'super-taki wire alone',
      'tiv-miv fast after the other games', 'tiv-miv fast alone', 'tiv-miv wire after the other games', 'tiv-miv wire alone']);
    for (const x of report.ratios) {
      expect(x.vsBoardgameio).toBeGreaterThan(0);
      expect(x.vsHandwritten === null).toBe(x.game === 'super-taki');
    }
    const st = report.peers[1]!.implementations;
    const after = report.ratios.find((x) => x.game === 'super-taki' && x.path === 'fast' && x.when === 'after the other games')!;
    expect(after.vsBoardgameio).toBeCloseTo(st.decksmith!.movesPerSecond.median / st.boardgameio!.movesPerSecond.median, 9);
  });

  it('prints the Super Taki peer table and its lockstep verdict', () => {
    expect(text).toContain('peer: super-taki, 4 seats');
    expect(text).toMatch(/fidelity: 2 seeded games replayed in lockstep \(\d+ decisions; .*\): same game/);
    expect(text).toMatch(/super-taki: fast path, after the other games: ÷ boardgame\.io [\d.,]+×, ÷ hand-written not measured/);
  });
});
