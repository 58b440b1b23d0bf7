// Remembered players and their ratings: keys issued and checked, seats recorded, a finished game between humans rated once.
import type { Logger } from 'pino';
import { hashToken, newRoomId, newToken } from '../tokens.ts';
import type { RoomRecord } from '../storage/storage.ts';
import { loadBotRatings, type BotRating } from './bot-ratings.ts';
import { NEW_RATING, rateGame, ranksOfWinners } from './glicko.ts';
import { checkProfile } from './profile.ts';
import type { LeaderRow, PlayerRecord, RatingRecord, RatingStore } from './store.ts';

export type Refusal = { ok: false; status: number; code: string; message: string };

/** A seat's player as the table shows it. */
export interface SeatPlayer {
  seat: number;
  id: string;
  name: string;
  colour: string;
  rating?: number;
  rd?: number;
  games?: number;
}

/** What a rated game changed, per seat. */
export interface RatingChange {
  seat: number;
  player: string;
  before: number;
  after: number;
}

/**
 * The ratings service the routes and the room manager use.
 *
 * @example
 * const ratings = new Ratings(new MemoryRatings(), log);
 * const { key } = await ratings.register('Ada', '#aa3355');
 */
export class Ratings {
  private readonly bots = new Map<string, BotRating[]>();

  constructor(
    readonly store: RatingStore,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
    private readonly botsOf: (game: string) => BotRating[] = loadBotRatings,
  ) {}

  /** Issues a player key (shown once; only its hash is stored) for a checked name and colour. */
  async register(name: string, colour: string): Promise<{ ok: true; key: string; player: PlayerRecord } | Refusal> {
    const c = checkProfile(name, colour);
    if (!c.ok) return { ok: false, status: 400, code: c.code, message: c.message };
    const key = newToken();
    const player: PlayerRecord = { id: newRoomId(), keyHash: hashToken(key), name: c.name, colour: c.colour, createdAt: this.now() };
    await this.store.createPlayer(player);
    return { ok: true, key, player };
  }

  /** The player a key proves, or null (unknown key, or a malformed one). */
  async playerOf(key: string | undefined): Promise<PlayerRecord | null> {
    if (typeof key !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(key)) return null;
    return this.store.playerByKeyHash(hashToken(key));
  }

  /** Changes a player's name and colour. */
  async rename(player: PlayerRecord, name: string, colour: string): Promise<{ ok: true; player: PlayerRecord } | Refusal> {
    const c = checkProfile(name, colour);
    if (!c.ok) return { ok: false, status: 400, code: c.code, message: c.message };
    await this.store.updatePlayer(player.id, { name: c.name, colour: c.colour });
    return { ok: true, player: { ...player, name: c.name, colour: c.colour } };
  }

  /** Records who claimed a seat (called after a successful claim that named a player key). */
  seat(room: string, seat: number, player: string): Promise<void> {
    return this.store.seatPlayer(room, seat, player);
  }

  /** The remembered players of a room's seats with their ratings in its game. */
  async seatsOf(room: string, game: string): Promise<SeatPlayer[]> {
    const seats = await this.store.roomPlayers(room);
    const ids = [...new Set(seats.map((s) => s.player))];
    const [players, ratings] = await Promise.all([this.store.players(ids), this.store.ratings(game, ids)]);
    const byId = new Map(players.map((p) => [p.id, p]));
    const rated = new Map(ratings.map((r) => [r.player, r]));
    return seats.flatMap((s) => {
      const p = byId.get(s.player);
      if (!p) return [];
      const r = rated.get(p.id);
      return [{ seat: s.seat, id: p.id, name: p.name, colour: p.colour, ...(r ? { rating: r.rating, rd: r.rd, games: r.games } : {}) }];
    });
  }

  /** A game's best players, and its bot levels' measured ratings. */
  async board(game: string, limit: number): Promise<{ players: LeaderRow[]; bots: BotRating[] }> {
    return { players: await this.store.leaderboard(game, limit), bots: this.botRatings(game) };
  }

  /** A player's rating in `game` (a newcomer's when unrated) and the bot level whose measured rating is nearest. */
  async mine(game: string, player: PlayerRecord): Promise<{ rating: number; rd: number; games: number; botAtYourLevel?: string }> {
    const r = (await this.store.ratings(game, [player.id]))[0];
    const rating = r?.rating ?? NEW_RATING.rating;
    const near = nearestBot(this.botRatings(game), rating);
    return { rating, rd: r?.rd ?? NEW_RATING.rd, games: r?.games ?? 0, ...(near ? { botAtYourLevel: near } : {}) };
  }

  /** Bot levels of `game` with their measured ratings (loaded once per game). */
  botRatings(game: string): BotRating[] {
    let b = this.bots.get(game);
    if (!b) this.bots.set(game, (b = this.botsOf(game)));
    return b;
  }

  /**
   * Rates a finished game when it was played by humans only, each a different remembered player
   * (no bot, no resigned seat, not a practice room with a chosen seed). Once per room; returns the
   * changes, or null when the game is not rated.
   */
  async gameOver(record: RoomRecord): Promise<RatingChange[] | null> {
    if (record.status !== 'finished' || !record.result || record.practice || record.seats.length < 2) return null;
    if (record.seats.some((s) => s.kind !== 'human' || s.resigned)) return null;
    const seated = await this.store.roomPlayers(record.id);
    const bySeat = new Map(seated.map((s) => [s.seat, s.player]));
    const ids = record.seats.map((_, i) => bySeat.get(i));
    if (ids.some((id) => id === undefined) || new Set(ids).size !== ids.length) return null;
    const players = ids as string[];
    const stored = new Map((await this.store.ratings(record.game, players)).map((r) => [r.player, r]));
    const before = players.map((p) => stored.get(p) ?? { ...NEW_RATING, games: 0 });
    const after = rateGame(before, ranksOfWinners(players.length, record.result.winners));
    const at = this.now();
    const updates: RatingRecord[] = players.map((p, i) => ({ game: record.game, player: p, ...after[i]!, games: (stored.get(p)?.games ?? 0) + 1, updatedAt: at }));
    if (!(await this.store.rateRoom(record.id, record.game, updates))) return null;
    const changes = players.map((p, i) => ({ seat: i, player: p, before: before[i]!.rating, after: after[i]!.rating }));
    this.log.info({ room: record.id, game: record.game, changes }, 'game rated');
    return changes;
  }
}

/** The level whose rating is nearest `rating`; undefined without measured levels. */
export function nearestBot(bots: readonly BotRating[], rating: number): string | undefined {
  let best: BotRating | undefined;
  for (const b of bots) if (!best || Math.abs(b.rating - rating) < Math.abs(best.rating - rating)) best = b;
  return best?.level;
}
