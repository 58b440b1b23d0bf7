// Drives the boardgame.io Tiv-Miv with its own reducer, as its Simulate/MCTS bots do
// (InitializeGame + CreateGameReducer, moves built by a Bot's `enumerate`), in the bench's loop.
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import { RandomBot } from 'boardgame.io/ai';
import type { State } from 'boardgame.io';
import { LoopRng } from '../rng.ts';
import { TIV_MIV_DEFAULTS, type PlayoutStats, type TivMivImpl, type TivMivOptions } from '../types.ts';
import { tivMivGame, type TivMivG } from './tiv-miv-game.ts';

/** The processed game and its reducer (built once, as a boardgame.io master does per game). */
export const game = ProcessGameConfig(tivMivGame);
export const reducer = CreateGameReducer({ game });
const bot = new RandomBot({ enumerate: game.ai!.enumerate });

export type Action = ReturnType<RandomBot['enumerate']>[number];

/** A new table: boardgame.io's initial state for `seed` (the random plugin's seed). */
export function initialState(seed: number, players: number, options: Partial<TivMivOptions> = TIV_MIV_DEFAULTS): State<TivMivG> {
  return InitializeGame({ game: { ...game, seed }, numPlayers: players, setupData: options }) as State<TivMivG>;
}

/** `playerID`'s moves as boardgame.io's bots send them (MAKE_MOVE actions from ai.enumerate). */
export function movesOf(state: State<TivMivG>, playerID: string): Action[] {
  return bot.enumerate(state.G, state.ctx, playerID);
}

/**
 * One random game through boardgame.io's reducer: a uniformly random seat among those whose
 * `ai.enumerate` lists a move, then one of those moves.
 *
 * @example
 * const stats = playBgio(7, 4);
 */
export function playBgio(seed: number, players: number, options: TivMivOptions = TIV_MIV_DEFAULTS): PlayoutStats {
  let state = initialState(seed, players, options);
  const rng = new LoopRng(seed);
  const ids = Array.from({ length: players }, (_, p) => String(p));
  const lists: Action[][] = [];
  const seats: number[] = [];
  let moves = 0;
  while (state.ctx.gameover === undefined) {
    seats.length = 0;
    for (let p = 0; p < players; p++) {
      lists[p] = movesOf(state, ids[p]!);
      if (lists[p]!.length > 0) seats.push(p);
    }
    if (seats.length === 0) break;
    const list = lists[seats[rng.int(seats.length)]!]!;
    const next = reducer(state, list[rng.int(list.length)]!) as State<TivMivG> & { transients?: unknown };
    if (next.transients !== undefined) throw new Error('boardgame.io rejected an enumerated move');
    state = next;
    moves++;
  }
  const G = state.G;
  const over = state.ctx.gameover as { winners: number[] } | undefined;
  return { moves, phases: G.round, blocked: G.blockedRounds, scores: G.scores.slice(), winners: over?.winners ?? [] };
}

export const boardgameio: TivMivImpl = { name: 'boardgame.io', playout: playBgio };
