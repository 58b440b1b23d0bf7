// `decksmith simulate --latency p1=10,p2=90`: each seat's share of the races it took part in, with
// and without latency compensation (docs/fairness.md). Random bots play seeded games; at each
// moment every seat that can act picks a legal action and reacts after a human-like delay drawn
// from the same distribution for every seat (its bot level's), and its play reaches the table its
// latency later. The plays in flight are decided in the runtime's order (`rankPlays`) under the
// game's window, or on arrival with compensation off. A race is a moment where two or more seats
// played and at least one lost to an earlier play (race/beaten, a closed window, a round over …).
import type * as Runtime from '@decksmith/runtime';
import type { GameDef, OptionValue } from './runtime.ts';
import { esc } from './report/charts.ts';

export type FairnessRuntime = Pick<typeof Runtime,
  'setup' | 'sampledActions' | 'apply' | 'tick' | 'nextDeadline' | 'compensationWindow' | 'rankPlays' | 'deriveRng' | 'nextInt' | 'reactionDelay'>;

export interface FairnessInput {
  def: GameDef;
  players: number;
  games: number;
  seed: string;
  options: Record<string, OptionValue>;
  /** One-way latency (ms) per seat. */
  latencies: readonly number[];
  /** Bot level whose reaction delays every seat uses. */
  level?: string;
  /** Stop a game after this many decided moments. */
  maxMoments?: number;
}

export interface SeatFairness {
  seat: number;
  latency: number;
  races: number;
  won: number;
  /** won / races, or null without races. */
  winRate: number | null;
}

export interface FairnessSummary {
  latencies: readonly number[];
  games: number;
  compensated: SeatFairness[];
  uncompensated: SeatFairness[];
}

const LOST = new Set(['race/beaten', 'window/closed', 'stage/not_now', 'round/over', 'game/over', 'action/already_done']);

function run(rt: FairnessRuntime, input: FairnessInput, compensate: boolean): SeatFairness[] {
  const { def, players, latencies } = input;
  const races = new Array<number>(players).fill(0);
  const won = new Array<number>(players).fill(0);
  const level = input.level ?? 'random';
  for (let g = 0; g < input.games; g++) {
    const seed = `${input.seed}/${g}`;
    const rng = rt.deriveRng(seed, 'fairness');
    let state = rt.setup(def, { players, seed, options: input.options, now: 0 });
    let now = 0;
    for (let m = 0; m < (input.maxMoments ?? 5000) && state.result === null; m++) {
      const plays: { seat: number; action: Runtime.Action; arrivedAt: number; delay: number }[] = [];
      for (let seat = 0; seat < players; seat++) {
        const legal = rt.sampledActions(def, state, seat, now);
        if (legal.length === 0) continue;
        const action = legal[rt.nextInt(rng, legal.length)]!;
        const sent = now + rt.reactionDelay(level, rng);
        plays.push({ seat, action, arrivedAt: sent + latencies[seat]!, delay: latencies[seat]! });
      }
      if (plays.length === 0) {
        const due = rt.nextDeadline(state);
        if (due === null) break;
        now = Math.max(now, due);
        state = rt.tick(def, state, now).state;
        continue;
      }
      plays.sort((a, b) => a.arrivedAt - b.arrivedAt);
      const window = compensate ? rt.compensationWindow(def, state) : 0;
      let winner = -1;
      const lost: number[] = [];
      for (const p of rt.rankPlays(plays, window)) {
        // Decided at its send time (compensated) or its arrival, never before what was decided already.
        now = Math.max(now, p.sentAt);
        const r = rt.apply(def, state, p.seat, p.action, now);
        if ('rejected' in r) {
          if (winner >= 0 && LOST.has(r.rejected.code)) lost.push(p.seat);
          continue;
        }
        state = r.state;
        if (winner < 0) winner = p.seat;
      }
      if (winner >= 0 && lost.length > 0) {
        races[winner]!++;
        won[winner]!++;
        for (const s of new Set(lost)) if (s !== winner) races[s]!++;
      }
      now = Math.max(now, ...plays.map((p) => p.arrivedAt));
    }
  }
  return races.map((n, seat) => ({ seat, latency: latencies[seat]!, races: n, won: won[seat]!, winRate: n === 0 ? null : won[seat]! / n }));
}

/** Races won per seat over `games` seeded games, with the game's compensation window and without. */
export function measureFairness(rt: FairnessRuntime, input: FairnessInput): FairnessSummary {
  return { latencies: input.latencies, games: input.games, compensated: run(rt, input, true), uncompensated: run(rt, input, false) };
}

/** `p1=10,p2=90` (or `10,90`) → latency per seat; seats not named get 0. Null when malformed. */
export function parseLatencies(text: string, players: number): number[] | null {
  const out = new Array<number>(players).fill(0);
  const parts = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (parts.length === 0) return null;
  for (const [i, part] of parts.entries()) {
    const m = /^(?:p(\d+)\s*=\s*)?(\d+(?:\.\d+)?)\s*(?:ms)?$/.exec(part);
    if (m === null) return null;
    const seat = m[1] === undefined ? i : Number(m[1]) - 1;
    if (seat < 0 || seat >= players) return null;
    out[seat] = Number(m[2]);
  }
  return out;
}

const pct = (x: number | null): string => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);

export function formatFairness(f: FairnessSummary): string {
  const lines = [`race fairness over ${f.games} games (share of the races each seat took part in):`, '  seat  latency   compensated        first received wins'];
  for (let i = 0; i < f.latencies.length; i++) {
    const c = f.compensated[i]!;
    const u = f.uncompensated[i]!;
    lines.push(`  p${i + 1}    ${String(f.latencies[i]).padStart(4)} ms   ${pct(c.winRate).padStart(6)} of ${String(c.races).padEnd(6)}   ${pct(u.winRate).padStart(6)} of ${u.races}`);
  }
  return lines.join('\n');
}

/** The report's section: a grouped bar chart of win rates by seat (latency), with and without compensation, and the table. */
export function fairnessSection(f: FairnessSummary): string {
  const n = f.latencies.length;
  const W = 520;
  const H = 220;
  const left = 40;
  const bottom = 40;
  const group = (W - left - 10) / n;
  const bar = Math.min(40, group / 3);
  const y = (v: number) => H - bottom - v * (H - bottom - 20);
  let svg = `<svg width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="race win rate by latency"><title>Race win rate by latency</title>`;
  for (const t of [0, 0.25, 0.5, 0.75, 1]) svg += `<line x1="${left}" x2="${W - 10}" y1="${y(t)}" y2="${y(t)}" stroke="#eee"/><text x="${left - 4}" y="${y(t) + 4}" font-size="10" text-anchor="end">${t * 100}%</text>`;
  svg += `<line x1="${left}" x2="${W - 10}" y1="${y(1 / Math.max(1, n))}" y2="${y(1 / Math.max(1, n))}" stroke="#888" stroke-dasharray="4 3"/>`;
  for (let i = 0; i < n; i++) {
    const x0 = left + i * group + group / 2 - bar;
    const c = f.compensated[i]!.winRate ?? 0;
    const u = f.uncompensated[i]!.winRate ?? 0;
    svg += `<rect x="${x0}" y="${y(c)}" width="${bar - 2}" height="${y(0) - y(c)}" fill="#2e7d32"><title>p${i + 1} compensated ${pct(c)}</title></rect>`;
    svg += `<rect x="${x0 + bar}" y="${y(u)}" width="${bar - 2}" height="${y(0) - y(u)}" fill="#c62828"><title>p${i + 1} first received ${pct(u)}</title></rect>`;
    svg += `<text x="${x0 + bar}" y="${H - bottom + 14}" font-size="11" text-anchor="middle">p${i + 1} · ${f.latencies[i]} ms</text>`;
  }
  svg += `<rect x="${left}" y="${H - 14}" width="10" height="10" fill="#2e7d32"/><text x="${left + 14}" y="${H - 5}" font-size="11">compensated</text>`;
  svg += `<rect x="${left + 110}" y="${H - 14}" width="10" height="10" fill="#c62828"/><text x="${left + 124}" y="${H - 5}" font-size="11">first received wins</text></svg>`;
  let h = `<h2>Race fairness by latency</h2><div class="charts">${svg}</div>`;
  h += '<table class="fairness"><tr><th>seat</th><th>latency</th><th>won (compensated)</th><th>won (first received)</th></tr>';
  for (let i = 0; i < n; i++) {
    const c = f.compensated[i]!;
    const u = f.uncompensated[i]!;
    h += `<tr><td>p${i + 1}</td><td>${esc(String(f.latencies[i]))} ms</td><td>${pct(c.winRate)} of ${c.races}</td><td>${pct(u.winRate)} of ${u.races}</td></tr>`;
  }
  return `${h}</table><p class="note">A race: two or more seats played at one moment and a later play lost to an earlier one. Every seat reacts with the same delay distribution; only the latency differs. Compensated: ranked by estimated send time within the game's window (docs/fairness.md).</p>`;
}
