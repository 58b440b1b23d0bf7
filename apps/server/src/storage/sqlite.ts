// SQLite storage (better-sqlite3, WAL): rooms and their append-only action logs in one file.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { startCheckpointer } from './checkpointer.ts';
import type { LogEntry, RoomRecord, RoomStatus, Storage } from './storage.ts';

/** Opens (creating its folder if needed) the database file, or `:memory:`. */
export function openDatabase(file: string): Database.Database {
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true });
  }
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL mode survives a process crash (kill -9); only a power loss can drop the last commits.
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  return db;
}

const SCHEMA = `
create table if not exists rooms (
  id text primary key,
  game text not null,
  seed text not null,
  players integer not null,
  options text not null,
  seats text not null,
  status text not null,
  created_at integer not null,
  started_at integer,
  ended_at integer,
  result text
);
create index if not exists rooms_status on rooms (status, created_at);
create table if not exists actions (
  room text not null,
  n integer not null,
  at integer not null,
  seat integer not null,
  seq integer not null,
  action text not null,
  primary key (room, n)
) without rowid;
`;

interface PendingAppend {
  roomId: string;
  e: LogEntry;
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface RoomRow {
  id: string;
  game: string;
  seed: string;
  players: number;
  options: string;
  seats: string;
  status: RoomStatus;
  created_at: number;
  started_at: number | null;
  ended_at: number | null;
  result: string | null;
}

function fromRow(r: RoomRow): RoomRecord {
  return {
    id: r.id,
    game: r.game,
    seed: r.seed,
    players: r.players,
    options: JSON.parse(r.options) as RoomRecord['options'],
    seats: JSON.parse(r.seats) as RoomRecord['seats'],
    status: r.status,
    createdAt: r.created_at,
    ...(r.started_at !== null ? { startedAt: r.started_at } : {}),
    ...(r.ended_at !== null ? { endedAt: r.ended_at } : {}),
    ...(r.result !== null ? { result: JSON.parse(r.result) as RoomRecord['result'] } : {}),
  };
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

  constructor(private readonly db: Database.Database) {
    db.exec(SCHEMA);
    if (!db.memory) {
      // Checkpoints fsync; a worker runs them so that appends (and so acks) never wait for the disk.
      db.pragma('wal_autocheckpoint = 0');
      this.stopCheckpointer = startCheckpointer(db.name);
    }
    this.q = {
      insertRoom: db.prepare(
        'insert into rooms (id, game, seed, players, options, seats, status, created_at) values (@id, @game, @seed, @players, @options, @seats, @status, @created_at)',
      ),
      getRoom: db.prepare<[string], RoomRow>('select * from rooms where id = ?'),
      setSeats: db.prepare('update rooms set seats = ? where id = ?'),
      append: db.prepare('insert into actions (room, n, at, seat, seq, action) values (?, ?, ?, ?, ?, ?)'),
      lastN: db.prepare<[string], { n: number | null }>('select max(n) as n from actions where room = ?'),
      actions: db.prepare<[string], { n: number; at: number; seat: number; seq: number; action: string }>(
        'select n, at, seat, seq, action from actions where room = ? order by n',
      ),
    };
  }

  async createRoom(room: RoomRecord): Promise<void> {
    this.q.insertRoom.run({
      id: room.id,
      game: room.game,
      seed: room.seed,
      players: room.players,
      options: JSON.stringify(room.options),
      seats: JSON.stringify(room.seats),
      status: room.status,
      created_at: room.createdAt,
    });
  }

  async claimSeat(roomId: string, seat: number, tokenHash: string, name: string | undefined): Promise<boolean> {
    // One transaction: read, check free, write (no other writer can interleave in SQLite).
    return this.db.transaction(() => {
      const row = this.q.getRoom.get(roomId);
      if (!row) return false;
      const seats = JSON.parse(row.seats) as RoomRecord['seats'];
      const s = seats[seat];
      if (!s || s.kind !== 'human' || s.tokenHash) return false;
      s.tokenHash = tokenHash;
      if (name !== undefined) s.name = name;
      this.q.setSeats.run(JSON.stringify(seats), roomId);
      return true;
    })();
  }

  async updateRoom(roomId: string, patch: Partial<Pick<RoomRecord, 'status' | 'startedAt' | 'endedAt' | 'result'>>): Promise<void> {
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
    if (sets.length === 0) return;
    this.db.prepare(`update rooms set ${sets.join(', ')} where id = ?`).run(...values, roomId);
  }

  /**
   * Appends are group-committed: every append of one event-loop turn goes into one transaction,
   * committed in `setImmediate`, and each promise resolves only once that commit is in the WAL
   * (so an action is still never acknowledged before it is stored). One commit per turn instead
   * of one per action is what keeps thousands of actions per second cheap.
   */
  appendAction(roomId: string, e: LogEntry): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ roomId, e, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  private pending: PendingAppend[] = [];

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    const insert = (p: PendingAppend) => this.q.append.run(p.roomId, p.e.n, p.e.at, p.e.seat, p.e.seq, JSON.stringify(p.e.action));
    try {
      this.db.transaction(() => batch.forEach(insert))();
      for (const p of batch) p.resolve();
    } catch {
      // One bad entry (a second writer of the same position: the primary key (room, n)) must not
      // fail the others: fall back to one transaction each.
      for (const p of batch) {
        try {
          insert(p);
          p.resolve();
        } catch (error) {
          p.reject(error);
        }
      }
    }
  }

  async getRoom(roomId: string): Promise<RoomRecord | null> {
    const row = this.q.getRoom.get(roomId);
    return row ? fromRow(row) : null;
  }

  async getActions(roomId: string): Promise<LogEntry[]> {
    return this.q.actions.all(roomId).map((r) => ({ n: r.n, at: r.at, seat: r.seat, seq: r.seq, action: JSON.parse(r.action) as LogEntry['action'] }));
  }

  async listRooms(statuses: readonly RoomStatus[], limit = 10_000): Promise<RoomRecord[]> {
    if (statuses.length === 0) return [];
    const marks = statuses.map(() => '?').join(', ');
    const rows = this.db
      .prepare<unknown[], RoomRow>(`select * from rooms where status in (${marks}) order by created_at limit ?`)
      .all(...statuses, limit);
    return rows.map(fromRow);
  }

  async close(): Promise<void> {
    this.flush();
    await this.stopCheckpointer?.();
    if (this.db.open) this.db.close();
  }
}
