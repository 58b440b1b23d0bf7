// The action-log appends of SQLite storage: group-committed, and never blocking the event loop while another process holds the file's write lock.
import type Database from 'better-sqlite3';
import { GroupCommit } from './group-commit.ts';
import { notNext } from './storage.ts';

/** One action-log row as stored: the action already JSON. */
export interface LogRow {
  room: string;
  n: number;
  at: number;
  seat: number;
  seq: number;
  action: string;
}

/** How long an append waits for the write lock before it fails (as `busy_timeout` would). */
export const LOCK_WAIT_MS = 5000;

const isBusy = (error: unknown): boolean => String((error as { code?: unknown } | null)?.code ?? '').startsWith('SQLITE_BUSY');
const nextTurn = (retries: number): Promise<void> =>
  new Promise((resolve) => (retries < 2 ? setImmediate(resolve) : setTimeout(resolve, 1)));

/**
 * Group-commits appends on `db`: every row queued in one event-loop turn (and while the previous
 * commit waits) goes into one IMMEDIATE transaction; a batch with a refused row falls back to one
 * transaction per row. IMMEDIATE: with several processes on the file, a deferred read-then-write
 * transaction fails with SQLITE_BUSY_SNAPSHOT when another one committed meanwhile.
 *
 * The transaction begins with `busy_timeout` 0: when another worker process holds the write
 * lock, BEGIN fails at once and the commit is retried on a later turn (rows queued meanwhile
 * join the next batch), instead of SQLite's busy handler sleeping on the event loop, which
 * stalled every room of the process for up to tens of milliseconds. A turn passes between two
 * commits, so that the blocking transactions of other processes find the lock free at times.
 */
export function logAppends(db: Database.Database): GroupCommit<LogRow> {
  const lastN = db.prepare<[string], { n: number | null }>('select max(n) as n from actions where room = ?');
  const roomExists = db.prepare<[string]>('select 1 from rooms where id = ?');
  const insert = db.prepare('insert into actions (room, n, at, seat, seq, action) values (?, ?, ?, ?, ?, ?)');
  const one = (row: LogRow): void => {
    // The log has no gap and no second writer of a position: n must be exactly the next one.
    const next = (lastN.get(row.room)?.n ?? 0) + 1;
    if (row.n !== next) throw notNext(row.room, row.n, next);
    if (next === 1 && !roomExists.get(row.room)) throw new Error(`no room ${row.room}`);
    insert.run(row.room, row.n, row.at, row.seat, row.seq, row.action);
  };
  const batch = db.transaction((rows: readonly LogRow[]) => rows.forEach(one));
  const single = db.transaction(one);
  const timeout = Number(db.pragma('busy_timeout', { simple: true }));
  const noWait = db.prepare('pragma busy_timeout = 0');
  const wait = db.prepare(`pragma busy_timeout = ${timeout}`);
  const withoutBlocking = async (commit: () => void): Promise<void> => {
    const deadline = performance.now() + LOCK_WAIT_MS;
    for (let retries = 0; ; retries++) {
      noWait.get();
      try {
        return commit();
      } catch (error) {
        if (!isBusy(error) || performance.now() > deadline) throw error;
      } finally {
        wait.get();
      }
      await nextTurn(retries);
    }
  };
  return new GroupCommit<LogRow>({
    writeBatch: (rows) => withoutBlocking(() => batch.immediate(rows)),
    writeOne: (row) => withoutBlocking(() => single.immediate(row)),
    turnBetweenCommits: true,
  });
}
