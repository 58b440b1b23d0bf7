// Runs SQLite WAL checkpoints (the only step that fsyncs under synchronous=NORMAL) in a worker thread, off the event loop.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const checkpoint = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} };
const timer = setInterval(checkpoint, workerData.ms);
parentPort.on('message', () => { clearInterval(timer); checkpoint(); db.close(); parentPort.postMessage('done'); });
`;

/**
 * Starts checkpointing `file` every `ms`; the returned function stops it after a last checkpoint.
 * The main connection turns automatic checkpoints off, so no commit ever waits for an fsync.
 */
export function startCheckpointer(file: string, ms = 1000): () => Promise<void> {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { file, ms, module } });
  worker.unref();
  return () =>
    new Promise<void>((resolve) => {
      worker.once('message', () => void worker.terminate().then(() => resolve()));
      worker.once('exit', () => resolve());
      worker.postMessage('stop');
    });
}
