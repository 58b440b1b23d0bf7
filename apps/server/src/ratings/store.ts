// Where players and ratings are kept: the interface, and the in-memory store (tests, `memory:` storage).
import type { Rating } from './glicko.ts';

/** A remembered player: a public id, and what others see of them. The key that proves who they are is kept only as its hash. */
export interface PlayerRecord {
  /** Public, random (shown in leaderboards and at the table). */
  id: string;
  /** Hex SHA-256 of the player key (the key itself is never stored). */
  keyHash: string;
  name: string;
  /** `#rrggbb`. */
  colour: string;
  createdAt: number;
}

/** One player's rating in one game. */
export interface RatingRecord extends Rating {
  game: string;
  player: string;
  /** Rated games played. */
  games: number;
  updatedAt: number;
}

/** A leaderboard row: the rating with the player's name and colour. */
export interface LeaderRow extends RatingRecord {
  name: string;
  colour: string;
}

/** Who played which seat of a room (recorded at the seat claim, read when the game ends). */
export interface RoomPlayer {
  seat: number;
  player: string;
}

export interface RatingStore {
  createPlayer(p: PlayerRecord): Promise<void>;
  playerByKeyHash(keyHash: string): Promise<PlayerRecord | null>;
  players(ids: readonly string[]): Promise<PlayerRecord[]>;
  updatePlayer(id: string, patch: Pick<PlayerRecord, 'name' | 'colour'>): Promise<void>;
  /** Records that `player` claimed `seat` of `room` (replacing an earlier claim of that seat). */
  seatPlayer(room: string, seat: number, player: string): Promise<void>;
  roomPlayers(room: string): Promise<RoomPlayer[]>;
  /** Forgets who sat in these rooms (the retention prune deleted them). */
  forgetRooms(rooms: readonly string[]): Promise<void>;
  /** Every game's rating of one player, best first. */
  ratingsOf(player: string): Promise<RatingRecord[]>;
  /** Ratings of `players` in `game` (players never rated are absent). */
  ratings(game: string, players: readonly string[]): Promise<RatingRecord[]>;
  /**
   * Stores the new ratings of one finished room, once: false (and nothing written) when the
   * room was rated already. Atomic: all of them or none.
   */
  rateRoom(room: string, game: string, updates: readonly RatingRecord[]): Promise<boolean>;
  /** The best `limit` ratings of `game` (by rating, then games), with names. */
  leaderboard(game: string, limit: number): Promise<LeaderRow[]>;
  close(): Promise<void>;
}

/** Everything in maps: for tests and a server started with `memory:` storage. */
export class MemoryRatings implements RatingStore {
  private readonly byId = new Map<string, PlayerRecord>();
  private readonly byKey = new Map<string, string>();
  private readonly seats = new Map<string, Map<number, string>>();
  private readonly rated = new Set<string>();
  private readonly table = new Map<string, RatingRecord>();

  async createPlayer(p: PlayerRecord): Promise<void> {
    if (this.byId.has(p.id) || this.byKey.has(p.keyHash)) throw new Error('player exists');
    this.byId.set(p.id, { ...p });
    this.byKey.set(p.keyHash, p.id);
  }

  async playerByKeyHash(keyHash: string): Promise<PlayerRecord | null> {
    const id = this.byKey.get(keyHash);
    return id === undefined ? null : { ...this.byId.get(id)! };
  }

  async players(ids: readonly string[]): Promise<PlayerRecord[]> {
    return ids.flatMap((id) => (this.byId.has(id) ? [{ ...this.byId.get(id)! }] : []));
  }

  async updatePlayer(id: string, patch: Pick<PlayerRecord, 'name' | 'colour'>): Promise<void> {
    const p = this.byId.get(id);
    if (p) Object.assign(p, { name: patch.name, colour: patch.colour });
  }

  async seatPlayer(room: string, seat: number, player: string): Promise<void> {
    let m = this.seats.get(room);
    if (!m) this.seats.set(room, (m = new Map()));
    m.set(seat, player);
  }

  async forgetRooms(rooms: readonly string[]): Promise<void> {
    for (const room of rooms) this.seats.delete(room);
  }

  async roomPlayers(room: string): Promise<RoomPlayer[]> {
    return [...(this.seats.get(room) ?? new Map<number, string>())].map(([seat, player]) => ({ seat, player })).sort((a, b) => a.seat - b.seat);
  }

  async ratings(game: string, players: readonly string[]): Promise<RatingRecord[]> {
    return players.flatMap((p) => {
      const r = this.table.get(`${game}\n${p}`);
      return r ? [{ ...r }] : [];
    });
  }

  async ratingsOf(player: string): Promise<RatingRecord[]> {
    return [...this.table.values()].filter((r) => r.player === player).sort((a, b) => b.rating - a.rating).map((r) => ({ ...r }));
  }

  async rateRoom(room: string, _game: string, updates: readonly RatingRecord[]): Promise<boolean> {
    if (this.rated.has(room)) return false;
    this.rated.add(room);
    for (const u of updates) this.table.set(`${u.game}\n${u.player}`, { ...u });
    return true;
  }

  async leaderboard(game: string, limit: number): Promise<LeaderRow[]> {
    return [...this.table.values()]
      .filter((r) => r.game === game && this.byId.has(r.player))
      .sort((a, b) => b.rating - a.rating || b.games - a.games)
      .slice(0, Math.max(0, limit))
      .map((r) => ({ ...r, name: this.byId.get(r.player)!.name, colour: this.byId.get(r.player)!.colour }));
  }

  async close(): Promise<void> {}
}
