// SVG charts for the simulation report, as strings: d3-scale for scales and ticks, d3-shape for lines, d3-array for bins.
//
// d3's scale, shape and array modules compute everything a chart needs (nice domains, ticks,
// path data, histogram bins) without a DOM, so the report is rendered in Node to plain SVG text
// that any browser opens offline. (Vega-Lite would render whole charts from a spec, but its
// current major needs Node 22 and pulls in its own dataflow runtime.)
import { bin, max } from 'd3-array';
import { scaleBand, scaleLinear, type ScaleBand, type ScaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import type { ProgressionSeries, SeatFigures } from '../summary.ts';

/** d3's category10 palette. */
export const PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];

const W = 560;
const H = 300;
const M = { top: 40, right: 20, bottom: 48, left: 56 };

export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function fmt(x: number): string {
  return Number.isInteger(x) ? String(x) : String(Math.round(x * 100) / 100);
}

function frame(title: string, body: string, label: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${esc(label)}" font-family="system-ui, sans-serif" font-size="12">` +
    `<title>${esc(title)}</title><rect width="${W}" height="${H}" fill="#fff"/>` +
    `<text x="${W / 2}" y="16" text-anchor="middle" font-size="14" font-weight="600">${esc(title)}</text>${body}</svg>`
  );
}

function yAxis(y: ScaleLinear<number, number>, label: string, format: (v: number) => string = fmt, integers = false): string {
  let s = `<g class="axis y"><line x1="${M.left}" x2="${M.left}" y1="${M.top}" y2="${H - M.bottom}" stroke="#333"/>`;
  for (const t of y.ticks(5)) {
    if (integers && !Number.isInteger(t)) continue;
    const py = y(t);
    s += `<line x1="${M.left - 4}" x2="${W - M.right}" y1="${py}" y2="${py}" stroke="#e5e5e5"/><line x1="${M.left - 4}" x2="${M.left}" y1="${py}" y2="${py}" stroke="#333"/>`;
    s += `<text x="${M.left - 7}" y="${py + 4}" text-anchor="end">${esc(format(t))}</text>`;
  }
  const mid = (M.top + H - M.bottom) / 2;
  return `${s}<text transform="translate(14,${mid}) rotate(-90)" text-anchor="middle">${esc(label)}</text></g>`;
}

function xAxisLinear(x: ScaleLinear<number, number>, label: string, format: (v: number) => string = fmt): string {
  const y0 = H - M.bottom;
  let s = `<g class="axis x"><line x1="${M.left}" x2="${W - M.right}" y1="${y0}" y2="${y0}" stroke="#333"/>`;
  for (const t of x.ticks(8)) s += `<line x1="${x(t)}" x2="${x(t)}" y1="${y0}" y2="${y0 + 4}" stroke="#333"/><text x="${x(t)}" y="${y0 + 17}" text-anchor="middle">${esc(format(t))}</text>`;
  return `${s}<text x="${(M.left + W - M.right) / 2}" y="${H - 8}" text-anchor="middle">${esc(label)}</text></g>`;
}

function xAxisBand(x: ScaleBand<string>, label: string): string {
  const y0 = H - M.bottom;
  let s = `<g class="axis x"><line x1="${M.left}" x2="${W - M.right}" y1="${y0}" y2="${y0}" stroke="#333"/>`;
  for (const d of x.domain()) s += `<text x="${x(d)! + x.bandwidth() / 2}" y="${y0 + 17}" text-anchor="middle">${esc(d)}</text>`;
  return `${s}<text x="${(M.left + W - M.right) / 2}" y="${H - 8}" text-anchor="middle">${esc(label)}</text></g>`;
}

/**
 * Win rate by seat: bars with their 95% Wilson intervals and the fair share as a dashed line.
 *
 * @example
 * winRateChart(summary.seats, 0.5); // '<svg …>'
 */
export function winRateChart(seats: readonly SeatFigures[], fairShare: number): string {
  const names = seats.map((s) => `Seat ${s.seat + 1} (${s.bot})`);
  const x = scaleBand<string>().domain(names).range([M.left, W - M.right]).padding(0.3);
  const y = scaleLinear().domain([0, 1]).range([H - M.bottom, M.top]);
  let body = yAxis(y, 'win rate', (v) => `${Math.round(v * 100)}%`) + xAxisBand(x, 'seat (bot)');
  seats.forEach((s, i) => {
    const bx = x(names[i]!)!;
    const bw = x.bandwidth();
    const cx = bx + bw / 2;
    body += `<rect class="bar" x="${bx}" y="${y(s.winRate)}" width="${bw}" height="${y(0) - y(s.winRate)}" fill="${PALETTE[i % PALETTE.length]}" opacity="0.85"><title>${esc(`${names[i]}: ${(s.winRate * 100).toFixed(1)}% (95% CI ${(s.ci95[0] * 100).toFixed(1)}–${(s.ci95[1] * 100).toFixed(1)}%)`)}</title></rect>`;
    const [lo, hi] = s.ci95;
    body += `<g class="ci" stroke="#111" stroke-width="1.5"><line x1="${cx}" x2="${cx}" y1="${y(lo)}" y2="${y(hi)}"/><line x1="${cx - 8}" x2="${cx + 8}" y1="${y(lo)}" y2="${y(lo)}"/><line x1="${cx - 8}" x2="${cx + 8}" y1="${y(hi)}" y2="${y(hi)}"/></g>`;
    body += `<text x="${cx}" y="${y(hi) - 6}" text-anchor="middle" font-weight="600">${(s.winRate * 100).toFixed(1)}%</text>`;
  });
  body += `<line class="fair" x1="${M.left}" x2="${W - M.right}" y1="${y(fairShare)}" y2="${y(fairShare)}" stroke="#555" stroke-dasharray="5 4"/><text x="${W - M.right}" y="${y(fairShare) - 4}" text-anchor="end" fill="#555">fair share ${(fairShare * 100).toFixed(0)}%</text>`;
  return frame('Win rate by seat (95% Wilson intervals)', body, 'bar chart of win rate by seat');
}

/**
 * Histogram of game lengths (accepted actions per game).
 *
 * @example
 * lengthHistogram([12, 15, 15, 30]);
 */
export function lengthHistogram(values: readonly number[], label = 'actions per game'): string {
  const lo = Math.min(...values, 0);
  const hi = Math.max(...values, 1);
  const x = scaleLinear().domain([lo, hi === lo ? lo + 1 : hi]).nice().range([M.left, W - M.right]);
  const bins = bin().domain(x.domain() as [number, number]).thresholds(x.ticks(20))(values.slice());
  const y = scaleLinear().domain([0, max(bins, (b) => b.length) ?? 1]).nice().range([H - M.bottom, M.top]);
  let body = yAxis(y, 'games', fmt, true) + xAxisLinear(x, label);
  for (const b of bins) {
    const x0 = x(b.x0!);
    const w = Math.max(0, x(b.x1!) - x0 - 1);
    body += `<rect class="bin" x="${x0 + 0.5}" y="${y(b.length)}" width="${w}" height="${y(0) - y(b.length)}" fill="${PALETTE[0]}"><title>${b.x0}–${b.x1}: ${b.length} games</title></rect>`;
  }
  return frame(`Game length (${values.length} games)`, body, 'histogram of game length');
}

/**
 * Mean score (per round) or mean standing (along the game) for each seat, one line per seat.
 *
 * @example
 * progressionChart(summary.progression.series, 'round', ['Seat 1 (ismcts)', 'Seat 2 (random)']);
 */
export function progressionChart(series: readonly ProgressionSeries[], by: 'round' | 'progress', names: readonly string[]): string {
  const all = series.flatMap((s) => s.points);
  if (all.length === 0) return frame('Score progression', `<text x="${W / 2}" y="${H / 2}" text-anchor="middle">no data</text>`, 'no data');
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const x = scaleLinear().domain([Math.min(...xs), Math.max(...xs) === Math.min(...xs) ? Math.min(...xs) + 1 : Math.max(...xs)]).range([M.left, W - M.right]);
  const yLo = Math.min(...ys);
  const yHi = Math.max(...ys);
  const y = scaleLinear().domain(yLo === yHi ? [yLo - 1, yHi + 1] : [yLo, yHi]).nice().range([H - M.bottom, M.top]);
  const path = line<[number, number]>().x((p) => x(p[0])).y((p) => y(p[1]));
  let body =
    yAxis(y, by === 'round' ? 'mean total score' : 'mean standing') +
    xAxisLinear(x, by === 'round' ? 'round' : '% of the game (actions)', by === 'round' ? fmt : (v) => `${v}%`);
  series.forEach((s, i) => {
    const colour = PALETTE[i % PALETTE.length];
    body += `<path class="series" d="${path(s.points)}" fill="none" stroke="${colour}" stroke-width="2"/>`;
    for (const p of s.points) body += `<circle cx="${x(p[0])}" cy="${y(p[1])}" r="2.5" fill="${colour}"/>`;
    const lx = M.left + 10 + (i % 4) * 125;
    const ly = M.top + 6 + Math.floor(i / 4) * 16;
    body += `<rect x="${lx}" y="${ly}" width="10" height="10" fill="${colour}"/><text x="${lx + 14}" y="${ly + 9}">${esc(names[i] ?? `Seat ${s.seat + 1}`)}</text>`;
  });
  const title = by === 'round' ? 'Score progression (mean total after each round)' : 'Standing along the game (bots’ evaluation)';
  return frame(title, body, 'line chart of score progression');
}
