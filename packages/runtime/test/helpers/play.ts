// Random play for tests and the bench: a seeded bot picks a seat with legal actions and one of them.
import { apply, createRng, legalActions, nextDeadline, nextInt, tick, type Action, type GameDef, type GameState, type RngState } from '../../src/index.ts';

export interface Step {
  before: GameState;
  seat: number;
  action: Action;
  at: number;
  after: GameState;
}

export interface PlayOptions {
  maxSteps?: number;
  /** Only the current player acts in turn stages (faster; what a turn bot does). */
  currentOnly?: boolean;
  onStep?: (step: Step) => void;
  /** Called with every state produced by a tick. */
  onTick?: (before: GameState, after: GameState, at: number) => void;
  now?: number;
}

/** Plays at random until the game ends, nobody can act and no timer is pending, or maxSteps. */
export function playRandom(def: GameDef, start: GameState, seed: number | RngState, opts: PlayOptions = {}): { state: GameState; steps: number; now: number; log: { at: number; seat: number; action: Action }[] } {
  const rng = typeof seed === 'number' ? createRng(seed) : seed;
  let state = start;
  let now = opts.now ?? state.lastAt;
  const log: { at: number; seat: number; action: Action }[] = [];
  const max = opts.maxSteps ?? 10_000;
  let steps = 0;
  while (state.result === null && steps < max) {
    steps++;
    now += 50 + nextInt(rng, 400);
    const due = nextDeadline(state);
    if (due !== null && due <= now) {
      const before = state;
      state = tick(def, state, now).state;
      opts.onTick?.(before, state, now);
      if (state.result !== null) break;
    }
    let seats: number[];
    if (opts.currentOnly && state.current >= 0 && state.window < 0) seats = [state.current];
    else seats = Array.from({ length: state.players }, (_, i) => i);
    const options: { seat: number; action: Action }[] = [];
    for (const seat of seats) for (const action of legalActions(def, state, seat, now)) options.push({ seat, action });
    if (options.length === 0) {
      const next = nextDeadline(state);
      if (next === null) break;
      now = Math.max(now, next);
      continue;
    }
    const pick = options[nextInt(rng, options.length)];
    const r = apply(def, state, pick.seat, pick.action, now);
    if ('rejected' in r) throw new Error(`legal action rejected: ${JSON.stringify(pick)} → ${r.rejected.code}: ${r.rejected.message}`);
    log.push({ at: now, seat: pick.seat, action: pick.action });
    opts.onStep?.({ before: state, seat: pick.seat, action: pick.action, at: now, after: r.state });
    state = r.state;
  }
  return { state, steps, now, log };
}
