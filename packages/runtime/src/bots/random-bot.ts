// The `random` bot level: a uniformly random legal action, drawn from the seeded RNG (game-agnostic).
import { legalActions, sampledActions } from '../core/api.ts';
import type { Action } from '../core/codec.ts';
import type { GameDef } from '../core/game-def.ts';
import type { GameState } from '../core/state.ts';
import { nextInt, type RngState } from '../rng/index.ts';

/**
 * Picks one of `seat`'s legal actions uniformly at random, or null when it has none. A counted
 * choice (an entry with `choose`) is then filled with one of its sampled choices, uniformly.
 * MUTATES `rng` (the bot's own stream, e.g. `deriveRng(roomSeed, 'bot:2')`), never the state.
 *
 * @example
 * const rng = deriveRng(seed, `bot:${seat}`);
 * const action = randomBot(def, state, seat, rng);
 * if (action) state = (apply(def, state, seat, action, now) as { state: GameState }).state;
 */
export function randomBot(def: GameDef, state: GameState, seat: number, rng: RngState, now?: number): Action | null {
  const legal = legalActions(def, state, seat, now);
  if (legal.length === 0) return null;
  const a = legal[nextInt(rng, legal.length)]!;
  if (a.choose === undefined) return a;
  // A counted choice: one of its sampled concrete choices (the same other arguments), uniformly.
  const open = a.choose.param;
  const rest = (x: Action): string => JSON.stringify(Object.entries(x.args ?? {}).filter(([k]) => k !== open));
  const options = sampledActions(def, state, seat, now).filter((x) => x.type === a.type && rest(x) === rest(a));
  return options.length === 0 ? null : options[nextInt(rng, options.length)]!;
}
