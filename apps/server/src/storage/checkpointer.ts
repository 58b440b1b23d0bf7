// Runs SQLite WAL checkpoints (the only step that fsyncs under synchronous=NORMAL) in a worker thread, off the event loop, and keeps the -wal file bounded.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

// Every tick: a PASSIVE checkpoint (never blocks the writer). When the -wal file is still larger
// than the limit (a flood outran the passive checkpoints, or the file kept its high-water size),
// a TRUNCATE checkpoint follows: it waits for the writer lock (the main connection's busy_timeout
// absorbs the short wait), copies what is left and cuts the file to zero bytes.
const WORKER = `
const { statSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
let db = null;
try {
  db = new Database(workerData.file);
  db.pragma('busy_timeout = 5000');
  db.pragma('journal_size_limit = ' + workerData.walLimitBytes);
} catch {}
const walSize = () => { try { return statSync(workerData.file + '-wal').size; } catch { return 0; } };
const checkpoint = () => {
  if (!db) return;
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    if (walSize() > workerData.walLimitBytes) db.pragma('wal_checkpoint(TRUNCATE)');
  } catch {}
};
const timer = setInterval(checkpoint, workerData.ms);
parentPort.on('message', () => { clearInterval(timer); checkpoint(); try { db?.close(); } catch {} parentPort.postMessage('done'); });
`;

export interface CheckpointerOptions {
  /** Interval between checkpoints (default 1000 ms). */
  ms?: number;
  /** A -wal file larger than this after the passive checkpoint is truncated (default 64 MiB). */
  walLimitBytes?: number;
}

/**
 * Starts checkpointing `file` every `ms`; the returned function stops it after a last checkpoint.
 * The main connection turns automatic checkpoints off, so no commit ever waits for an fsync
 * (except for the brief writer lock of a TRUNCATE checkpoint once the -wal file passed its limit).
 */
export function startCheckpointer(file: string, options: CheckpointerOptions = {}): () => Promise<void> {
  const { ms = 1000, walLimitBytes = 64 * 1024 * 1024 } = options;
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { file, ms, module, walLimitBytes: Math.max(0, Math.floor(walLimitBytes)) } });
  worker.unref();
  // Checkpoints are best effort (the next one catches up); a failing worker must never take the server down.
  worker.on('error', () => {});
  return () =>
    new Promise<void>((resolve) => {
      worker.once('message', () => void worker.terminate().then(() => resolve()));
      worker.once('exit', () => resolve());
      worker.postMessage('stop');
    });
}
