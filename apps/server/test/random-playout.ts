// Test helper: a seeded random playout of a hosted game through its engine (timers fired when due, else a random legal action of any seat), as the view tests walk every generated game.
import type { GameEngine } from '../src/games/types.ts';
import { asSent } from './choices.ts';

/** Seats 0…players−1, then the spectator: everyone a view is made for. */
export type Viewer = number | 'spectator';
export const viewersOf = (players: number): Viewer[] => [...Array.from({ length: players }, (_, i) => i), 'spectator' as const];

/**
 * Sets up `players` seats with seed `${label}-${seed}`, yields the first state as step -1, then
 * up to `steps` states after each move until the game has a result (or nothing can happen). The
 * same integer seed drives the moves (a small LCG), so a fast-check counterexample replays.
 *
 * @example
 * for (const { state, step } of randomPlayout(engine, { players: 3, seed: 42, label: 'patch', steps: 250 })) check(state, step);
 */
export function* randomPlayout<S>(engine: GameEngine<S>, o: { players: number; seed: number; label: string; steps: number }): Generator<{ state: S; step: number }> {
  const s0 = engine.setup({ players: o.players, options: {}, seed: `${o.label}-${o.seed}` });
  if (typeof s0 === 'object' && s0 !== null && 'rejected' in s0) throw new Error(`setup: ${JSON.stringify(s0.rejected)}`);
  let state = s0 as S;
  yield { state, step: -1 };
  let r = o.seed;
  const random = (n: number) => ((r = (Math.imul(r, 1103515245) + 12345) >>> 0) % n);
  let now = 0;
  for (let step = 0; step < o.steps && !engine.result(state); step++) {
    now += 50 + random(1500);
    const due = engine.nextDeadline(state);
    const moves = Array.from({ length: o.players }, (_, seat) => engine.legalActions(state, seat, now).map((a) => [seat, a] as const)).flat();
    if (due !== null && (due <= now || moves.length === 0)) {
      now = Math.max(now, due);
      state = engine.tick(state, now).state;
    } else if (moves.length > 0) {
      const [seat, action] = moves[random(moves.length)]!;
      const next = engine.apply(state, seat, asSent(action, random), now);
      if ('rejected' in next) throw new Error(`legal action rejected: ${next.rejected.code}`);
      state = next.state;
    } else return;
    yield { state, step };
  }
}
