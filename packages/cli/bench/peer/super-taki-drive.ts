// Drives the boardgame.io Super Taki with its own reducer, as its Simulate/MCTS bots do
// (InitializeGame + CreateGameReducer, moves built by a Bot's `enumerate`), in the bench's loop.
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import { RandomBot } from 'boardgame.io/ai';
import type { Game, State } from 'boardgame.io';
import { LoopRng } from '../rng.ts';
import type { PeerImpl, PlayoutStats } from '../types.ts';
import { superTakiGame, type SuperTakiG, type SuperTakiSetup } from './super-taki-game.ts';

type StGame = Game<SuperTakiG, Record<string, unknown>, SuperTakiSetup>;
export type StAction = ReturnType<RandomBot['enumerate']>[number];

/** A processed game, its reducer and a bot to list moves (built once, as a boardgame.io master does per game). */
export interface Engine {
  game: ReturnType<typeof ProcessGameConfig>;
  reducer: ReturnType<typeof CreateGameReducer>;
  initial(seed: number, players: number, setupData?: SuperTakiSetup): State<SuperTakiG>;
  movesOf(state: State<SuperTakiG>, playerID: string): StAction[];
}

/** boardgame.io's engine for `def` (the Super Taki game, or a variant of it). */
export function engineOf(def: StGame): Engine {
  const game = ProcessGameConfig(def);
  const reducer = CreateGameReducer({ game });
  const bot = new RandomBot({ enumerate: game.ai!.enumerate });
  return {
    game,
    reducer,
    initial: (seed, players, setupData) => InitializeGame({ game: { ...game, seed }, numPlayers: players, setupData }) as State<SuperTakiG>,
    movesOf: (state, playerID) => bot.enumerate(state.G, state.ctx, playerID),
  };
}

const engine = engineOf(superTakiGame);

/**
 * One random game through boardgame.io's reducer: a uniformly random seat among those whose
 * `ai.enumerate` lists a move, then one of those moves.
 *
 * @example
 * const stats = playSuperTakiBgio(7, 4);
 */
export function playSuperTakiBgio(seed: number, players: number, e: Engine = engine): PlayoutStats {
  let state = e.initial(seed, players);
  const rng = new LoopRng(seed);
  const ids = Array.from({ length: players }, (_, p) => String(p));
  const lists: StAction[][] = [];
  const seats: number[] = [];
  let moves = 0;
  while (state.ctx.gameover === undefined) {
    seats.length = 0;
    for (let p = 0; p < players; p++) {
      lists[p] = e.movesOf(state, ids[p]!);
      if (lists[p]!.length > 0) seats.push(p);
    }
    if (seats.length === 0) break;
    const list = lists[seats[rng.int(seats.length)]!]!;
    const next = e.reducer(state, list[rng.int(list.length)]!) as State<SuperTakiG> & { transients?: unknown };
    if (next.transients !== undefined) throw new Error('boardgame.io rejected an enumerated move');
    state = next;
    moves++;
  }
  const over = state.ctx.gameover as { winners: number[] } | undefined;
  // Super Taki has no points: the rule file's scores stay 0 (the winners are who emptied their hand).
  return { moves, phases: 1, blocked: state.G.passes >= players ? 1 : 0, scores: new Array<number>(players).fill(0), winners: over?.winners ?? [] };
}

export const superTakiBoardgameio: PeerImpl = { name: 'boardgame.io', playout: (seed, players) => playSuperTakiBgio(seed, players) };
