// Plain-text rendering of a simulation summary for the terminal.
import type { ComparisonSummary } from './simulate.ts';
import type { Distribution } from './stats.ts';
import type { SimulationSummary } from './summary.ts';

const pct = (x: number | null): string => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
const num = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(2));
const dist = (d: Distribution, scale = 1, unit = ''): string =>
  `mean ${num(d.mean / scale)}${unit}, median ${num(d.median / scale)}${unit}, p95 ${num(d.p95 / scale)}${unit}`;

/** The figures of one set-up, one per line. */
export function formatSummary(s: SimulationSummary): string {
  const lines: string[] = [];
  const opts = Object.entries(s.options).map(([k, v]) => `${k}=${v}`).join(', ') || 'defaults';
  lines.push(`${s.title}: ${s.games} games, ${s.players} players, bots ${s.bots.join(',')}${s.rotate ? ' (rotating)' : ''}, options ${opts}, seed ${s.seed}`);
  for (const x of s.seats) {
    lines.push(`  seat ${x.seat + 1} (${x.bot}): ${num(x.wins)} wins, ${pct(x.winRate)} [95% CI ${pct(x.ci95[0])}–${pct(x.ci95[1])}]`);
  }
  if (s.rotate) for (const b of s.byBot) lines.push(`  ${b.bot} over all seats: ${pct(b.winRate)} [95% CI ${pct(b.ci95[0])}–${pct(b.ci95[1])}] in ${b.games} seat-games`);
  lines.push(`  length: actions ${dist(s.length.actions)}; rounds ${dist(s.length.rounds)}; logical time ${dist(s.length.time, 1000, ' s')}`);
  lines.push(`  first seat: won ${pct(s.firstSeat.winRate)} vs fair ${pct(s.firstSeat.fairShare)} (advantage ${(s.firstSeat.advantage * 100).toFixed(1)} pts)`);
  lines.push(`  lead changes: ${dist(s.leadChanges)}; decisiveness ${pct(s.decisiveness.rate)} (${s.decisiveness.leaderWon}/${s.decisiveness.games})`);
  lines.push(`  forced moves: ${pct(s.forcedMoves.share)}; real-time plays rejected ${pct(s.realtime.rejectedShare)}, beaten ${pct(s.realtime.beatenShare)} (${s.realtime.submitted} submitted)`);
  lines.push(`  endings: ${s.endings.decided} decided, ${s.endings.shared} shared, ${s.endings.stuck} stuck, ${s.endings.capped} capped at ${s.maxActions} actions`);
  const capped = cappedWarning(s);
  if (capped !== null) lines.push(`  warning: ${capped}`);
  return lines.join('\n');
}

/**
 * What capped games mean for the figures, or null when none was capped. A capped game did not
 * end by the rules: it is nobody's win, and its length is the cap.
 */
export function cappedWarning(s: SimulationSummary): string | null {
  const n = s.endings.capped;
  if (n === 0) return null;
  return `${n} of ${s.games} games (${pct(n / s.games)}) reached the cap of ${s.maxActions} accepted actions without ending: `
    + 'they count as nobody\'s win in the win rates, and their length as the cap. Either these bots take longer than that '
    + '(raise --max-actions to let them finish, or try --bots greedy), or the rules can go on forever (check them if games '
    + 'still do not end with a much higher cap).';
}

/** Each variant's figures, then the effect of the option. */
export function formatComparison(c: ComparisonSummary): string {
  const out = c.variants.map((v) => `${c.option}=${v.value}\n${formatSummary(v)}`);
  for (const e of c.effect) {
    out.push(
      `effect of ${c.option}=${e.value} (vs ${c.variants[0]!.value}): win rate by seat ${e.winRateBySeat.map((d) => `${d >= 0 ? '+' : ''}${(d * 100).toFixed(1)}`).join(' / ')} pts, ` +
        `first-seat advantage ${(e.firstSeatAdvantage * 100).toFixed(1)} pts, mean actions ${e.meanActions >= 0 ? '+' : ''}${num(e.meanActions)}, mean rounds ${e.meanRounds >= 0 ? '+' : ''}${num(e.meanRounds)}`,
    );
  }
  return out.join('\n');
}
