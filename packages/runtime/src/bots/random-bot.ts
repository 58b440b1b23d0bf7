// The `random` bot level: a uniformly random legal action, drawn from the seeded RNG (game-agnostic).
import { legalActions } from '../core/api.ts';
import type { Action } from '../core/codec.ts';
import type { GameDef } from '../core/game-def.ts';
import type { GameState } from '../core/state.ts';
import { nextInt, type RngState } from '../rng/index.ts';

/**
 * Picks one of `seat`'s legal actions uniformly at random, or null when it has none.
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
  return legal[nextInt(rng, legal.length)] ?? null;
}
