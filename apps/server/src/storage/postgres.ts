// PostgreSQL storage (`pg` pool): rooms, seats (token hashes) and action logs shared by every node; appends group-committed; migrations applied at open.
import pg from 'pg';
import type { ChatLine } from '@decksmith/protocol';
import { GroupCommit } from './group-commit.ts';
import { openMigratedPool } from './pg/pool.ts';
import { checkSchemaName, parseDatabaseUrl, quoteIdent } from './pg/schema.ts';
import {
  actionRow,
  APPEND_ACTIONS,
  CLAIM_SEAT,
  RELEASE_SEAT,
  fromRow,
  GET_ACTIONS,
  GET_ROOM,
  INSERT_ROOM,
  LIST_ROOMS,
  PRUNE_ROOMS,
  roomParams,
  updateRoomStatement,
  type RoomRow,
} from './pg/sql.ts';
import { notNext, type LogEntry, type RoomPatch, type RoomRecord, type RoomStatus, type SeatRecord, type Storage } from './storage.ts';

export interface PostgresStorageOptions {
  /** `postgres://user@host:port/db`, optionally with `?schema=name` (overridden by `schema`). */
  url: string;
  /** The schema holding the tables (created if missing; default `public`): one per cluster, or per test. */
  schema?: string;
  /** Connections in the pool (default 10). */
  poolSize?: number;
  /** Largest group commit (default 1000 appends); more wait for the next one. */
  maxBatch?: number;
  /** A connection attempt fails after this many ms (default 10,000) instead of waiting forever. */
  connectTimeoutMs?: number;
  /** Server-side limit of one statement (default 30,000 ms). */
  statementTimeoutMs?: number;
  /** Called with errors of idle pooled connections (the database restarted…); default: ignored, the pool reconnects. */
  onError?: (error: Error) => void;
  /** `application_name` of the connections (default `decksmith`), as shown in pg_stat_activity. */
  applicationName?: string;
}

export { NOT_NEXT } from './storage.ts';

/** Says why the database refused one append (the constraint it broke), keeping the driver's error as the cause. */
function appendError(error: unknown, row: Record<string, unknown>): unknown {
  const e = error as { code?: string; constraint?: string };
  if (e.code === '23505' || (e.code === '23503' && e.constraint === 'actions_room_prev_fkey')) {
    return notNext(String(row['room']), Number(row['n']), 'another writer took it, or it leaves a gap', error);
  }
  if (e.code === '23503') return new Error(`no room ${String(row['room'])}`, { cause: error });
  if (e.code === '23514') return new Error(`log position ${String(row['n'])} is not a valid position`, { cause: error });
  return error;
}

/**
 * Storage on a PostgreSQL server shared by every node of a cluster. `claimSeat` is one
 * conditional update (a second concurrent claim waits on the row lock and finds the seat
 * taken); `appendAction` is fenced by the log's primary key (room, n) and a deferred foreign key
 * to (room, n - 1), so an entry that is not the next position — a second node writing action n,
 * or a gap — is refused by the database itself. Writes to one room (create, claim, update) run in
 * the order they were called, even over several pooled connections.
 *
 * @example
 * const storage = await PostgresStorage.open({ url: 'postgres://postgres@127.0.0.1/test?schema=decksmith' });
 * await storage.createRoom(record);
 * await storage.close();
 */
export class PostgresStorage implements Storage {
  private readonly commits: GroupCommit<Record<string, unknown>>;
  private readonly roomWrites = new Map<string, Promise<unknown>>();
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly pool: pg.Pool,
    /** The schema this instance reads and writes. */
    readonly schema: string,
    maxBatch: number | undefined,
  ) {
    const insert = async (rows: readonly Record<string, unknown>[]): Promise<void> => {
      try {
        await this.pool.query({ name: 'decksmith_append', text: APPEND_ACTIONS, values: [JSON.stringify(rows)] });
      } catch (error) {
        throw rows.length === 1 ? appendError(error, rows[0]!) : error;
      }
    };
    this.commits = new GroupCommit({
      writeBatch: insert,
      writeOne: (row) => insert([row]),
      ...(maxBatch !== undefined ? { maxBatch } : {}),
    });
  }

  /**
   * Connects, creates the schema if needed and applies the pending migrations (under an advisory
   * lock, so nodes opening at once apply each migration once), then returns the storage.
   */
  static async open(options: PostgresStorageOptions): Promise<PostgresStorage> {
    const { pool, schema } = await openMigratedPool(options.url, {
      schema: options.schema,
      max: options.poolSize ?? 10,
      applicationName: options.applicationName ?? 'decksmith',
      connectTimeoutMs: options.connectTimeoutMs,
      statementTimeoutMs: options.statementTimeoutMs,
      onError: options.onError,
    });
    return new PostgresStorage(pool, schema, options.maxBatch);
  }

  async createRoom(room: RoomRecord): Promise<void> {
    await this.inOrder(room.id, () => this.pool.query(INSERT_ROOM, roomParams(room)));
  }

  async claimSeat(roomId: string, seat: number, tokenHash: string, name: string | undefined): Promise<boolean> {
    const r = await this.inOrder(roomId, () => this.pool.query(CLAIM_SEAT, [roomId, seat, tokenHash, name ?? null]));
    return r.rowCount === 1;
  }

  async releaseSeat(roomId: string, seat: number, tokenHash: string, replacement: SeatRecord): Promise<boolean> {
    const r = await this.inOrder(roomId, () =>
      this.pool.query(RELEASE_SEAT, [roomId, seat, tokenHash, replacement.kind, replacement.level ?? null, replacement.tokenHash ?? null, replacement.name ?? null, replacement.resigned === true]),
    );
    return r.rowCount === 1;
  }

  async updateRoom(roomId: string, patch: RoomPatch): Promise<void> {
    const statement = updateRoomStatement(roomId, patch);
    if (statement) await this.inOrder(roomId, () => this.pool.query(statement.text, statement.values));
  }

  /**
   * Appends are group-committed: every append queued in one event-loop turn (and those queued
   * while the previous commit was in flight) is inserted by one statement, one transaction; each
   * promise resolves only after that commit. A refused entry (not the next position) fails the
   * batch, which is then retried entry by entry so that only the refused one rejects.
   */
  appendAction(roomId: string, entry: LogEntry): Promise<void> {
    if (this.closing) return Promise.reject(new Error('storage is closed'));
    return this.commits.add(actionRow(roomId, entry));
  }

  async getRoom(roomId: string): Promise<RoomRecord | null> {
    const r = await this.pool.query<RoomRow>(GET_ROOM, [roomId]);
    return r.rows[0] ? fromRow(r.rows[0]) : null;
  }

  async getActions(roomId: string): Promise<LogEntry[]> {
    const r = await this.pool.query<LogEntry>(GET_ACTIONS, [roomId]);
    return r.rows.map((e) => ({ n: e.n, at: e.at, seat: e.seat, seq: e.seq, action: e.action }));
  }

  async appendChat(roomId: string, line: ChatLine): Promise<void> {
    await this.pool.query('insert into chat (room, at, line) values ($1, $2, $3)', [roomId, Math.floor(line.at), JSON.stringify(line)]);
  }

  async getChat(roomId: string, limit = 10_000): Promise<ChatLine[]> {
    const r = await this.pool.query<{ line: ChatLine }>('select line from chat where room = $1 order by id limit $2', [roomId, Math.floor(limit)]);
    return r.rows.map((x) => x.line);
  }

  async listRooms(statuses: readonly RoomStatus[], limit = 10_000): Promise<RoomRecord[]> {
    if (statuses.length === 0 || limit <= 0) return [];
    const r = await this.pool.query<RoomRow>(LIST_ROOMS, [statuses, Math.floor(limit)]);
    return r.rows.map(fromRow);
  }

  async pruneRooms(endedBefore: number, limit: number): Promise<string[]> {
    if (limit <= 0) return [];
    const r = await this.pool.query<{ id: string }>(PRUNE_ROOMS, [endedBefore, Math.floor(limit)]);
    return r.rows.map((x) => x.id);
  }

  /** Commits the queued appends and room writes, then closes the pool. Appends after this reject. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.commits.drain();
      await Promise.allSettled([...this.roomWrites.values()]);
      await this.pool.end();
    })();
    return this.closing;
  }

  /** Runs `write` after every earlier write to the same room has settled (pooled connections could otherwise reorder them). */
  private inOrder<T>(roomId: string, write: () => Promise<T>): Promise<T> {
    if (this.closing) return Promise.reject(new Error('storage is closed'));
    const before = this.roomWrites.get(roomId);
    const run = before ? before.then(write, write) : write();
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.roomWrites.set(roomId, settled);
    void settled.then(() => {
      if (this.roomWrites.get(roomId) === settled) this.roomWrites.delete(roomId);
    });
    return run;
  }
}

/**
 * Drops a schema and everything in it (test clean-up, or removing a cluster's data).
 *
 * @example
 * await dropSchema('postgres://postgres@127.0.0.1/test', 't_abc123');
 */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const { connectionString } = parseDatabaseUrl(url);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${quoteIdent(checkSchemaName(schema))} cascade`);
  } finally {
    await client.end();
  }
}
