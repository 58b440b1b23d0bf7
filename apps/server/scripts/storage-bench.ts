// Prints appends/s and commit latency of the SQLite and PostgreSQL storages under group commit (about 25 s): paced at the load target, then saturated.
//
//   node --import tsx apps/server/scripts/storage-bench.ts [--seconds 5] [--rate 2500] [--concurrency 500] [--engines sqlite,postgres]
//
// PostgreSQL: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), in a schema of its own, dropped after.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { dropSchema, PostgresStorage } from '../src/storage/postgres.ts';
import { openDatabase, SqliteStorage } from '../src/storage/sqlite.ts';
import type { LogEntry, RoomRecord, Storage } from '../src/storage/storage.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    rate: { type: 'string', default: '2500' },
    concurrency: { type: 'string', default: '500' },
    engines: { type: 'string', default: 'sqlite,postgres' },
  },
});
const SECONDS = Number(args.seconds);
const RATE = Number(args.rate);
const CONCURRENCY = Number(args.concurrency);
const DATABASE_URL = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Engine {
  name: string;
  open(): Promise<{ storage: Storage; dispose(): Promise<void> }>;
}

const engines: Engine[] = [
  {
    name: 'sqlite',
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'decksmith-bench-'));
      const storage = new SqliteStorage(openDatabase(join(dir, 'bench.db')));
      return { storage, dispose: async () => void (await storage.close(), rmSync(dir, { recursive: true, force: true })) };
    },
  },
  {
    name: 'postgres',
    async open() {
      const schema = `bench_${randomBytes(5).toString('hex')}`;
      const storage = await PostgresStorage.open({ url: DATABASE_URL, schema });
      return { storage, dispose: async () => void (await storage.close(), await dropSchema(DATABASE_URL, schema)) };
    },
  },
];

// A Five Crowns-sized action.
const entry = (n: number): LogEntry => ({ n, at: n * 1000, seat: n % 4, seq: n, action: { type: 'discard', args: { card: `c${n % 108}` } } });

function room(id: string): RoomRecord {
  const seats = [0, 1, 2, 3].map(() => ({ kind: 'bot' as const, level: 'random' }));
  return { id, game: 'five-crowns', seed: id, seedHash: id, players: 4, options: {}, seats, status: 'playing', createdAt: Date.now() };
}

async function createRooms(s: Storage, prefix: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}${i}`);
  for (let i = 0; i < ids.length; i += 100) await Promise.all(ids.slice(i, i + 100).map((id) => s.createRoom(room(id))));
  return ids;
}

const pct = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (x: number): string => x.toFixed(x < 10 ? 2 : 1);

function summary(latencies: number[], seconds: number): string {
  const l = latencies.sort((a, b) => a - b);
  return `${Math.round(l.length / seconds).toLocaleString('en')} appends/s, commit latency p50 ${ms(pct(l, 50))} / p95 ${ms(pct(l, 95))} / p99 ${ms(pct(l, 99))} / max ${ms(l.at(-1) ?? NaN)} ms`;
}

/** `rate` rooms each appending once a second, spread over the second (the load test's shape). */
async function paced(s: Storage, seconds: number, rate: number): Promise<string> {
  const ids = await createRooms(s, 'p', rate);
  const next = new Array<number>(ids.length).fill(1);
  const busy = new Array<boolean>(ids.length).fill(false);
  const latencies: number[] = [];
  let behind = 0;
  const slots = 100; // a tick every 10 ms
  const start = performance.now();
  for (let tick = 0; tick < seconds * slots; tick++) {
    for (let i = tick % slots; i < ids.length; i += slots) {
      if (busy[i]) {
        behind++;
        continue;
      }
      busy[i] = true;
      const t0 = performance.now();
      void s.appendAction(ids[i]!, entry(next[i]!)).then(() => {
        latencies.push(performance.now() - t0);
        next[i]!++;
        busy[i] = false;
      });
    }
    const wait = start + ((tick + 1) * 1000) / slots - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  while (busy.some(Boolean)) await new Promise((r) => setTimeout(r, 5));
  return `paced ${rate.toLocaleString('en')}/s: ${summary(latencies, seconds)}${behind ? `, ${behind} skipped (previous append still pending)` : ''}`;
}

/** `concurrency` rooms each appending its next entry as soon as the previous one resolved. */
async function saturated(s: Storage, seconds: number, concurrency: number): Promise<string> {
  const ids = await createRooms(s, 's', concurrency);
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    ids.map(async (id) => {
      for (let n = 1; performance.now() < end; n++) {
        const t0 = performance.now();
        await s.appendAction(id, entry(n));
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return `saturated, ${concurrency} rooms in a closed loop: ${summary(latencies, seconds)}`;
}

const uptime = (): string => execFileSync('uptime', { encoding: 'utf8' }).trim();
console.log(`storage bench: ${SECONDS} s per phase; ${uptime()}`);
for (const engine of engines.filter((e) => args.engines.split(',').includes(e.name))) {
  const { storage, dispose } = await engine.open();
  try {
    console.log(`${engine.name.padEnd(8)} ${await paced(storage, SECONDS, RATE)}`);
    console.log(`${engine.name.padEnd(8)} ${await saturated(storage, SECONDS, CONCURRENCY)}`);
  } finally {
    await dispose();
  }
}
console.log(`done; ${uptime()}`);
