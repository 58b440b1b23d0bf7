// A whole game between bots on a logical clock: reaction delays schedule plays, timers fire when due.
//
// Each seat that can act decides on the state it sees (its bot's choice) and its play arrives
// one reaction delay later; meanwhile others may act first, so in real-time stages a stale
// play is rejected (`race/beaten`) exactly as at a server. Timers fire at `nextDeadline`
// before any play arriving at or after it; a seat held back by a rate limit decides when it
// lapses (`nextActionAt`), if that comes first. A seat that lets the moment pass decides again
// when the state changes. Pure and deterministic for a seed (unless a clock budget is used).
import { apply, canAct, nextActionAt, sampledActions, tick } from '../core/api.ts';
import type { Action } from '../core/codec.ts';
import type { GameEvent } from '../core/events.ts';
import type { GameDef } from '../core/game-def.ts';
import { setup, type OptionValue } from '../core/setup.ts';
import type { GameResult } from '../core/state.ts';
import { deriveRng, type RngState } from '../rng/index.ts';
import { nextDeadline } from '../timers/timers.ts';
import { evaluatorFor } from './evaluate.ts';
import { botFor, type Bot, type BotBudget } from './levels.ts';
import { randomBot } from './random-bot.ts';
import { isRealtime } from './situation.ts';

export interface MatchInput {
  players: number;
  seed: string | number;
  options?: Record<string, OptionValue>;
  /** Level (or alias) per seat. */
  bots: readonly string[];
  budget?: Omit<BotBudget, 'now'>;
  /** Stop after this many accepted actions (default 20 000): the match is then `capped`. */
  maxActions?: number;
  /** Record standings along the game for lead changes and progression (default true). */
  trackStandings?: boolean;
}

/** Standings of every player after `at` accepted actions (higher is better; see evaluate.ts). */
export interface Checkpoint {
  at: number;
  standings: number[];
}

export interface MatchRecord {
  seed: string | number;
  players: number;
  bots: string[];
  /** The game's result, or null when capped (or stalled: nobody could act, now or once a rate limit lapsed, and no timer was pending). */
  result: GameResult | null;
  capped: boolean;
  /** Accepted actions. */
  actions: number;
  /** Rounds played (the round number at the end). */
  rounds: number;
  /** Logical time at the end (ms). */
  time: number;
  /** Plays submitted (accepted or rejected) and how many a seat had no choice for. */
  decisions: number;
  forced: number;
  /** Plays submitted during real-time stages and windows, rejected ones, and `race/beaten` ones. */
  realtime: { submitted: number; rejected: number; beaten: number };
  /** Rejections by code. */
  rejections: Record<string, number>;
  /** Seat of the first accepted action, −1 if none. */
  firstMover: number;
  /** Scores after each round. */
  roundScores: number[][];
  /** Up to 256 evenly spaced checkpoints (when tracked). */
  checkpoints: Checkpoint[];
}

interface Pending {
  at: number;
  action: Action;
  forced: boolean;
  realtime: boolean;
}

const MAX_CHECKPOINTS = 256;

/**
 * Plays one game between bots and records what a balance report needs.
 *
 * @example
 * const rec = playMatch(def, { players: 2, seed: 'g1', bots: ['ismcts', 'random'], budget: { iterations: 200 } });
 * rec.result?.winners; // [0]
 */
export function playMatch(def: GameDef, input: MatchInput): MatchRecord {
  const n = input.players;
  const bots: Bot[] = input.bots.map((b) => botFor(b));
  if (bots.length !== n) throw new RangeError(`playMatch: ${bots.length} bots for ${n} seats`);
  let state = setup(def, { players: n, seed: input.seed, options: input.options });
  const decideRng: RngState[] = bots.map((_, p) => deriveRng(input.seed, `bot:${p}`));
  const reactRng: RngState[] = bots.map((_, p) => deriveRng(input.seed, `react:${p}`));
  const maxActions = input.maxActions ?? 20_000;
  const track = input.trackStandings ?? true;
  const ev = track ? evaluatorFor(def, state) : null;
  const rec: MatchRecord = {
    seed: input.seed, players: n, bots: bots.map((b) => b.level), result: null, capped: false,
    actions: 0, rounds: state.round, time: 0, decisions: 0, forced: 0,
    realtime: { submitted: 0, rejected: 0, beaten: 0 }, rejections: {}, firstMover: -1, roundScores: [], checkpoints: [],
  };
  let stride = 1;
  const checkpoint = (): void => {
    if (ev === null || rec.actions % stride !== 0) return;
    rec.checkpoints.push({ at: rec.actions, standings: ev.standings(state, true) });
    if (rec.checkpoints.length >= MAX_CHECKPOINTS) {
      stride *= 2;
      rec.checkpoints = rec.checkpoints.filter((c) => c.at % stride === 0);
    }
  };
  const record = (events: readonly GameEvent[]): void => {
    for (const e of events) if (e.type === 'round' && e.phase === 'end' && e.scores) rec.roundScores.push(e.scores.slice());
  };
  checkpoint();

  const pending: (Pending | null)[] = new Array(n).fill(null);
  const waitingAt: number[] = new Array(n).fill(-1);
  let version = 0;
  let now = state.lastAt;
  for (let guard = 0; state.result === null && rec.actions < maxActions && guard < maxActions * 20; guard++) {
    // Seats that can act and have nothing under way decide now, on the state they see.
    for (let p = 0; p < n; p++) {
      if (pending[p] !== null || waitingAt[p] === version || !canAct(def, state, p, now)) continue;
      const legal = sampledActions(def, state, p, now);
      const action = bots[p]!.choose(def, state, p, decideRng[p]!, { ...input.budget, now });
      if (action === null) {
        waitingAt[p] = version;
        continue;
      }
      const rt = isRealtime(def, state);
      pending[p] = { at: now + bots[p]!.reactionDelay(reactRng[p]!, def), action, forced: legal.length === 1, realtime: rt };
    }
    let next = -1;
    for (let p = 0; p < n; p++) if (pending[p] !== null && (next < 0 || pending[p]!.at < pending[next]!.at)) next = p;
    const due = nextDeadline(state);
    // Seats that cannot act now (neither a play under way nor waiting by choice) may be held back
    // only by a rate limit: when it lapses before anything else happens, they decide then.
    let wake = Infinity;
    for (let p = 0; p < n; p++) {
      if (pending[p] !== null || waitingAt[p] === version) continue;
      const at = nextActionAt(def, state, p, now);
      if (at !== null && at < wake) wake = at;
    }
    if (wake < (next < 0 ? Infinity : pending[next]!.at) && (due === null || wake < due)) {
      now = wake;
      continue;
    }
    if (next < 0 || (due !== null && due <= pending[next]!.at)) {
      if (due === null) {
        // Everyone able to act chose to wait and nothing else will happen: the first of them must act.
        const p = waitingAt.findIndex((v, seat) => v === version && canAct(def, state, seat, now));
        if (p < 0) break;
        const action = randomBot(def, state, p, decideRng[p]!, now)!;
        pending[p] = { at: now + bots[p]!.reactionDelay(reactRng[p]!, def), action, forced: false, realtime: isRealtime(def, state) };
        continue;
      }
      now = Math.max(now, due);
      const r = tick(def, state, now);
      if (r.state !== state) {
        state = r.state;
        version++;
        record(r.events);
      }
      continue;
    }
    const play = pending[next]!;
    pending[next] = null;
    now = Math.max(now, play.at);
    rec.decisions++;
    if (play.forced) rec.forced++;
    if (play.realtime) rec.realtime.submitted++;
    const r = apply(def, state, next, play.action, now);
    if ('rejected' in r) {
      const code = r.rejected.code;
      rec.rejections[code] = (rec.rejections[code] ?? 0) + 1;
      if (play.realtime) rec.realtime.rejected++;
      if (play.realtime && code === 'race/beaten') rec.realtime.beaten++;
      continue;
    }
    state = r.state;
    version++;
    rec.actions++;
    if (rec.firstMover < 0) rec.firstMover = next;
    record(r.events);
    checkpoint();
  }
  rec.result = state.result;
  rec.capped = state.result === null && rec.actions >= maxActions;
  rec.rounds = state.round;
  rec.time = Math.max(now, state.lastAt);
  if (ev !== null && (rec.checkpoints.length === 0 || rec.checkpoints[rec.checkpoints.length - 1]!.at !== rec.actions)) {
    rec.checkpoints.push({ at: rec.actions, standings: ev.standings(state, state.result === null) });
  }
  return rec;
}
