// How a game opens at a table of N players with given options: the cards in each zone right after the deal, read from a throwaway setup's public view.
import type { HostedGame, OptionValue, Rejection } from '../games/types.ts';


export interface OpeningZone {
  zone: string;
  /** -1: shared; else the owner seat of this instance. */
  owner: number;
  count: number;
}

/** Openings kept per game (a few player counts and option sets). */
const MAX_CACHED = 32;
const cache = new WeakMap<HostedGame, Map<string, OpeningZone[] | Rejection>>();

/**
 * The zones' card counts after the deal of a fresh `players`-seat table of `game` with `options`
 * (a fixed, public seed: the counts do not depend on it; no card face is ever read). A bad option
 * or player count comes back as the engine's rejection.
 *
 * @example
 * opening(goFish, 2, {}) // [{ zone: 'stock', owner: -1, count: 38 }, { zone: 'hand', owner: 0, count: 7 }, …]
 */
export function opening(game: HostedGame, players: number, options: Record<string, OptionValue>): OpeningZone[] | Rejection {
  const key = `${players}:${JSON.stringify(options)}`;
  let known = cache.get(game);
  if (!known) cache.set(game, (known = new Map()));
  const hit = known.get(key);
  if (hit) return hit;
  const state = game.engine.setup({ players, options, seed: 'decksmith-rules-panel' });
  let out: OpeningZone[] | Rejection;
  if (typeof state === 'object' && state !== null && 'rejected' in state) out = (state as { rejected: Rejection }).rejected;
  else {
    const view = game.engine.view(state, 'spectator') as { zones?: { name: string; owner: number; count: number }[] };
    out = (view.zones ?? []).map((z) => ({ zone: z.name, owner: z.owner, count: z.count }));
  }
  if (known.size < MAX_CACHED) known.set(key, out);
  return out;
}
