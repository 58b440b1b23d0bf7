// Glicko-2 updates of one finished game, through the `glicko2` library: winners beat everyone else, ties are draws.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the package ships no types; importers type-checked from other packages (web's svelte-check) need this file too
/// <reference path="./glicko2.d.ts" />
import glicko2 from 'glicko2';

/** A player's Glicko-2 rating (the library's scale: 1500 ± 350 for a newcomer). */
export interface Rating {
  rating: number;
  rd: number;
  vol: number;
}

/** A newcomer's rating: the system's defaults (Glickman's paper). */
export const NEW_RATING: Readonly<Rating> = { rating: 1500, rd: 350, vol: 0.06 };

/** The system constant τ (constrains volatility changes); Glickman suggests 0.3–1.2. */
export const TAU = 0.5;

/**
 * The ratings after one game, one rating period. `ranks[i]` is player i's place (0 = first):
 * every pair of players is one match, won by the better place, drawn on equal places (so in a
 * game with winners, the winners beat every other player and draw among themselves).
 *
 * @example
 * rateGame([NEW_RATING, NEW_RATING], [0, 1]) // [{ rating: 1662.3, … }, { rating: 1337.7, … }]
 */
export function rateGame(before: readonly Rating[], ranks: readonly number[]): Rating[] {
  if (before.length !== ranks.length) throw new RangeError(`rateGame: ${before.length} ratings for ${ranks.length} places`);
  const system = new glicko2.Glicko2({ tau: TAU, rating: NEW_RATING.rating, rd: NEW_RATING.rd, vol: NEW_RATING.vol });
  const players = before.map((r) => system.makePlayer(r.rating, r.rd, r.vol));
  const matches: [glicko2.Player, glicko2.Player, number][] = [];
  for (let i = 0; i < players.length; i++) {
    for (let j = i + 1; j < players.length; j++) {
      const a = ranks[i]!;
      const b = ranks[j]!;
      matches.push([players[i]!, players[j]!, a < b ? 1 : a > b ? 0 : 0.5]);
    }
  }
  system.updateRatings(matches);
  return players.map((p) => ({ rating: p.getRating(), rd: p.getRd(), vol: p.getVol() }));
}

/** Places from a game's winners: 0 for each winner, 1 for everyone else. */
export function ranksOfWinners(players: number, winners: readonly number[]): number[] {
  const w = new Set(winners);
  return Array.from({ length: players }, (_, i) => (w.has(i) ? 0 : 1));
}
