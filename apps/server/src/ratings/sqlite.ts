// Players and ratings in the server's SQLite file (a connection of their own; tables created on open).
import type Database from 'better-sqlite3';
import type { LeaderRow, PlayerRecord, RatingRecord, RatingStore, RoomPlayer } from './store.ts';

const SCHEMA = `
create table if not exists players (id text primary key, key_hash text not null unique, name text not null, colour text not null, created_at integer not null);
create table if not exists room_players (room text not null, seat integer not null, player text not null, primary key (room, seat)) without rowid;
create table if not exists rated_rooms (room text primary key, game text not null);
create table if not exists ratings (game text not null, player text not null, rating real not null, rd real not null, vol real not null, games integer not null, updated_at integer not null, primary key (game, player));
create index if not exists ratings_board on ratings (game, rating desc);
`;

interface PlayerRow {
  id: string;
  key_hash: string;
  name: string;
  colour: string;
  created_at: number;
}
interface RatingRow {
  game: string;
  player: string;
  rating: number;
  rd: number;
  vol: number;
  games: number;
  updated_at: number;
}

const player = (r: PlayerRow): PlayerRecord => ({ id: r.id, keyHash: r.key_hash, name: r.name, colour: r.colour, createdAt: r.created_at });
const rating = (r: RatingRow): RatingRecord => ({ game: r.game, player: r.player, rating: r.rating, rd: r.rd, vol: r.vol, games: r.games, updatedAt: r.updated_at });

/**
 * Ratings in SQLite. Takes an open database (its own connection to the server's file, or `:memory:`).
 *
 * @example
 * const ratings = new SqliteRatings(openDatabase('./data/decksmith.db'));
 */
export class SqliteRatings implements RatingStore {
  private readonly rateTx: (room: string, game: string, updates: readonly RatingRecord[]) => boolean;

  constructor(private readonly db: Database.Database) {
    db.exec(SCHEMA);
    const markRated = db.prepare('insert into rated_rooms (room, game) values (?, ?) on conflict do nothing');
    const upsert = db.prepare(
      'insert into ratings (game, player, rating, rd, vol, games, updated_at) values (?, ?, ?, ?, ?, ?, ?) on conflict (game, player) do update set rating = excluded.rating, rd = excluded.rd, vol = excluded.vol, games = excluded.games, updated_at = excluded.updated_at',
    );
    this.rateTx = db.transaction((room: string, game: string, updates: readonly RatingRecord[]) => {
      if (markRated.run(room, game).changes === 0) return false;
      for (const u of updates) upsert.run(u.game, u.player, u.rating, u.rd, u.vol, u.games, u.updatedAt);
      return true;
    });
  }

  async createPlayer(p: PlayerRecord): Promise<void> {
    this.db.prepare('insert into players (id, key_hash, name, colour, created_at) values (?, ?, ?, ?, ?)').run(p.id, p.keyHash, p.name, p.colour, p.createdAt);
  }

  async playerByKeyHash(keyHash: string): Promise<PlayerRecord | null> {
    const r = this.db.prepare<[string], PlayerRow>('select * from players where key_hash = ?').get(keyHash);
    return r ? player(r) : null;
  }

  async players(ids: readonly string[]): Promise<PlayerRecord[]> {
    if (ids.length === 0) return [];
    const rows = this.db.prepare<string[], PlayerRow>(`select * from players where id in (${ids.map(() => '?').join(',')})`).all(...ids);
    return rows.map(player);
  }

  async updatePlayer(id: string, patch: Pick<PlayerRecord, 'name' | 'colour'>): Promise<void> {
    this.db.prepare('update players set name = ?, colour = ? where id = ?').run(patch.name, patch.colour, id);
  }

  async seatPlayer(room: string, seat: number, playerId: string): Promise<void> {
    this.db.prepare('insert into room_players (room, seat, player) values (?, ?, ?) on conflict (room, seat) do update set player = excluded.player').run(room, seat, playerId);
  }

  async forgetRooms(rooms: readonly string[]): Promise<void> {
    const del = this.db.prepare('delete from room_players where room = ?');
    this.db.transaction(() => {
      for (const room of rooms) del.run(room);
    })();
  }

  async roomPlayers(room: string): Promise<RoomPlayer[]> {
    return this.db.prepare<[string], RoomPlayer>('select seat, player from room_players where room = ? order by seat').all(room);
  }

  async ratings(game: string, players: readonly string[]): Promise<RatingRecord[]> {
    if (players.length === 0) return [];
    const rows = this.db.prepare<string[], RatingRow>(`select * from ratings where game = ? and player in (${players.map(() => '?').join(',')})`).all(game, ...players);
    return rows.map(rating);
  }

  async ratingsOf(playerId: string): Promise<RatingRecord[]> {
    return this.db.prepare<[string], RatingRow>('select * from ratings where player = ? order by rating desc').all(playerId).map(rating);
  }

  async rateRoom(room: string, game: string, updates: readonly RatingRecord[]): Promise<boolean> {
    return this.rateTx(room, game, updates);
  }

  async leaderboard(game: string, limit: number): Promise<LeaderRow[]> {
    const rows = this.db
      .prepare<[string, number], RatingRow & { name: string; colour: string }>(
        'select r.*, p.name, p.colour from ratings r join players p on p.id = r.player where r.game = ? order by r.rating desc, r.games desc limit ?',
      )
      .all(game, Math.max(0, Math.floor(limit)));
    return rows.map((r) => ({ ...rating(r), name: r.name, colour: r.colour }));
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
