// Geometry of the score-history chart: one polyline per player over the rounds' running totals. Pure, so it is unit-tested.

export interface ChartInput {
  /** Running totals after each round, in round order: totals[r][player]. */
  totals: readonly (readonly number[])[];
  players: number;
  width: number;
  height: number;
  /** Room for the axis labels. */
  pad: number;
}

export interface ChartSeries {
  player: number;
  points: { x: number; y: number; round: number; total: number }[];
}

export interface Chart {
  series: ChartSeries[];
  /** The y of score 0 (a baseline when scores go negative). */
  zeroY: number;
  min: number;
  max: number;
}

/**
 * Places one point per round per player: x spreads the rounds over the width, y maps the range
 * of every total (0 included) onto the height, higher scores up.
 *
 * @example
 * chartOf({ totals: [[5, 0], [5, 12]], players: 2, width: 300, height: 120, pad: 20 }).series[1].points.length // 2
 */
export function chartOf(input: ChartInput): Chart {
  const { totals, players, width, height, pad } = input;
  const all = totals.flatMap((t) => t.slice(0, players));
  const min = Math.min(0, ...all);
  const max = Math.max(0, ...all, min + 1);
  const x = (r: number) => pad + (totals.length <= 1 ? (width - 2 * pad) / 2 : (r * (width - 2 * pad)) / (totals.length - 1));
  const y = (v: number) => height - pad - ((v - min) * (height - 2 * pad)) / (max - min);
  const series = Array.from({ length: players }, (_, p) => ({
    player: p,
    points: totals.map((t, r) => ({ x: x(r), y: y(t[p] ?? 0), round: r + 1, total: t[p] ?? 0 })),
  }));
  return { series, zeroY: y(0), min, max };
}
