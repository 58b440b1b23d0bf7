// Players and ratings in PostgreSQL (a pool of their own, in the storage's schema; tables by migration 010-ratings.sql).
import type pg from 'pg';
import { openMigratedPool } from '../storage/pg/pool.ts';
import type { LeaderRow, PlayerRecord, RatingRecord, RatingStore, RoomPlayer } from './store.ts';

interface PlayerRow {
  id: string;
  key_hash: string;
  name: string;
  colour: string;
  created_at: string;
}
interface RatingRow {
  game: string;
  player: string;
  rating: number;
  rd: number;
  vol: number;
  games: number;
  updated_at: string;
}

const player = (r: PlayerRow): PlayerRecord => ({ id: r.id, keyHash: r.key_hash, name: r.name, colour: r.colour, createdAt: Number(r.created_at) });
const rating = (r: RatingRow): RatingRecord => ({ game: r.game, player: r.player, rating: r.rating, rd: r.rd, vol: r.vol, games: r.games, updatedAt: Number(r.updated_at) });

/**
 * Ratings in PostgreSQL, shared by every node. `rateRoom` is one transaction whose first insert
 * (the room into rated_rooms) is the once-only fence.
 *
 * @example
 * const ratings = await PostgresRatings.open('postgres://postgres@127.0.0.1/test?schema=decksmith');
 */
export class PostgresRatings implements RatingStore {
  private constructor(private readonly pool: pg.Pool) {}

  /** Connects (applying pending migrations, as the room storage does) and returns the store. */
  static async open(url: string, options: { schema?: string; poolSize?: number } = {}): Promise<PostgresRatings> {
    const { pool } = await openMigratedPool(url, { schema: options.schema, max: options.poolSize ?? 4, applicationName: 'decksmith-ratings' });
    return new PostgresRatings(pool);
  }

  async createPlayer(p: PlayerRecord): Promise<void> {
    await this.pool.query('insert into players (id, key_hash, name, colour, created_at) values ($1, $2, $3, $4, $5)', [p.id, p.keyHash, p.name, p.colour, p.createdAt]);
  }

  async playerByKeyHash(keyHash: string): Promise<PlayerRecord | null> {
    const r = await this.pool.query<PlayerRow>('select * from players where key_hash = $1', [keyHash]);
    return r.rows[0] ? player(r.rows[0]) : null;
  }

  async players(ids: readonly string[]): Promise<PlayerRecord[]> {
    if (ids.length === 0) return [];
    const r = await this.pool.query<PlayerRow>('select * from players where id = any($1::text[])', [ids]);
    return r.rows.map(player);
  }

  async updatePlayer(id: string, patch: Pick<PlayerRecord, 'name' | 'colour'>): Promise<void> {
    await this.pool.query('update players set name = $2, colour = $3 where id = $1', [id, patch.name, patch.colour]);
  }

  async seatPlayer(room: string, seat: number, playerId: string): Promise<void> {
    await this.pool.query('insert into room_players (room, seat, player) values ($1, $2, $3) on conflict (room, seat) do update set player = excluded.player', [room, seat, playerId]);
  }

  async forgetRooms(rooms: readonly string[]): Promise<void> {
    if (rooms.length > 0) await this.pool.query('delete from room_players where room = any($1::text[])', [rooms]);
  }

  async roomPlayers(room: string): Promise<RoomPlayer[]> {
    const r = await this.pool.query<RoomPlayer>('select seat, player from room_players where room = $1 order by seat', [room]);
    return r.rows;
  }

  async ratings(game: string, players: readonly string[]): Promise<RatingRecord[]> {
    if (players.length === 0) return [];
    const r = await this.pool.query<RatingRow>('select * from ratings where game = $1 and player = any($2::text[])', [game, players]);
    return r.rows.map(rating);
  }

  async ratingsOf(playerId: string): Promise<RatingRecord[]> {
    const r = await this.pool.query<RatingRow>('select * from ratings where player = $1 order by rating desc', [playerId]);
    return r.rows.map(rating);
  }

  async rateRoom(room: string, game: string, updates: readonly RatingRecord[]): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const first = await client.query('insert into rated_rooms (room, game) values ($1, $2) on conflict do nothing', [room, game]);
      if (first.rowCount !== 1) {
        await client.query('rollback');
        return false;
      }
      for (const u of updates) {
        await client.query(
          'insert into ratings (game, player, rating, rd, vol, games, updated_at) values ($1, $2, $3, $4, $5, $6, $7) on conflict (game, player) do update set rating = excluded.rating, rd = excluded.rd, vol = excluded.vol, games = excluded.games, updated_at = excluded.updated_at',
          [u.game, u.player, u.rating, u.rd, u.vol, u.games, u.updatedAt],
        );
      }
      await client.query('commit');
      return true;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async leaderboard(game: string, limit: number): Promise<LeaderRow[]> {
    const r = await this.pool.query<RatingRow & { name: string; colour: string }>(
      'select r.*, p.name, p.colour from ratings r join players p on p.id = r.player where r.game = $1 order by r.rating desc, r.games desc limit $2',
      [game, Math.max(0, Math.floor(limit))],
    );
    return r.rows.map((x) => ({ ...rating(x), name: x.name, colour: x.colour }));
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
