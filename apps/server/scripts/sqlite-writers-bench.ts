// Prints what several processes appending to one SQLite file (`--workers N`) cost each of them: CPU per append, commit latency and the longest event-loop stall (about 20 s).
//
//   node --import tsx apps/server/scripts/sqlite-writers-bench.ts [--processes 2] [--seconds 15] [--rate 1250] [--rooms 1250]
//
// Each process stores --rooms rooms of its own, then appends --rate actions a second (five every
// 4 ms) to random ones of them, as a worker of the load test does at 2,500 rooms × 2 workers.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase, SqliteStorage } from '../src/storage/sqlite.ts';
import { hashSeed } from '../src/tokens.ts';

const { values: args } = parseArgs({
  options: {
    processes: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '15' },
    rate: { type: 'string', default: '1250' },
    rooms: { type: 'string', default: '1250' },
    child: { type: 'string' },
    file: { type: 'string' },
  },
});

interface Figures {
  process: string;
  appendsPerSecond: number;
  cpuMicrosPerAppend: number;
  commitP50: number;
  commitP99: number;
  loopDelayP99: number;
  loopDelayMax: number;
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const ms = (x: number): number => Math.round(x * 100) / 100;

async function child(name: string, file: string): Promise<Figures> {
  const storage = new SqliteStorage(openDatabase(file));
  const rooms = Number(args.rooms);
  const next = new Array<number>(rooms).fill(0);
  for (let i = 0; i < rooms; i++) {
    await storage.createRoom({ id: `${name}-${i}`, game: 'five-crowns', seed: 's', seedHash: hashSeed('s'), players: 4, options: {}, seats: [], status: 'playing', createdAt: 0 });
  }
  const action = { type: 'discard', args: { card: 'c0123456789abcdef' } };
  const latencies: number[] = [];
  const perTick = 5;
  const tickMs = (1000 * perTick) / Number(args.rate);
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const timer = setInterval(() => {
    for (let k = 0; k < perTick; k++) {
      const r = Math.floor(Math.random() * rooms);
      const t = performance.now();
      void storage.appendAction(`${name}-${r}`, { n: ++next[r]!, at: 1, seat: 0, seq: next[r]!, action }).then(() => latencies.push(performance.now() - t));
    }
  }, tickMs);
  await new Promise((resolve) => setTimeout(resolve, Number(args.seconds) * 1000));
  clearInterval(timer);
  await storage.close();
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - t0;
  loop.disable();
  latencies.sort((a, b) => a - b);
  return {
    process: name,
    appendsPerSecond: Math.round((latencies.length * 1000) / wall),
    cpuMicrosPerAppend: Math.round((cpu.user + cpu.system) / latencies.length),
    commitP50: ms(percentile(latencies, 0.5)),
    commitP99: ms(percentile(latencies, 0.99)),
    loopDelayP99: ms(loop.percentile(99) / 1e6),
    loopDelayMax: ms(loop.max / 1e6),
  };
}

if (args.child !== undefined) {
  process.send!(await child(args.child, args.file!));
  process.exit(0);
} else {
  const dir = mkdtempSync(join(tmpdir(), 'decksmith-writers-'));
  const file = join(dir, 'shared.db');
  // The schema exists before the processes race to open the file (as the primary does in --workers mode).
  await new SqliteStorage(openDatabase(file)).close();
  const self = fileURLToPath(import.meta.url);
  const n = Number(args.processes);
  const results = await Promise.all(
    Array.from({ length: n }, (_, i) => {
      const p = fork(self, ['--child', String.fromCharCode(97 + i), '--file', file, '--seconds', args.seconds!, '--rate', args.rate!, '--rooms', args.rooms!], {
        execArgv: ['--import', 'tsx'],
      });
      return new Promise<Figures>((resolve, reject) => {
        p.once('message', (m) => resolve(m as Figures));
        p.once('exit', (code) => code !== 0 && reject(new Error(`writer ${i} exited ${code}`)));
      });
    }),
  );
  rmSync(dir, { recursive: true, force: true });
  console.table(results);
}
