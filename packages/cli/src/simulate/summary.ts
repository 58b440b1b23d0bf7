// Balance figures from many bot games: win rates with intervals, lengths, leads, real-time rejections.
//
// Conventions (also printed in the report):
// - A game won by k players counts 1/k win for each of them (shared wins are fractions);
//   a game stopped by the move cap or stuck counts as played with no winner.
// - winRate = wins / games; ci95 is the Wilson score interval at n = games.
// - The first seat is the seat of the first accepted action; its advantage is its win rate
//   minus the fair share 1/players.
// - Leaders are read from the bots' standings (evaluate.ts in the runtime) at up to 256 evenly
//   spaced checkpoints per game; a tie for the lead has no leader. Lead changes count switches
//   between successive leaders. Decisiveness is the share of games with a single winning side
//   whose leader at half time (the last checkpoint at or before half the actions) won.
import type { MatchRecord } from './runtime.ts';
import { describe, round6, wilson, type Distribution } from './stats.ts';

export interface Rate {
  games: number;
  wins: number;
  winRate: number;
  ci95: [number, number];
}

export interface SeatFigures extends Rate {
  seat: number;
  /** The seat's bot level (or `rotating` when levels rotate between games). */
  bot: string;
}

export interface BotFigures extends Rate {
  bot: string;
}

export interface ProgressionSeries {
  seat: number;
  points: [number, number][];
}

export interface SimulationSummary {
  game: string;
  title: string;
  players: number;
  games: number;
  seed: string;
  options: Record<string, string | number | boolean>;
  bots: string[];
  rotate: boolean;
  seats: SeatFigures[];
  /** Win rates by bot level over all the seats it played (meaningful with rotation). */
  byBot: BotFigures[];
  length: { actions: Distribution; rounds: Distribution; time: Distribution; decisions: Distribution };
  firstSeat: Rate & { fairShare: number; advantage: number };
  leadChanges: Distribution;
  decisiveness: { games: number; leaderWon: number; rate: number | null; ci95: [number, number] | null };
  realtime: { submitted: number; rejected: number; beaten: number; rejectedShare: number | null; beatenShare: number | null };
  forcedMoves: { decisions: number; forced: number; share: number | null };
  rejections: Record<string, number>;
  endings: { decided: number; shared: number; stuck: number; capped: number };
  /** The action cap a game was stopped at (`capped` games did not end by the rules). */
  maxActions: number;
  /** Mean score by seat after each round (x = round), or mean standing by seat along the game (x = % of actions). */
  progression: { by: 'round' | 'progress'; series: ProgressionSeries[] };
  /** Game lengths in accepted actions, one per game (for the histogram). */
  actionsPerGame: number[];
}

export interface SummaryMeta {
  game: string;
  title: string;
  seed: string;
  options: Record<string, string | number | boolean>;
  bots: string[];
  rotate: boolean;
  /** The action cap the games were played with. */
  maxActions: number;
}

function rate(wins: number, games: number): Rate {
  const [lo, hi] = wilson(wins, games);
  return { games, wins: round6(wins), winRate: games > 0 ? round6(wins / games) : 0, ci95: [round6(lo), round6(hi)] };
}

/** Win share of every seat in one game (1/k for each of k winners). */
export function winSharesOf(rec: MatchRecord): number[] {
  const out = new Array<number>(rec.players).fill(0);
  const w = rec.result?.winners ?? [];
  for (const p of w) out[p] = 1 / w.length;
  return out;
}

/** The single leader of a standings vector, or −1 on a tie. */
export function leaderOf(standings: readonly number[]): number {
  let best = -1;
  let tie = false;
  for (let p = 0; p < standings.length; p++) {
    if (best < 0 || standings[p]! > standings[best]!) {
      best = p;
      tie = false;
    } else if (standings[p] === standings[best]) tie = true;
  }
  return tie ? -1 : best;
}

/** Number of switches between successive (non-tied) leaders. */
export function leadChanges(rec: MatchRecord): number {
  let last = -1;
  let changes = 0;
  for (const c of rec.checkpoints) {
    const l = leaderOf(c.standings);
    if (l < 0) continue;
    if (last >= 0 && l !== last) changes++;
    last = l;
  }
  return changes;
}

/** The leader at half time: the last checkpoint at or before half the actions (−1: none or tied). */
export function halfTimeLeader(rec: MatchRecord): number {
  let l = -1;
  for (const c of rec.checkpoints) {
    if (c.at > rec.actions / 2) break;
    l = leaderOf(c.standings);
  }
  return l;
}

/** Whether all winners are on one side (players of a partnership share a win). */
function singleWinningSide(rec: MatchRecord, sideOf?: readonly number[]): boolean {
  const w = rec.result?.winners ?? [];
  if (w.length === 0 || w.length === rec.players) return false;
  if (w.length === 1) return true;
  return sideOf !== undefined && w.every((p) => sideOf[p] === sideOf[w[0]!]);
}

/**
 * Aggregates match records into the report's figures.
 *
 * @example
 * const s = summarize(records, { game: 'shed', title: 'Shed', seed: 's', options: {}, bots: ['random', 'random'], rotate: false, maxActions: 20_000 });
 * s.seats[0].winRate; // 0.55
 */
export function summarize(records: readonly MatchRecord[], meta: SummaryMeta, sideOf?: readonly number[]): SimulationSummary {
  const games = records.length;
  const players = records[0]?.players ?? meta.bots.length;
  const seatWins = new Array<number>(players).fill(0);
  const botWins = new Map<string, { wins: number; games: number }>();
  let firstGames = 0;
  let firstWins = 0;
  let decGames = 0;
  let decWon = 0;
  const rt = { submitted: 0, rejected: 0, beaten: 0 };
  let decisions = 0;
  let forced = 0;
  const rejections: Record<string, number> = {};
  const endings = { decided: 0, shared: 0, stuck: 0, capped: 0 };
  for (const rec of records) {
    const shares = winSharesOf(rec);
    shares.forEach((s, p) => {
      seatWins[p]! += s;
      const b = botWins.get(rec.bots[p]!) ?? { wins: 0, games: 0 };
      b.wins += s;
      b.games++;
      botWins.set(rec.bots[p]!, b);
    });
    if (rec.firstMover >= 0) {
      firstGames++;
      firstWins += shares[rec.firstMover]!;
    }
    if (singleWinningSide(rec, sideOf)) {
      const l = halfTimeLeader(rec);
      if (l >= 0) {
        decGames++;
        if (rec.result!.winners.includes(l)) decWon++;
      }
    }
    rt.submitted += rec.realtime.submitted;
    rt.rejected += rec.realtime.rejected;
    rt.beaten += rec.realtime.beaten;
    decisions += rec.decisions;
    forced += rec.forced;
    for (const [k, v] of Object.entries(rec.rejections)) rejections[k] = (rejections[k] ?? 0) + v;
    if (rec.capped) endings.capped++;
    else if (rec.result === null || rec.result.endedBy === 'stuck') endings.stuck++;
    else if (singleWinningSide(rec, sideOf)) endings.decided++;
    else endings.shared++;
  }
  const seatBot = (p: number): string => {
    const set = new Set(records.map((r) => r.bots[p]));
    return set.size === 1 ? [...set][0]! : 'rotating';
  };
  const first = rate(firstWins, firstGames);
  const dec = decGames > 0 ? rate(decWon, decGames) : null;
  return {
    game: meta.game,
    title: meta.title,
    players,
    games,
    seed: meta.seed,
    options: meta.options,
    bots: meta.bots,
    rotate: meta.rotate,
    seats: seatWins.map((w, seat) => ({ seat, bot: seatBot(seat), ...rate(w, games) })),
    byBot: [...botWins.entries()].map(([bot, b]) => ({ bot, ...rate(b.wins, b.games) })),
    length: {
      actions: rounded(describe(records.map((r) => r.actions))),
      rounds: rounded(describe(records.map((r) => r.rounds))),
      time: rounded(describe(records.map((r) => r.time))),
      decisions: rounded(describe(records.map((r) => r.decisions))),
    },
    firstSeat: { ...first, fairShare: round6(1 / players), advantage: round6(first.winRate - 1 / players) },
    leadChanges: rounded(describe(records.map(leadChanges))),
    decisiveness: { games: decGames, leaderWon: decWon, rate: dec?.winRate ?? null, ci95: dec?.ci95 ?? null },
    realtime: {
      ...rt,
      rejectedShare: rt.submitted > 0 ? round6(rt.rejected / rt.submitted) : null,
      beatenShare: rt.submitted > 0 ? round6(rt.beaten / rt.submitted) : null,
    },
    forcedMoves: { decisions, forced, share: decisions > 0 ? round6(forced / decisions) : null },
    rejections,
    endings,
    maxActions: meta.maxActions,
    progression: progression(records, players),
    actionsPerGame: records.map((r) => r.actions),
  };
}

function rounded(d: Distribution): Distribution {
  return { mean: round6(d.mean), median: round6(d.median), p95: round6(d.p95), min: d.min, max: d.max };
}

/** Mean scores per round when games have several rounds, else mean standings along the game. */
function progression(records: readonly MatchRecord[], players: number): SimulationSummary['progression'] {
  const multiRound = records.some((r) => r.roundScores.length > 1);
  const series: ProgressionSeries[] = [];
  for (let p = 0; p < players; p++) series.push({ seat: p, points: [] });
  if (multiRound) {
    const maxRounds = Math.max(...records.map((r) => r.roundScores.length));
    for (let k = 0; k < maxRounds; k++) {
      const reached = records.filter((r) => r.roundScores.length > k);
      for (let p = 0; p < players; p++) {
        const mean = reached.reduce((s, r) => s + r.roundScores[k]![p]!, 0) / reached.length;
        series[p]!.points.push([k + 1, round6(mean)]);
      }
    }
    return { by: 'round', series };
  }
  for (let step = 0; step <= 10; step++) {
    const frac = step / 10;
    const sums = new Array<number>(players).fill(0);
    let count = 0;
    for (const r of records) {
      if (r.checkpoints.length === 0) continue;
      const target = frac * r.actions;
      let best = r.checkpoints[0]!;
      for (const c of r.checkpoints) if (Math.abs(c.at - target) < Math.abs(best.at - target)) best = c;
      best.standings.forEach((v, p) => (sums[p]! += v));
      count++;
    }
    if (count === 0) continue;
    for (let p = 0; p < players; p++) series[p]!.points.push([step * 10, round6(sums[p]! / count)]);
  }
  return { by: 'progress', series };
}
