// A load-test worker thread: runs its share of the tables (each against one of the node URLs) and reports its statistics, per node, when told to stop.
import { parentPort, workerData } from 'node:worker_threads';
import { Stats, type StatsReport } from './stats.ts';
import { runTable } from './table.ts';

/** What the main thread gives a worker: its tables, by the node URL each one plays against. */
export interface WorkerInput {
  game: string;
  players: number;
  pace: number;
  /** One entry per table: the URL of the node it plays on. */
  tables: string[];
}

const { game, players, pace, tables: urls } = workerData as WorkerInput;
const byUrl = new Map<string, Stats>();
for (const url of urls) if (!byUrl.has(url)) byUrl.set(url, new Stats());
let stopped = false;
const tables: Promise<void>[] = [];
let ready = 0;
const onReady = (): void => {
  if (++ready === urls.length) parentPort!.postMessage('ready');
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
for (const url of urls) tables.push(runTable({ url, game, players, pace, stats: byUrl.get(url)!, stopped: () => stopped, onReady, setupSlot }));
parentPort!.on('message', async (m: 'record' | 'stop') => {
  if (m === 'record') {
    for (const s of byUrl.values()) s.recording = true;
    return;
  }
  const report: Record<string, StatsReport> = {};
  for (const [url, s] of byUrl) {
    s.recording = false;
    report[url] = s.report();
  }
  stopped = true;
  parentPort!.postMessage(report);
  await Promise.race([Promise.all(tables), new Promise((res) => setTimeout(res, 5000))]);
  process.exit(0);
});
