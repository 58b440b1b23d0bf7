// Timing helpers: a rate measured over a wall-clock window, and the median/min/max of several runs.
import { performance } from 'node:perf_hooks';

/** A figure over several runs. */
export interface Figure {
  median: number;
  min: number;
  max: number;
}

/**
 * Median, min and max of the runs' values (the median of an even count is the mean of the middle two).
 *
 * @example
 * figure([3, 1, 2]); // { median: 2, min: 1, max: 3 }
 */
export function figure(values: readonly number[]): Figure {
  if (values.length === 0) throw new RangeError('figure: no values');
  const v = [...values].sort((a, b) => a - b);
  const mid = v.length >> 1;
  const median = v.length % 2 === 1 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
  return { median, min: v[0]!, max: v[v.length - 1]! };
}

/** What a measured window did: units (moves, calls, iterations) and whole items (playouts). */
/** A figure as `median (min–max)`, rounded, with thousands separators. */
export function formatFigure(values: readonly number[]): string {
  const x = figure(values);
  const n = (v: number): string => Math.round(v).toLocaleString('en');
  return `${n(x.median)} (${n(x.min)}–${n(x.max)})`;
}

export interface Window {
  units: number;
  items: number;
  seconds: number;
}

/**
 * Calls `step` (which returns the units it did) until `seconds` have passed, at least once.
 *
 * @example
 * const w = timeWindow(0.5, () => { work(); return 1; }); // units / w.seconds per second
 */
export function timeWindow(seconds: number, step: (i: number) => number, clock: () => number = () => performance.now()): Window {
  const t0 = clock();
  const end = t0 + seconds * 1000;
  let units = 0;
  let items = 0;
  let t: number;
  do {
    units += step(items);
    items++;
    t = clock();
  } while (t < end);
  return { units, items, seconds: (t - t0) / 1000 };
}

/**
 * Times several implementations in turn: each gets `seconds` in all, cut into `slices` windows
 * taken round-robin (A, B, C, A, B, C, …), so that a change of the machine's load during the
 * measurement falls on every one alike and their ratio holds (one window each would charge a
 * minute of disturbance to whichever ran then). `step(i)` of each is called with 0, 1, 2 … across
 * its windows (a seed: no game is replayed from one window to the next). One window per entry.
 *
 * @example
 * const [a, b] = interleavedWindows(1, 5, [(seed) => playA(seed), (seed) => playB(seed)]);
 * perSecond(a) / perSecond(b); // A's speed over B's, the same minutes of the machine
 */
export function interleavedWindows(
  seconds: number,
  slices: number,
  steps: readonly ((i: number) => number)[],
  clock: () => number = () => performance.now(),
): Window[] {
  const out: Window[] = steps.map(() => ({ units: 0, items: 0, seconds: 0 }));
  for (let k = 0; k < slices; k++) {
    steps.forEach((step, i) => {
      const sum = out[i]!;
      const from = sum.items;
      const w = timeWindow(seconds / slices, (j) => step(from + j), clock);
      sum.units += w.units;
      sum.items += w.items;
      sum.seconds += w.seconds;
    });
  }
  return out;
}

/** Units per second of a window. */
export const perSecond = (w: Window): number => w.units / w.seconds;
/** Items per second of a window. */
export const itemsPerSecond = (w: Window): number => w.items / w.seconds;
