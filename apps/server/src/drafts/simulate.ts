// A draft's "simulate N games": random-bot playouts of the compiled game, summarised for the studio (runs in the compiler thread).
import { randomPlayout, type GameDef } from '@decksmith/runtime';

export interface SimulateRequest {
  games: number;
  players: number;
  seed: string;
}

export interface SimulationSummary {
  games: number;
  players: number;
  /** Games that reached `end game`. */
  finished: number;
  /** Games stopped by the action cap, or where nobody could act and no timer was pending. */
  stuck: number;
  /** Wins per seat (a shared win counts for each winner). */
  wins: number[];
  meanActions: number;
  meanRounds: number;
  /** Seeds of the first stuck games (to replay them with `decksmith play --seed`). */
  stuckSeeds: string[];
  ms: number;
}

/** Actions after which a simulated game counts as stuck. */
export const SIMULATE_MAX_ACTIONS = 5_000;

export function simulateGames(def: GameDef, req: SimulateRequest): SimulationSummary {
  const t0 = performance.now();
  const wins = new Array<number>(req.players).fill(0);
  let finished = 0;
  let actions = 0;
  let rounds = 0;
  const stuckSeeds: string[] = [];
  for (let i = 0; i < req.games; i++) {
    const seed = `${req.seed}-${i + 1}`;
    const r = randomPlayout(def, { players: req.players, seed, maxActions: SIMULATE_MAX_ACTIONS });
    actions += r.actions;
    rounds += r.rounds;
    if (r.result) {
      finished++;
      for (const w of r.result.winners) wins[w] = (wins[w] ?? 0) + 1;
    } else if (stuckSeeds.length < 5) stuckSeeds.push(seed);
  }
  return {
    games: req.games,
    players: req.players,
    finished,
    stuck: req.games - finished,
    wins,
    meanActions: req.games ? actions / req.games : 0,
    meanRounds: req.games ? rounds / req.games : 0,
    stuckSeeds,
    ms: performance.now() - t0,
  };
}
