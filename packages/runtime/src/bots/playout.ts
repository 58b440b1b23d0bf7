// The fast random-playout path: one whole game between uniformly random bots, played in place
// on one private working copy (no copy per action, no wire actions, no events, no view ids).
// test/fixtures/reference-playout.ts is the same loop over the public API; the tests check that
// both play the very same game.
import { availability } from '../arbitration/checks.ts';
import { nextActionTime } from '../arbitration/next-action.ts';
import { engineFor, type Engine } from '../core/engine.ts';
import { NONE, type GameDef } from '../core/game-def.ts';
import { hasLegal, legalInto, type LegalBuffer } from '../core/legal.ts';
import { run } from '../core/perform.ts';
import { VarOutOfRange } from '../core/var-range.ts';
import { finishGame } from '../flow/rounds.ts';
import { setup, type OptionValue } from '../core/setup.ts';
import type { GameResult } from '../core/state.ts';
import { deriveRng, nextInt } from '../rng/index.ts';
import { kernelApply, kernelCandidates, kernelCovers, kernelSeats } from './kernel.ts';
import { nextDeadline, runDue } from '../timers/timers.ts';

export interface PlayoutInput {
  players: number;
  seed: string | number;
  options?: Record<string, OptionValue>;
  /** Stop after this many accepted actions (default 20 000): the result is then null. */
  maxActions?: number;
  /**
   * false: every position through the reference enumeration and `run`, never the kernel
   * (bots/kernel.ts), for the tests that check both play the same game. Default true.
   */
  kernel?: boolean;
}

export interface PlayoutResult {
  /** Accepted player actions (timer firings not counted). */
  actions: number;
  /** Final result, or null when capped/stalled. */
  result: GameResult | null;
  capped: boolean;
  /** Logical time at the end (ms) and rounds played. */
  time: number;
  rounds: number;
}

/** Default cap on accepted actions per playout. */
export const PLAYOUT_MAX_ACTIONS = 20_000;

/**
 * One whole game between uniformly random bots, as fast as the engine can go. Deterministic
 * per seed. Each step: timers due fire; the seats with a legal action now are found; if none,
 * time jumps to the earlier of the next deadline (which then fires) and the first time a seat
 * could act again (`nextActionAt`: a rate limit lapsing), stopping (stalled) when there is
 * neither; else a seat
 * is drawn uniformly among them, then one of its legal actions uniformly (in `legalActions`
 * order), and it is applied at the same logical time. The loop's draws come from
 * `deriveRng(seed, 'playout')`; the game's own draws from its state, as always. Where the
 * kernel covers the position (bots/kernel.ts), it finds the seats and candidates instead of
 * the generic enumeration: the same ones, so the same game.
 *
 * @example
 * const r = randomPlayout(game, { players: 4, seed: 1 });
 * console.log(r.actions, r.result?.winners);
 */
export function randomPlayout(def: GameDef, input: PlayoutInput): PlayoutResult {
  const start = setup(def, { players: input.players, seed: input.seed, options: input.options });
  const cap = input.maxActions ?? PLAYOUT_MAX_ACTIONS;
  const e = engineFor(def);
  const wasBusy = e.busy;
  const wasQuiet = e.quiet;
  e.busy = true;
  e.quiet = true;
  try {
    // The one copy of the game: written in place by every later step (see Engine.resume).
    e.begin(start, start.lastAt, true);
    return play(e, deriveRng(input.seed, 'playout'), cap, input.kernel !== false);
  } finally {
    e.busy = wasBusy;
    e.quiet = wasQuiet;
  }
}

function play(e: Engine, rng: ReturnType<typeof deriveRng>, cap: number, kernel: boolean): PlayoutResult {
  const players = e.s.players;
  const seats = new Int32Array(players);
  let now = e.s.lastAt;
  let actions = 0;
  for (;;) {
    if (e.s.result !== null) break;
    if (actions >= cap) return { actions, result: null, capped: true, time: now, rounds: e.s.round };
    const due = nextDeadline(e.s);
    if (due !== null && due <= now) {
      fire(e, now);
      continue;
    }
    e.resume(now);
    const covered = kernel && kernelCovers(e);
    const n = covered ? kernelSeats(e, seats) : seatsWithLegal(e, seats);
    if (n === 0) {
      const at = whenNextAble(e, due);
      if (at === Infinity) break;
      now = at;
      continue;
    }
    const seat = seats[nextInt(rng, n)];
    const buf = covered ? kernelCandidates(e, seat) : moverCandidates(e, seat);
    // A seat found able whose full list then ran out of fuel has nothing to play: the game
    // stops here, stalled (as the public API's loop stops when sampledActions lists nothing).
    if (buf.n === 0) break;
    const k = nextInt(rng, buf.n);
    const ai = covered ? 0 : buf.load(e, k);
    e.resume(Math.max(now, e.s.lastAt));
    e.me = seat;
    try {
      if (covered) kernelApply(e, seat, buf, k);
      else run(e, seat, ai, availability(e, ai, seat), true);
    } catch (err) {
      // In place, nothing can be undone: a write out of range ends the playout's game.
      if (!(err instanceof VarOutOfRange)) throw err;
      finishGame(e, 'stuck', 'range');
    }
    actions++;
  }
  return { actions, result: e.s.result, capped: false, time: now, rounds: e.s.round };
}

/**
 * Nobody can act now: the next timer or the first rate limit to lapse, whichever is earlier (the
 * timer fires at the top of the loop; a lapse lets its seat act); Infinity when neither.
 */
export function whenNextAble(e: Engine, due: number | null): number {
  let at = due ?? Infinity;
  for (let p = 0; p < e.s.players; p++) {
    const t = nextActionTime(e, p);
    if (t >= 0 && t < at) at = t;
  }
  return at;
}

/**
 * Writes the seats with a legal action now into `seats` (e resumed at now); returns how many.
 * The current player's candidates are listed in full on the way: in a turn-based game that
 * seat is nearly always the only one able to act, and `moverCandidates` then reuses the list
 * instead of enumerating the mover's actions a second time. Other seats stop at their first.
 */
export function seatsWithLegal(e: Engine, seats: Int32Array): number {
  const current = e.s.current;
  e.sink.buffer.seat = NONE;
  let n = 0;
  for (let p = 0; p < e.s.players; p++) {
    const able = p === current ? legalInto(e, p).n > 0 : hasLegal(e, p);
    if (able) seats[n++] = p;
  }
  return n;
}

/**
 * The legal candidates of `seat`, chosen from what `seatsWithLegal` just found, with nothing
 * written since: the list it left in the engine's buffer when it is that seat's, else a new one.
 */
export function moverCandidates(e: Engine, seat: number): LegalBuffer {
  const buf = e.sink.buffer;
  return buf.seat === seat ? buf : legalInto(e, seat);
}

/** Fires the timers due by `now` on the working copy (as `tick` does). */
export function fire(e: Engine, now: number): void {
  const t = Math.max(now, e.s.lastAt);
  e.resume(t);
  runDue(e, t);
}
