// How a game opens at a table of N players with given options: the cards in each zone right after the deal, read from a throwaway setup's public view.
import { evaluate, type GameDef, type GameState } from '@decksmith/runtime';
import type { HostedGame, OptionValue, Rejection } from '../games/types.ts';


export interface OpeningZone {
  zone: string;
  /** -1: shared; else the owner seat of this instance. */
  owner: number;
  count: number;
}

/** How the rounds go, read from a runtime game's tables (functions of the table evaluated on the fresh state). */
export interface RoundsInfo {
  /** Rounds played, when the rule file fixes their number (for this table's options and players); null: `until` decides. */
  count: number | null;
  /** The game ends when a condition holds after a round's scoring. */
  until: boolean;
  /** The end condition as the rule file writes it, when there is one and the module carries it. */
  untilText: string | null;
  dealer: { first: 'random' | 'first'; rotate: 'left' | 'right' | 'fixed' };
  /** Points are scored at the end of every round. */
  scoredEachRound: boolean;
  /** A tie for the win: another round (`replay`) or a shared win. */
  ties: 'replay' | 'shared';
}

export interface Opening {
  zones: OpeningZone[];
  rounds?: RoundsInfo;
}

/** Openings kept per game (a few player counts and option sets). */
const MAX_CACHED = 32;
const cache = new WeakMap<HostedGame, Map<string, Opening | Rejection>>();

/**
 * The zones' card counts after the deal of a fresh `players`-seat table of `game` with `options`
 * (a fixed, public seed: the counts do not depend on it; no card face is ever read). A bad option
 * or player count comes back as the engine's rejection.
 *
 * @example
 * opening(goFish, 2, {}).zones // [{ zone: 'stock', owner: -1, count: 38 }, { zone: 'hand', owner: 0, count: 7 }, …]
 */
export function opening(game: HostedGame, players: number, options: Record<string, OptionValue>): Opening | Rejection {
  const key = `${players}:${JSON.stringify(options)}`;
  let known = cache.get(game);
  if (!known) cache.set(game, (known = new Map()));
  const hit = known.get(key);
  if (hit) return hit;
  const state = game.engine.setup({ players, options, seed: 'decksmith-rules-panel' });
  let out: Opening | Rejection;
  if (typeof state === 'object' && state !== null && 'rejected' in state) out = (state as { rejected: Rejection }).rejected;
  else {
    const view = game.engine.view(state, 'spectator') as { zones?: { name: string; owner: number; count: number }[] };
    const zones = (view.zones ?? []).map((z) => ({ zone: z.name, owner: z.owner, count: z.count }));
    const def = (game as { def?: GameDef }).def;
    out = def ? { zones, rounds: roundsInfo(def, state as GameState) } : { zones };
  }
  if (known.size < MAX_CACHED) known.set(key, out);
  return out;
}

function roundsInfo(def: GameDef, state: GameState): RoundsInfo {
  const r = def.rounds;
  return {
    count: r.count ? evaluate(def, state, r.count) : null,
    until: r.until !== undefined,
    untilText: r.untilText ?? null,
    dealer: { first: r.dealer.first, rotate: r.dealer.rotate },
    scoredEachRound: r.scoring !== undefined,
    ties: def.winner.ties.replay ? 'replay' : 'shared',
  };
}
