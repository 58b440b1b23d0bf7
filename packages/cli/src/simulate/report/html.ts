// The self-contained HTML balance report: figures, conventions and inline SVG charts (no scripts, no fetches).
import { cappedWarning } from '../format-text.ts';
import type { ComparisonSummary } from '../simulate.ts';
import type { Distribution } from '../stats.ts';
import type { SimulationSummary } from '../summary.ts';
import { esc, lengthHistogram, progressionChart, winRateChart } from './charts.ts';

const CSS = `
body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1180px;color:#1a1a1a;padding:0 16px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}
.meta{color:#555}table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ddd;padding:4px 10px;text-align:right}
th{background:#f5f5f5}td:first-child,th:first-child{text-align:left}.charts{display:flex;flex-wrap:wrap;gap:12px}
.charts svg{border:1px solid #e5e5e5;border-radius:4px}.note{color:#555;font-size:12.5px;max-width:900px}.warning{background:#fff4e5;border-left:4px solid #e65100;padding:6px 10px;max-width:900px}.figures td:last-child{text-align:left}`;

const pct = (x: number | null): string => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
const ci = (c: [number, number] | null): string => (c === null ? '—' : `${pct(c[0])} – ${pct(c[1])}`);
const num = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(2));

function distRow(name: string, d: Distribution, unit = ''): string {
  return `<tr><td>${esc(name)}</td><td>${num(d.mean)}${unit}</td><td>${num(d.median)}${unit}</td><td>${num(d.p95)}${unit}</td><td>${num(d.min)}${unit}</td><td>${num(d.max)}${unit}</td></tr>`;
}

function seatNames(s: SimulationSummary): string[] {
  return s.seats.map((x) => `Seat ${x.seat + 1} (${x.bot})`);
}

/** The figures and charts of one set-up. */
export function summarySection(s: SimulationSummary, heading?: string): string {
  const realtime = s.realtime.submitted > 0;
  let h = heading ? `<h2>${esc(heading)}</h2>` : '';
  h += `<div class="charts">${winRateChart(s.seats, 1 / s.players)}${lengthHistogram(s.actionsPerGame)}${progressionChart(s.progression.series, s.progression.by, seatNames(s))}</div>`;
  h += '<table class="seats"><tr><th>seat</th><th>bot</th><th>wins</th><th>win rate</th><th>95% CI</th></tr>';
  for (const x of s.seats) h += `<tr><td>Seat ${x.seat + 1}</td><td>${esc(x.bot)}</td><td>${num(x.wins)}</td><td>${pct(x.winRate)}</td><td>${ci(x.ci95)}</td></tr>`;
  h += '</table>';
  if (s.rotate) {
    h += '<table class="bots"><tr><th>bot</th><th>seat-games</th><th>wins</th><th>win rate</th><th>95% CI</th></tr>';
    for (const b of s.byBot) h += `<tr><td>${esc(b.bot)}</td><td>${b.games}</td><td>${num(b.wins)}</td><td>${pct(b.winRate)}</td><td>${ci(b.ci95)}</td></tr>`;
    h += '</table>';
  }
  h += '<table class="lengths"><tr><th>length</th><th>mean</th><th>median</th><th>p95</th><th>min</th><th>max</th></tr>';
  h += distRow('actions', s.length.actions) + distRow('rounds', s.length.rounds) + distRow('decisions (plays submitted)', s.length.decisions);
  h += distRow('logical time', { ...s.length.time, mean: s.length.time.mean / 1000, median: s.length.time.median / 1000, p95: s.length.time.p95 / 1000, min: s.length.time.min / 1000, max: s.length.time.max / 1000 }, ' s');
  h += distRow('lead changes', s.leadChanges) + '</table>';
  h += '<table class="figures"><tr><th>figure</th><th>value</th><th>detail</th></tr>';
  h += `<tr><td>first-seat advantage</td><td>${s.firstSeat.advantage >= 0 ? '+' : ''}${(s.firstSeat.advantage * 100).toFixed(1)} pts</td><td>first mover won ${pct(s.firstSeat.winRate)} (95% CI ${ci(s.firstSeat.ci95)}) vs fair ${pct(s.firstSeat.fairShare)}</td></tr>`;
  h += `<tr><td>decisiveness</td><td>${pct(s.decisiveness.rate)}</td><td>half-time leader won ${s.decisiveness.leaderWon} of ${s.decisiveness.games} decided games (95% CI ${ci(s.decisiveness.ci95)})</td></tr>`;
  h += `<tr><td>forced moves</td><td>${pct(s.forcedMoves.share)}</td><td>${s.forcedMoves.forced} of ${s.forcedMoves.decisions} plays had a single legal action</td></tr>`;
  h += realtime
    ? `<tr><td>real-time rejections</td><td>${pct(s.realtime.rejectedShare)}</td><td>${s.realtime.rejected} of ${s.realtime.submitted} real-time plays rejected, ${s.realtime.beaten} beaten (${pct(s.realtime.beatenShare)})</td></tr>`
    : '<tr><td>real-time rejections</td><td>—</td><td>no real-time stage or window was played</td></tr>';
  const rej = Object.entries(s.rejections).map(([k, v]) => `${esc(k)}: ${v}`).join(', ');
  h += `<tr><td>rejections by code</td><td>${Object.values(s.rejections).reduce((a, b) => a + b, 0)}</td><td>${rej || 'none'}</td></tr>`;
  h += `<tr><td>endings</td><td>${s.games}</td><td>${s.endings.decided} decided, ${s.endings.shared} shared, ${s.endings.stuck} stuck, ${s.endings.capped} stopped at the action cap (${s.maxActions})</td></tr>`;
  return `${h}</table>`;
}

function compareSection(c: ComparisonSummary): string {
  const base = c.variants[0]!;
  let h = `<h2>Effect of ${esc(c.option)}</h2><table class="compare"><tr><th>${esc(c.option)}</th>`;
  for (const x of base.seats) h += `<th>seat ${x.seat + 1} win rate</th>`;
  h += '<th>first-seat adv.</th><th>mean actions</th><th>mean rounds</th><th>mean time</th><th>lead changes</th><th>decisiveness</th></tr>';
  for (const v of c.variants) {
    h += `<tr><td>${esc(v.value)}</td>${v.seats.map((x) => `<td>${pct(x.winRate)} <small>(${ci(x.ci95)})</small></td>`).join('')}`;
    h += `<td>${(v.firstSeat.advantage * 100).toFixed(1)} pts</td><td>${num(v.length.actions.mean)}</td><td>${num(v.length.rounds.mean)}</td><td>${num(v.length.time.mean / 1000)} s</td><td>${num(v.leadChanges.mean)}</td><td>${pct(v.decisiveness.rate)}</td></tr>`;
  }
  h += '</table>';
  for (const v of c.variants) h += summarySection(v, `${c.option} = ${v.value}`);
  return h;
}

const NOTES = `<p class="note">How to read this: a game won by k players counts 1/k win for each (shared wins are fractions);
games stopped by the action cap or stuck count as played with no winner. Intervals are 95% Wilson score intervals over games.
The first seat is the seat that made the first accepted action. Standings and leaders come from the bots' evaluation (the winner rule's
value after projecting the round's scoring, plus zone sizes the rules reward or punish), read at up to 256 evenly spaced points per game;
a tie for the lead has no leader. Decisiveness: how often the leader at half time (by actions) went on to win, over games with one winning side.
Percentiles are nearest-rank. Logical time is the game clock the bots' human-like reaction delays run on.</p>`;

/**
 * The whole report as one HTML document (inline CSS and SVG only: it opens offline).
 *
 * @example
 * writeFileSync('balance.html', renderReport(summary));
 */
export function renderReport(s: SimulationSummary, comparison?: ComparisonSummary): string {
  const opts = Object.entries(s.options).map(([k, v]) => `${k}=${v}`).join(', ') || 'defaults';
  let body = `<h1>${esc(s.title)} — balance report</h1><p class="meta">${s.games} games · ${s.players} players · bots ${esc(s.bots.join(', '))}${s.rotate ? ' (rotating seats)' : ''} · options ${esc(opts)} · seed ${esc(s.seed)}</p>`;
  for (const v of comparison?.variants ?? [s]) {
    const warning = cappedWarning(v);
    if (warning !== null) body += `<p class="warning">${comparison ? `${esc(comparison.option)} = ${esc((v as { value?: string }).value ?? '')}: ` : ''}${esc(warning)}</p>`;
  }
  body += comparison ? compareSection(comparison) : summarySection(s, 'Results');
  body += NOTES;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(s.title)} — balance report</title><style>${CSS}</style></head><body>${body}</body></html>\n`;
}
