// The measured ratings of each game's bot levels: games/<id>/bot-ratings.json, written by `decksmith bot-ratings`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WORKSPACE_GAMES } from '../games/discover.ts';

/** One bot level's rating, measured from bot-vs-bot games. */
export interface BotRating {
  level: string;
  rating: number;
  rd: number;
}

/** The file's shape (see packages/cli's bot-ratings command). */
export interface BotRatingsFile {
  v: 1;
  game: string;
  players: number;
  gamesPerPairing: number;
  seed: string;
  levels: BotRating[];
}

/** Whether `x` is a well-formed ratings file for `game` (a file that is not is ignored, never trusted). */
export function isBotRatingsFile(x: unknown, game: string): x is BotRatingsFile {
  const f = x as Partial<BotRatingsFile> | null;
  return (
    !!f && f.v === 1 && f.game === game && Array.isArray(f.levels) &&
    f.levels.every((l) => typeof l?.level === 'string' && Number.isFinite(l.rating) && Number.isFinite(l.rd))
  );
}

/**
 * Reads the bot ratings of `game` from `root/<game>/bot-ratings.json`; [] when there is none or
 * it is malformed.
 *
 * @example
 * loadBotRatings('five-crowns') // [{ level: 'random', rating: 1310, rd: 60 }, …]
 */
export function loadBotRatings(game: string, root: string = WORKSPACE_GAMES): BotRating[] {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(game)) return [];
  const file = join(root, game, 'bot-ratings.json');
  if (!existsSync(file)) return [];
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return isBotRatingsFile(parsed, game) ? parsed.levels.map((l) => ({ level: l.level, rating: l.rating, rd: l.rd })) : [];
  } catch {
    return [];
  }
}
