// Measures each bot level's Glicko-2 rating from bot-vs-bot games of one game, for games/<id>/bot-ratings.json.
//
// Every pair of levels plays `games` games at `players` seats, the two levels alternating around
// the table and swapping seats from game to game (so seat order cancels out). A game is won by a
// level when every winner seat is its, drawn otherwise. Game k of every pairing forms rating
// period k: Glicko-2 (the glicko2 library, τ 0.5) from 1500 ± 350 for every level, so the
// levels' mean sits near a newcomer's 1500 and "the bot at your level" compares on one scale.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the package ships no types; importers type-checked from other packages (web's svelte-check) need this file too
/// <reference path="./glicko2.d.ts" />
import glicko2 from 'glicko2';
import type { GameDef, OptionValue, RuntimeApi } from '../simulate/runtime.ts';

export interface BotRatingsInput {
  def: GameDef;
  levels: readonly string[];
  players: number;
  /** Games per pairing of two levels. */
  games: number;
  seed: string;
  options: Record<string, OptionValue>;
  /** ismcts iterations per decision (a fixed budget, so the run is reproducible). */
  iterations: number;
  maxActions?: number;
  onGame?: () => void;
}

export interface BotRatingsFile {
  v: 1;
  game: string;
  players: number;
  gamesPerPairing: number;
  seed: string;
  iterations: number;
  /** Options the games were played with (beside the defaults). */
  options: Record<string, OptionValue>;
  /** The action cap of a game, when one was set (capped games are draws). */
  maxActions?: number;
  /** Per pairing: wins of the first level, of the second, and draws (capped games count as draws). */
  pairings: { levels: [string, string]; wins: [number, number]; draws: number }[];
  levels: { level: string; rating: number; rd: number }[];
}

/** Plays the pairings and rates the levels (see the file comment). */
export function measureBotRatings(rt: Pick<RuntimeApi, 'playMatch'>, input: BotRatingsInput): BotRatingsFile {
  const { def, levels, players, games } = input;
  const system = new glicko2.Glicko2({ tau: 0.5, rating: 1500, rd: 350, vol: 0.06 });
  const rated = new Map(levels.map((l) => [l, system.makePlayer(1500, 350, 0.06)]));
  const pairings: BotRatingsFile['pairings'] = [];
  const periods: [glicko2.Player, glicko2.Player, number][][] = Array.from({ length: games }, () => []);
  for (let i = 0; i < levels.length; i++) {
    for (let j = i + 1; j < levels.length; j++) {
      const a = levels[i]!;
      const b = levels[j]!;
      const tally = { levels: [a, b] as [string, string], wins: [0, 0] as [number, number], draws: 0 };
      for (let g = 0; g < games; g++) {
        // Seats alternate a, b, a, … and the first seat goes to a in even games, to b in odd ones.
        const seats = Array.from({ length: players }, (_, s) => ((s + g) % 2 === 0 ? a : b));
        const rec = rt.playMatch(def, { players, seed: `${input.seed}/${a}-${b}/${g}`, options: input.options, bots: seats, budget: { iterations: input.iterations }, trackStandings: false, maxActions: input.maxActions ?? 20_000 });
        const winners = new Set((rec.result?.winners ?? []).map((s) => seats[s]));
        const score = winners.size === 1 ? (winners.has(a) ? 1 : 0) : 0.5;
        if (score === 1) tally.wins[0]++;
        else if (score === 0) tally.wins[1]++;
        else tally.draws++;
        periods[g]!.push([rated.get(a)!, rated.get(b)!, score]);
        input.onGame?.();
      }
      pairings.push(tally);
    }
  }
  for (const period of periods) system.updateRatings(period);
  return {
    v: 1,
    game: def.id,
    players,
    gamesPerPairing: games,
    seed: input.seed,
    iterations: input.iterations,
    options: input.options,
    ...(input.maxActions !== undefined ? { maxActions: input.maxActions } : {}),
    pairings,
    levels: levels.map((l) => ({ level: l, rating: Math.round(rated.get(l)!.getRating()), rd: Math.round(rated.get(l)!.getRd()) })),
  };
}
