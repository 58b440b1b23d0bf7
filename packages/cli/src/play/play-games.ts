// Headless play: whole games between bots on a logical clock, with the invariants checked after
// every action and timer, and a stuck detector. Pure given the runtime (no I/O, no clock but
// the wall time it measures for moves per second).
import { isRejected, type Action, type Bot, type GameDef, type GameState, type OptionValue, type RngState, type Runtime } from './runtime-api.ts';

export interface PlayOptions {
  players: number;
  /** Seed of the first game; game N uses seed + N − 1. */
  seed: number;
  games: number;
  /** Bot level per seat. */
  bots: readonly string[];
  options: Record<string, OptionValue>;
  /** Accepted actions after which a game counts as stuck (`max-actions`). */
  maxActions: number;
  /** Check the invariants after every action and timer (default true). */
  invariants?: boolean;
  /** A clock in ms for moves per second (the CLI passes performance.now). */
  clock?: () => number;
  /** Called after each game (for progress or streaming output). */
  onGame?: (g: GameRecord, index: number) => void;
}

/** How a game stopped: normally, by a runtime guard, or by this driver's stuck detector. */
export type EndedBy = 'end' | 'stuck:triggers' | 'stuck:limit' | 'max-actions' | 'no-legal-action';

export interface GameRecord {
  seed: number;
  winners: number[];
  scores: number[];
  /** Accepted actions. */
  actions: number;
  endedBy: EndedBy;
  /** Plays that arrived rejected (races lost, stale decisions), fired timers and rounds played. */
  rejected: number;
  timers: number;
  rounds: number;
  /** Logical time at the end (ms). */
  time: number;
  /** Steps after which an invariant did not hold, with the first sentence of the first one. */
  violations: number;
  firstViolation?: string;
}

export interface PlayReport {
  games: GameRecord[];
  invariantViolations: number;
  stuckGames: number;
  /** Accepted actions per wall-clock second over every game (invariant checks included). */
  movesPerSecond: number;
  /** Mean accepted actions per game. */
  meanActions: number;
  /** Wall-clock ms, and the part of it spent checking invariants. */
  ms: number;
  invariantMs: number;
}

/** How long to look ahead, when nobody can act and no timer is pending, for a rate limit to pass. */
const RATE_PROBE_MS = [100, 300, 1000, 3000];

/**
 * Plays `opts.games` games of `def` between bots and reports each result.
 *
 * @example
 * const report = playGames(rt, def, { players: 3, seed: 1, games: 100, bots: ['random', 'random', 'random'], options: {}, maxActions: 20_000 });
 */
export function playGames(rt: Runtime, def: GameDef, opts: PlayOptions): PlayReport {
  const clock = opts.clock ?? (() => 0);
  const bots = opts.bots.map((l) => rt.botFor(l));
  const games: GameRecord[] = [];
  let invariantMs = 0;
  const started = clock();
  for (let g = 0; g < opts.games; g++) {
    const record = playOne(rt, def, bots, opts, opts.seed + g, (state) => {
      if (opts.invariants === false) return [];
      const t = clock();
      const v = rt.checkInvariants(def, state);
      invariantMs += clock() - t;
      return v;
    });
    games.push(record);
    opts.onGame?.(record, g);
  }
  const ms = clock() - started;
  const actions = games.reduce((n, g) => n + g.actions, 0);
  return {
    games,
    invariantViolations: games.reduce((n, g) => n + g.violations, 0),
    stuckGames: games.filter((g) => g.endedBy !== 'end').length,
    movesPerSecond: ms > 0 ? Math.round((actions / ms) * 1000) : 0,
    meanActions: games.length > 0 ? actions / games.length : 0,
    ms,
    invariantMs,
  };
}

interface Pending {
  at: number;
  action: Action;
}

function playOne(rt: Runtime, def: GameDef, bots: readonly Bot[], opts: PlayOptions, seed: number, check: (s: GameState) => string[]): GameRecord {
  const n = opts.players;
  let state = rt.setup(def, { players: n, seed, options: opts.options, maxMoves: Math.max(100_000, opts.maxActions * 4) });
  const decide: RngState[] = bots.map((_, p) => rt.deriveRng(seed, `bot:${p}`));
  const react: RngState[] = bots.map((_, p) => rt.deriveRng(seed, `react:${p}`));
  const rec: GameRecord = { seed, winners: [], scores: [], actions: 0, endedBy: 'end', rejected: 0, timers: 0, rounds: 0, time: 0, violations: 0 };
  const pending: (Pending | null)[] = new Array<Pending | null>(n).fill(null);
  // The state version a seat last found nothing to do in (it decides again when the state changes).
  const idleAt: number[] = new Array<number>(n).fill(-1);
  let version = 0;
  let now = state.lastAt;
  const changed = (next: GameState): void => {
    state = next;
    version++;
    const v = check(state);
    if (v.length > 0) {
      rec.violations++;
      rec.firstViolation ??= v[0];
    }
  };
  while (state.result === null) {
    // Plays that keep arriving rejected or timers that change nothing also count against the guard.
    if (rec.actions >= opts.maxActions || rec.rejected + rec.timers > 20 * opts.maxActions) {
      rec.endedBy = 'max-actions';
      break;
    }
    for (let p = 0; p < n; p++) {
      if (pending[p] !== null || idleAt[p] === version) continue;
      const action = rt.canAct(def, state, p, now) ? bots[p]!.choose(def, state, p, decide[p]!, { now }) : null;
      if (action === null) idleAt[p] = version;
      else pending[p] = { at: now + bots[p]!.reactionDelay(react[p]!, def), action };
    }
    let next = -1;
    for (let p = 0; p < n; p++) if (pending[p] !== null && (next < 0 || pending[p]!.at < pending[next]!.at)) next = p;
    const due = rt.nextDeadline(state);
    if (next < 0) {
      // Nobody has anything under way: a seat that found nothing to do only because of a rate
      // limit decides again (as its bot would) once it lapses, if that comes before the next timer.
      const wait = rateWake(rt, def, state, now, n, due ?? Infinity);
      if (wait !== null) {
        now += wait;
        idleAt.fill(-1);
        continue;
      }
    }
    if (next < 0 && due === null) {
      // Nobody has anything under way and no timer is pending: someone who let the moment
      // pass must act, or a rate limit must lapse; otherwise the game is stuck.
      const forced = forceSomeone(rt, def, state, now, n);
      if (forced === null) {
        rec.endedBy = 'no-legal-action';
        break;
      }
      pending[forced.seat] = { at: forced.at, action: forced.action };
      continue;
    }
    if (next < 0 || (due !== null && due <= pending[next]!.at)) {
      now = Math.max(now, due!);
      const r = rt.tick(def, state, now);
      if (r.state === state) {
        // A deadline that does not fire would repeat forever (a runtime bug): count it as stuck.
        rec.endedBy = 'no-legal-action';
        break;
      }
      rec.timers++;
      changed(r.state);
      continue;
    }
    const play = pending[next]!;
    pending[next] = null;
    now = Math.max(now, play.at);
    const r = rt.apply(def, state, next, play.action, now);
    if (isRejected(r)) {
      rec.rejected++;
      idleAt[next] = -1;
      continue;
    }
    rec.actions++;
    changed(r.state);
  }
  const result = state.result;
  if (result !== null) {
    rec.winners = result.winners;
    rec.scores = result.scores;
    rec.endedBy = result.endedBy === 'end' ? 'end' : result.reason === 'triggers' ? 'stuck:triggers' : 'stuck:limit';
  }
  rec.rounds = state.round;
  rec.time = Math.max(now, state.lastAt);
  return rec;
}

/** The shortest probe wait after which some seat may act before `due` (a rate limit lapsed), or null. */
function rateWake(rt: Runtime, def: GameDef, state: GameState, now: number, n: number, due: number): number | null {
  for (const wait of RATE_PROBE_MS) {
    if (now + wait >= due) return null;
    for (let p = 0; p < n; p++) if (rt.canAct(def, state, p, now + wait)) return wait;
  }
  return null;
}

/** A legal action of the first seat that has one now, or after a short wait (rate limits); null when none. */
function forceSomeone(rt: Runtime, def: GameDef, state: GameState, now: number, n: number): { seat: number; at: number; action: Action } | null {
  for (const wait of [0, ...RATE_PROBE_MS]) {
    for (let p = 0; p < n; p++) {
      const legal = rt.sampledActions(def, state, p, now + wait);
      if (legal.length > 0) return { seat: p, at: now + wait, action: legal[0]! };
    }
  }
  return null;
}
