// The human output of `decksmith bench`: the machine, a table per section (one per peered game), the ratios against targets.
import Table from 'cli-table3';
import { machineLine } from './machine.ts';
import type { Figure } from './measure.ts';
import type { BenchReport } from './run-bench.ts';

/** 1234567 → "1,234,567"; small values keep three significant digits. */
export function formatNumber(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (Math.abs(x) >= 100) return Math.round(x).toLocaleString('en-US');
  return Number(x.toPrecision(3)).toString();
}

/** "median (min–max)". */
export function formatFigure(f: Figure): string {
  return `${formatNumber(f.median)} (${formatNumber(f.min)}–${formatNumber(f.max)})`;
}

const table = (head: string[]): Table.Table => new Table({ head, style: { head: [], border: [] } });

/** The whole report as text. */
export function formatBench(r: BenchReport): string {
  const out: string[] = [];
  out.push(`machine: ${machineLine(r.machine)}`);
  out.push(`each figure: median (min–max) of ${r.settings.runs} run(s) of ${r.settings.seconds} s; ismcts at ${r.settings.ismctsIterationsPerDecision} iterations a decision`);
  const g = table(['game', 'seats', 'moves/s', 'playouts/s', 'moves/s (wire)', 'legalActions/s', 'ismcts it/s']);
  const notes: string[] = [];
  for (const [id, f] of Object.entries(r.games)) {
    g.push([id, f.players, formatFigure(f.movesPerSecond), formatFigure(f.playoutsPerSecond), formatFigure(f.wireMovesPerSecond), formatFigure(f.legalActionsPerSecond), formatFigure(f.ismctsIterationsPerSecond)]);
    if (f.unfinishedPlayouts > 0) notes.push(`${id}: ${Math.round(f.unfinishedPlayouts * 100)}% of the timed playouts stalled or were capped before the game ended`);
  }
  out.push(g.toString());
  const first = Object.values(r.games)[0];
  if (first !== undefined) out.push(`moves/s and playouts/s: ${first.fastPath}; moves/s (wire): legalActions + apply per move`);
  out.push(...notes);
  for (const [id, why] of Object.entries(r.unmeasured)) out.push(`${id}: not measured: ${why}`);
  for (const peer of r.peers) {
    out.push('', `peer: ${peer.game}, ${peer.players} seats, the same random loop in each implementation`);
    const p = table(['implementation', 'moves/s', 'playouts/s', 'games', 'moves/game', 'phases/game', 'mean score']);
    for (const [name, f] of Object.entries(peer.implementations)) {
      const s = f.shape;
      p.push([name, formatFigure(f.movesPerSecond), formatFigure(f.playoutsPerSecond), s.games, formatNumber(s.movesPerGame), formatNumber(s.phasesPerGame), formatNumber(s.meanScore)]);
    }
    out.push(p.toString());
    if (peer.missing !== undefined) out.push(`boardgame.io peer not run: ${peer.missing}`);
    const fid = peer.fidelity;
    if (fid.lockstep !== undefined) {
      const l = fid.lockstep;
      out.push(`fidelity: ${l.games} seeded games replayed in lockstep (${l.decisions} decisions; every seat's actions and the table compared at each): ${l.mismatch === null ? 'same game' : `DIFFERENT GAMES\n${l.mismatch}`}`);
    } else {
      const verdict = fid.ok === null ? `too few games to judge (fewer than ${r.settings.fidelityGames} each)` : fid.ok ? 'same game' : 'DIFFERENT GAMES';
      out.push(`fidelity: moves and phases per game within ${fid.maxDeviationPercent}% of Decksmith's (tolerance ${fid.tolerancePercent}%, at least ${r.settings.fidelityGames} games each): ${verdict}`);
    }
  }
  const ratio = (name: string, v: number | null, target: number): string =>
    v === null ? `${name}: not measured` : `${name}: ${formatNumber(v)}× (target ≥ ${target}×: ${v >= target ? 'met' : `missed by ${formatNumber(target / v)}×`})`;
  out.push(ratio('Decksmith ÷ boardgame.io moves/s', r.peerRatio, r.targets.peerRatio));
  out.push(ratio('generated ÷ hand-written moves/s', r.generatedVsHandwritten, r.targets.generatedVsHandwritten));
  for (const x of r.ratios) {
    const f = (v: number | null): string => (v === null ? 'not measured' : `${formatNumber(v)}×`);
    out.push(`  ${x.game}: ${x.path === 'fast' ? 'fast path' : 'public API (wire)'}, ${x.when}: ÷ boardgame.io ${f(x.vsBoardgameio)}, ÷ hand-written ${f(x.vsHandwritten)}`);
  }
  return out.join('\n');
}
