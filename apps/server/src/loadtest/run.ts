// One load-test point: R rooms of P WebSocket clients (in worker threads) against one or several server nodes, measured for S seconds, reported per node and in total.
import { Worker } from 'node:worker_threads';
import { Stats, serverProcess, serverQuantile, type ServerSample, type StatsReport } from './stats.ts';
import type { WorkerInput } from './worker.ts';

export interface PointOptions {
  /** The nodes: table i plays against `urls[i % urls.length]` (create, join and socket alike). */
  urls: string[];
  game: string;
  rooms: number;
  players: number;
  pace: number;
  /** Seconds measured, once every table is seated. */
  duration: number;
  /** Load-generator threads. */
  threads: number;
}

/** The figures of one node (or of all of them, in the report's top level). */
export interface NodeFigures {
  rooms: number;
  actions: number;
  rejects: number;
  actionsPerSecond: number;
  /** Client-side action→ack latency percentiles (ms), acks and rejects alike. */
  p50: number;
  p95: number;
  p99: number;
  /** Server-side receive→ack time (upper bound of the histogram bucket holding the 99th percentile). */
  serverP99: number;
  errors: number;
  disconnects: number;
  /** Server RSS (all its processes: a primary and its workers are summed by its /metrics). */
  rssMB: number;
  /** Server CPU over the measured span, % of one core (all its processes). */
  cpuPercent: number;
  /** Server CPU per acknowledged action, µs (all its processes): the cost that bounds how many rooms a core carries. */
  cpuMicrosPerAction: number;
  /** A `--workers` server: the CPU % of each of its processes ("0", "1", …, "primary"). */
  cpuByProcess?: Record<string, number>;
  /** GC pauses during the measured span, % of the span (all processes summed), by kind: what of the server's CPU went to collecting. */
  gcPercent: Record<string, number>;
  /** The mean GC pause (ms) during the measured span, by kind: a long one holds every room of its process. */
  gcMeanMs: Record<string, number>;
  /** Event-loop delay (ms, p99 and max) of each process serving rooms over the measured span: a stall delays every room of that process. */
  loopDelay: Record<string, { p99: number; max: number }>;
}

export interface NodeReport extends NodeFigures {
  url: string;
}

export interface PointReport extends NodeFigures {
  game: string;
  players: number;
  pace: number;
  duration: number;
  closeCodes: Record<string, number>;
  /** Rejections and error replies by code. */
  codes: Record<string, number>;
  gamesFinished: number;
  gamesStalled: number;
  /** The load generator's own CPU (all its threads) over the measured span, % of one core. */
  clientCpuPercent: number;
  /** Seconds it took to create the rooms and seat every client before measuring. */
  setupSeconds: number;
  /** The machine's 1-minute load average at the end (other work shares the cores). */
  loadAverage: number;
  /** Each node's own figures (one entry per URL). */
  nodes: NodeReport[];
}

const round = (x: number): number => Math.round(x * 100) / 100;

/** Per key of `after`, how much it grew since `before` (a key absent before counts from 0). */
function grown(after: Record<string, number>, before: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)]));
}

/** Per key (those of the first sample), the sum over the samples of what `pick` reads. */
function addUp(samples: readonly ServerSample[], pick: (s: ServerSample) => Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.keys(pick(samples[0]!)).map((k) => [k, samples.reduce((a, s) => a + (pick(s)[k] ?? 0), 0)]));
}

function figures(stats: Stats, rooms: number, seconds: number, before: ServerSample[], after: ServerSample[]): NodeFigures {
  // Several nodes: their histograms (same buckets) and process figures add up.
  const sum = (samples: ServerSample[]): ServerSample => ({
    cpuByProcess: samples.length === 1 ? samples[0]!.cpuByProcess : {},
    gcSeconds: addUp(samples, (s) => s.gcSeconds),
    gcCount: addUp(samples, (s) => s.gcCount),
    loopDelay: samples.length === 1 ? samples[0]!.loopDelay : {},
    rssMB: samples.reduce((a, s) => a + s.rssMB, 0),
    cpuSeconds: samples.reduce((a, s) => a + s.cpuSeconds, 0),
    buckets: samples[0]!.buckets.map(([le], i) => [le, samples.reduce((a, s) => a + (s.buckets[i]?.[1] ?? 0), 0)]),
  });
  const b = sum(before);
  const a = sum(after);
  const percentOfSpan = (x: Record<string, number>): Record<string, number> => Object.fromEntries(Object.entries(x).map(([k, v]) => [k, round((v / seconds) * 100)]));
  const gc = grown(a.gcSeconds, b.gcSeconds);
  const pauses = grown(a.gcCount, b.gcCount);
  return {
    rooms,
    actions: stats.acks,
    rejects: stats.rejects,
    actionsPerSecond: round(stats.acks / seconds),
    p50: round(stats.percentile(50)),
    p95: round(stats.percentile(95)),
    p99: round(stats.percentile(99)),
    serverP99: round(serverQuantile(b, a, 0.99)),
    errors: stats.errors,
    disconnects: stats.disconnects,
    rssMB: Math.round(a.rssMB * 10) / 10,
    cpuPercent: round(((a.cpuSeconds - b.cpuSeconds) / seconds) * 100),
    cpuMicrosPerAction: stats.acks > 0 ? Math.round(((a.cpuSeconds - b.cpuSeconds) * 1e6) / stats.acks) : 0,
    gcPercent: percentOfSpan(gc),
    gcMeanMs: Object.fromEntries(Object.entries(gc).map(([k, v]) => [k, (pauses[k] ?? 0) > 0 ? round((v / pauses[k]!) * 1000) : 0])),
    loopDelay: a.loopDelay,
    ...(Object.keys(a.cpuByProcess).length > 0 ? { cpuByProcess: percentOfSpan(grown(a.cpuByProcess, b.cpuByProcess)) } : {}),
  };
}

export async function runPoint(o: PointOptions, loadAverage: () => number): Promise<PointReport> {
  const started = performance.now();
  const tables = Array.from({ length: o.rooms }, (_, i) => o.urls[i % o.urls.length]!);
  // Clients run in worker threads so that parsing their frames does not become the bottleneck.
  const count = Math.max(1, Math.min(o.threads, o.rooms));
  const threads = Array.from({ length: count }, (_, i) => {
    const input: WorkerInput = { game: o.game, players: o.players, pace: o.pace, tables: tables.filter((_, t) => t % count === i) };
    // Node 20 does not pass tsx's loader to workers: the worker registers it, then loads worker.ts.
    const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(new URL('./worker.ts', import.meta.url).href)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: input });
    worker.on('error', (err) => {
      process.stderr.write(`loadtest worker failed: ${String(err)}\n`);
      process.exit(1);
    });
    return worker;
  });
  // Measure once every table is seated (or after five minutes), plus two seconds to settle.
  await Promise.race([
    Promise.all(threads.map((t) => new Promise((res) => t.once('message', res)))),
    new Promise((res) => setTimeout(res, 300_000)),
  ]);
  await new Promise((res) => setTimeout(res, 2000));
  const setupSeconds = (performance.now() - started) / 1000;
  const before = await Promise.all(o.urls.map((u) => serverProcess(u)));
  for (const t of threads) t.postMessage('record');
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await new Promise((res) => setTimeout(res, o.duration * 1000));
  const reports = await Promise.all(threads.map((t) => new Promise<Record<string, StatsReport>>((res) => (t.once('message', res), t.postMessage('stop')))));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const after = await Promise.all(o.urls.map((u) => serverProcess(u)));
  const total = new Stats();
  const byNode = o.urls.map(() => new Stats());
  for (const r of reports) {
    for (const [url, s] of Object.entries(r)) {
      total.add(s);
      byNode[o.urls.indexOf(url)]!.add(s);
    }
  }
  await Promise.all(threads.map((t) => Promise.race([new Promise((res) => t.once('exit', res)), new Promise((res) => setTimeout(res, 10_000)).then(() => t.terminate())])));
  return {
    game: o.game,
    players: o.players,
    pace: o.pace,
    duration: round(seconds),
    ...figures(total, o.rooms, seconds, before, after),
    closeCodes: total.closeCodes,
    codes: total.codes,
    gamesFinished: total.games,
    gamesStalled: total.stalls,
    clientCpuPercent: round(((cpu.user + cpu.system) / 1e6 / seconds) * 100),
    setupSeconds: round(setupSeconds),
    loadAverage: round(loadAverage()),
    nodes: o.urls.map((url, i) => ({ url, ...figures(byNode[i]!, tables.filter((u) => u === url).length, seconds, [before[i]!], [after[i]!]) })),
  };
}
