// SQLite storage's writes: none blocks the event loop while another process holds the file's write lock; the action-log appends are group-committed.
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

const BUSY = Symbol('busy');
const isBusy = (error: unknown): boolean => String((error as { code?: unknown } | null)?.code ?? '').startsWith('SQLITE_BUSY');
const nextTurn = (retries: number): Promise<void> =>
  new Promise((resolve) => (retries < 2 ? setImmediate(resolve) : setTimeout(resolve, 1)));

/** Runs a synchronous write transaction of one connection; resolves with its result. */
export type Write = <T>(commit: () => T) => Promise<T>;

/**
 * The writes of `db` without waiting on the event loop: each runs with `busy_timeout` 0, so when
 * another worker process holds the file's write lock it fails at once with SQLITE_BUSY and is
 * retried on a later turn (twice on the next one, then every millisecond) until it runs or the
 * connection's own busy timeout (5 s) has passed — instead of SQLite's busy handler sleeping on
 * the event loop, which stalled every room of the process for up to tens of milliseconds. Every
 * writer of the file polls the same way, so none starves another that sleeps longer between
 * tries. A refused try has written nothing (the lock is taken at BEGIN: transactions that read
 * before they write begin IMMEDIATE), so the retry runs the whole write again.
 */
export function lockFreeWrites(db: Database.Database): Write {
  const timeout = Number(db.pragma('busy_timeout', { simple: true }));
  const noWait = db.prepare('pragma busy_timeout = 0');
  const wait = db.prepare(`pragma busy_timeout = ${timeout}`);
  /** One try: the commit's result, or BUSY when another process holds the lock (other errors throw). */
  const attempt = <T>(commit: () => T): { value: T } | typeof BUSY => {
    noWait.get();
    try {
      return { value: commit() };
    } catch (error) {
      if (isBusy(error)) return BUSY;
      throw error;
    } finally {
      wait.get();
    }
  };
  const retry = async <T>(commit: () => T): Promise<T> => {
    const deadline = performance.now() + Math.max(timeout, 1);
    for (let retries = 0; ; retries++) {
      const done = attempt(commit);
      if (done !== BUSY) return done.value;
      if (performance.now() > deadline) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      await nextTurn(retries);
    }
  };
  // Writes run in the order they were called: once one waits for the lock, later ones queue behind it.
  let waiting = 0;
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(commit: () => T): Promise<T> => {
    if (waiting === 0) {
      // The common case: nothing waits, so the write runs now, within the caller's turn, as a plain call would.
      try {
        const done = attempt(commit);
        if (done !== BUSY) return Promise.resolve(done.value);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    waiting++;
    const run = queue.then(() => retry(commit)).finally(() => waiting--);
    queue = run.catch(() => undefined);
    return run;
  };
}

/**
 * Group-commits appends on `db` through `write`: every row queued in one event-loop turn (and
 * while the previous commit waits for the lock) goes into one IMMEDIATE transaction; a batch with
 * a refused row falls back to one transaction per row. A turn passes between two commits, so that
 * a busy writer does not hold the lock without a break while other writers poll for it.
 */
export function logAppends(db: Database.Database, write: Write): GroupCommit<LogRow> {
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
  return new GroupCommit<LogRow>({
    writeBatch: (rows) => write(() => batch.immediate(rows)),
    writeOne: (row) => write(() => single.immediate(row)),
    turnBetweenCommits: true,
  });
}
