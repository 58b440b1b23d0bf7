// A load-test worker thread: runs its share of the tables and reports its statistics when told to stop.
import { parentPort, workerData } from 'node:worker_threads';
import { Stats } from './stats.ts';
import { runTable } from './table.ts';

const { url, game, players, pace, rooms } = workerData as { url: string; game: string; players: number; pace: number; rooms: number };
const stats = new Stats();
let stopped = false;
const tables: Promise<void>[] = [];
let ready = 0;
const onReady = (): void => {
  if (++ready === rooms) parentPort!.postMessage('ready');
};
// At most SLOTS tables of this worker set up at once (see TableOptions.setupSlot).
const SLOTS = 48;
let free = SLOTS;
const waiting: (() => void)[] = [];
const setupSlot = async (): Promise<() => void> => {
  if (free > 0) free--;
  else await new Promise<void>((res) => waiting.push(res));
  return () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
};
for (let r = 0; r < rooms; r++) tables.push(runTable({ url, game, players, pace, stats, stopped: () => stopped, onReady, setupSlot }));
parentPort!.on('message', async (m: 'record' | 'stop') => {
  if (m === 'record') return void (stats.recording = true);
  stats.recording = false;
  const report = { latencies: stats.latencies, acks: stats.acks, rejects: stats.rejects, errors: stats.errors, disconnects: stats.disconnects, games: stats.games, stalls: stats.stalls, closeCodes: stats.closeCodes, codes: stats.codes };
  stopped = true;
  parentPort!.postMessage(report);
  await Promise.race([Promise.all(tables), new Promise((res) => setTimeout(res, 5000))]);
  process.exit(0);
});
