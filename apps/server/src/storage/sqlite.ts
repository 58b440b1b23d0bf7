// SQLite storage (better-sqlite3, WAL): rooms and their append-only action logs in one file.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { ChatLine } from '@decksmith/protocol';
import { startCheckpointer } from './checkpointer.ts';
import type { GroupCommit } from './group-commit.ts';
import { lockFreeWrites, logAppends, type LogRow, type Write } from './sqlite-writes.ts';
import { hashSeed } from '../tokens.ts';
import { type LogEntry, type RoomPatch, type RoomRecord, type RoomStatus, type SeatRecord, type Storage } from './storage.ts';

/** Default bound of the -wal file (bytes): a checkpoint truncates it when it grew past this. */
export const DEFAULT_WAL_LIMIT_BYTES = 64 * 1024 * 1024;

export interface OpenDatabaseOptions {
  /** `journal_size_limit`: the -wal file is cut back to this size whenever SQLite restarts it. */
  walLimitBytes?: number;
}

/** Opens (creating its folder if needed) the database file, or `:memory:`. */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): Database.Database {
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true });
  }
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL mode survives a process crash (kill -9); only a power loss can drop the last commits.
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma(`journal_size_limit = ${Math.max(0, Math.floor(options.walLimitBytes ?? DEFAULT_WAL_LIMIT_BYTES))}`);
  return db;
}

const SCHEMA = `
create table if not exists rooms (
  id text primary key,
  game text not null,
  seed text not null,
  seed_hash text,
  practice integer,
  players integer not null,
  options text not null,
  seats text not null,
  status text not null,
  created_at integer not null,
  started_at integer,
  ended_at integer,
  result text,
  clock_at integer
);
create index if not exists rooms_status on rooms (status, created_at);
create index if not exists rooms_ended on rooms (ended_at) where status in ('finished', 'expired');
create table if not exists actions (
  room text not null,
  n integer not null,
  at integer not null,
  seat integer not null,
  seq integer not null,
  action text not null,
  primary key (room, n)
) without rowid;
create table if not exists chat (
  room text not null,
  at integer not null,
  line text not null
);
create index if not exists chat_room on chat (room);
`;

/** Columns added after the first release: an older database file gets them on open. */
const ADDED_COLUMNS: Record<string, string> = { seed_hash: 'text', practice: 'integer', clock_at: 'integer' };

function migrate(db: Database.Database): void {
  const have = new Set((db.pragma('table_info(rooms)') as { name: string }[]).map((c) => c.name));
  for (const [name, type] of Object.entries(ADDED_COLUMNS)) {
    if (!have.has(name)) db.exec(`alter table rooms add column ${name} ${type}`);
  }
}

interface RoomRow {
  id: string;
  game: string;
  seed: string;
  seed_hash: string | null;
  practice: number | null;
  players: number;
  options: string;
  seats: string;
  status: RoomStatus;
  created_at: number;
  started_at: number | null;
  ended_at: number | null;
  result: string | null;
  clock_at: number | null;
}

function fromRow(r: RoomRow): RoomRecord {
  return {
    id: r.id,
    game: r.game,
    seed: r.seed,
    // Rooms stored before commitments existed: the hash of their seed is the same commitment.
    seedHash: r.seed_hash ?? hashSeed(r.seed),
    ...(r.practice ? { practice: true } : {}),
    players: r.players,
    options: JSON.parse(r.options) as RoomRecord['options'],
    seats: JSON.parse(r.seats) as RoomRecord['seats'],
    status: r.status,
    createdAt: r.created_at,
    ...(r.started_at !== null ? { startedAt: r.started_at } : {}),
    ...(r.ended_at !== null ? { endedAt: r.ended_at } : {}),
    ...(r.result !== null ? { result: JSON.parse(r.result) as RoomRecord['result'] } : {}),
    ...(r.clock_at !== null ? { clockAt: r.clock_at } : {}),
  };
}

export interface SqliteStorageOptions {
  /** The -wal file is truncated by a checkpoint once it is larger than this (default 64 MiB). */
  walLimitBytes?: number;
  /** Interval of the background checkpoints (default 1 s). */
  checkpointMs?: number;
}

/**
 * The embedded default storage.
 *
 * @example
 * const storage = new SqliteStorage(openDatabase('./data/decksmith.db'));
 */
export class SqliteStorage implements Storage {
  private readonly q;
  private readonly stopCheckpointer: (() => Promise<void>) | undefined;
  private readonly log: GroupCommit<LogRow>;
  /** Every write of this storage: it never sleeps on the event loop waiting for another process's lock. */
  private readonly write: Write;

  constructor(
    private readonly db: Database.Database,
    options: SqliteStorageOptions = {},
  ) {
    db.exec(SCHEMA);
    migrate(db);
    if (!db.memory) {
      // Checkpoints fsync; a worker runs them so that appends (and so acks) never wait for the disk.
      db.pragma('wal_autocheckpoint = 0');
      const walLimitBytes = options.walLimitBytes ?? DEFAULT_WAL_LIMIT_BYTES;
      db.pragma(`journal_size_limit = ${Math.max(0, Math.floor(walLimitBytes))}`);
      this.stopCheckpointer = startCheckpointer(db.name, { ms: options.checkpointMs ?? 1000, walLimitBytes });
    }
    this.write = lockFreeWrites(db);
    this.log = logAppends(db, this.write);
    this.q = {
      insertRoom: db.prepare(
        'insert into rooms (id, game, seed, seed_hash, practice, players, options, seats, status, created_at, started_at, ended_at, result, clock_at) values (@id, @game, @seed, @seed_hash, @practice, @players, @options, @seats, @status, @created_at, @started_at, @ended_at, @result, @clock_at)',
      ),
      getRoom: db.prepare<[string], RoomRow>('select * from rooms where id = ?'),
      setSeats: db.prepare('update rooms set seats = ? where id = ?'),
      actions: db.prepare<[string], { n: number; at: number; seat: number; seq: number; action: string }>(
        'select n, at, seat, seq, action from actions where room = ? order by n',
      ),
      oldRooms: db.prepare<[number, number], { id: string }>(
        "select id from rooms where status in ('finished', 'expired') and ended_at < ? order by ended_at limit ?",
      ),
      deleteActions: db.prepare('delete from actions where room = ?'),
      deleteChat: db.prepare('delete from chat where room = ?'),
      appendChat: db.prepare('insert into chat (room, at, line) values (?, ?, ?)'),
      chat: db.prepare<[string, number], { line: string }>('select line from chat where room = ? order by rowid limit ?'),
      deleteRoom: db.prepare('delete from rooms where id = ?'),
    };
  }

  async createRoom(room: RoomRecord): Promise<void> {
    await this.write(() => this.q.insertRoom.run({
      id: room.id,
      game: room.game,
      seed: room.seed,
      seed_hash: room.seedHash,
      practice: room.practice ? 1 : null,
      players: room.players,
      options: JSON.stringify(room.options),
      seats: JSON.stringify(room.seats),
      status: room.status,
      created_at: room.createdAt,
      started_at: room.startedAt ?? null,
      ended_at: room.endedAt ?? null,
      result: room.result ? JSON.stringify(room.result) : null,
      clock_at: room.clockAt ?? null,
    }));
  }

  async claimSeat(roomId: string, seat: number, tokenHash: string, name: string | undefined): Promise<boolean> {
    // One transaction: read, check free, write (no other writer can interleave in SQLite).
    const claim = this.db.transaction(() => {
      const row = this.q.getRoom.get(roomId);
      if (!row) return false;
      const seats = JSON.parse(row.seats) as RoomRecord['seats'];
      const s = seats[seat];
      if (!s || s.kind !== 'human' || s.tokenHash) return false;
      s.tokenHash = tokenHash;
      if (name !== undefined) s.name = name;
      this.q.setSeats.run(JSON.stringify(seats), roomId);
      return true;
    });
    // IMMEDIATE: with several processes on the file (--workers), a deferred read-then-write
    // transaction fails at once with SQLITE_BUSY when another one committed meanwhile.
    return this.write(() => claim.immediate());
  }

  async releaseSeat(roomId: string, seat: number, tokenHash: string, replacement: SeatRecord): Promise<boolean> {
    const release = this.db.transaction(() => {
      const row = this.q.getRoom.get(roomId);
      if (!row) return false;
      const seats = JSON.parse(row.seats) as RoomRecord['seats'];
      if (!seats[seat] || seats[seat].tokenHash !== tokenHash) return false;
      seats[seat] = replacement;
      this.q.setSeats.run(JSON.stringify(seats), roomId);
      return true;
    });
    return this.write(() => release.immediate());
  }

  async updateRoom(roomId: string, patch: RoomPatch): Promise<void> {
    const sets: string[] = [];
    const values: (string | number)[] = [];
    const set = (column: string, value: string | number): void => {
      sets.push(`${column} = ?`);
      values.push(value);
    };
    if (patch.status !== undefined) set('status', patch.status);
    if (patch.startedAt !== undefined) set('started_at', patch.startedAt);
    if (patch.endedAt !== undefined) set('ended_at', patch.endedAt);
    if (patch.result !== undefined) set('result', JSON.stringify(patch.result));
    if (patch.clockAt !== undefined) set('clock_at', patch.clockAt);
    if (sets.length === 0) return;
    const update = this.db.prepare(`update rooms set ${sets.join(', ')} where id = ?`);
    await this.write(() => update.run(...values, roomId));
  }

  /**
   * Appends are group-committed (sqlite-writes.ts): every append queued in one event-loop turn
   * (and while the previous commit waits for the write lock) goes into one transaction, and each
   * promise resolves only once that commit is in the WAL (so an action is still never
   * acknowledged before it is stored).
   */
  appendAction(roomId: string, e: LogEntry): Promise<void> {
    return this.log.add({ room: roomId, n: e.n, at: e.at, seat: e.seat, seq: e.seq, action: JSON.stringify(e.action) });
  }

  async getRoom(roomId: string): Promise<RoomRecord | null> {
    const row = this.q.getRoom.get(roomId);
    return row ? fromRow(row) : null;
  }

  async getActions(roomId: string): Promise<LogEntry[]> {
    return this.q.actions.all(roomId).map((r) => ({ n: r.n, at: r.at, seat: r.seat, seq: r.seq, action: JSON.parse(r.action) as LogEntry['action'] }));
  }

  async appendChat(roomId: string, line: ChatLine): Promise<void> {
    await this.write(() => this.q.appendChat.run(roomId, Math.floor(line.at), JSON.stringify(line)));
  }

  async getChat(roomId: string, limit = 10_000): Promise<ChatLine[]> {
    return this.q.chat.all(roomId, Math.floor(limit)).map((r) => JSON.parse(r.line) as ChatLine);
  }

  async listRooms(statuses: readonly RoomStatus[], limit = 10_000): Promise<RoomRecord[]> {
    if (statuses.length === 0) return [];
    const marks = statuses.map(() => '?').join(', ');
    const rows = this.db
      .prepare<unknown[], RoomRow>(`select * from rooms where status in (${marks}) order by created_at limit ?`)
      .all(...statuses, limit);
    return rows.map(fromRow);
  }

  async pruneRooms(endedBefore: number, limit: number): Promise<string[]> {
    if (limit <= 0) return [];
    const prune = this.db.transaction(() => {
      const ids = this.q.oldRooms.all(endedBefore, Math.floor(limit)).map((r) => r.id);
      const seats = this.roomPlayersDelete();
      for (const id of ids) {
        this.q.deleteActions.run(id);
        this.q.deleteChat.run(id);
        seats?.run(id);
        this.q.deleteRoom.run(id);
      }
      return ids;
    });
    return this.write(() => prune.immediate());
  }

  private deleteRoomPlayers: Database.Statement<[string]> | undefined;

  /** The ratings' room_players table lives in this file once a ratings store has opened it (ratings/sqlite.ts); until then there is nothing to delete. */
  private roomPlayersDelete(): Database.Statement<[string]> | undefined {
    if (!this.deleteRoomPlayers && this.db.prepare("select 1 from sqlite_master where type = 'table' and name = 'room_players'").get()) {
      this.deleteRoomPlayers = this.db.prepare<[string]>('delete from room_players where room = ?');
    }
    return this.deleteRoomPlayers;
  }

  private closing: Promise<void> | undefined;

  /** Commits queued appends, stops the checkpointer and closes the file; calling it again waits for the same close. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.log.drain();
      await this.stopCheckpointer?.();
      if (this.db.open) this.db.close();
    })();
    return this.closing;
  }
}
