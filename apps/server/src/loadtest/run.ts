// One load-test point: R rooms of P WebSocket clients (in worker threads) against a server, measured for S seconds.
import { Worker } from 'node:worker_threads';
import { Stats, serverProcess, serverQuantile } from './stats.ts';

export interface PointOptions {
  url: string;
  game: string;
  rooms: number;
  players: number;
  pace: number;
  /** Seconds measured, once every table is seated. */
  duration: number;
  workers: number;
}

export interface PointReport {
  game: string;
  rooms: number;
  players: number;
  pace: number;
  duration: number;
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
  closeCodes: Record<string, number>;
  /** Rejections and error replies by code. */
  codes: Record<string, number>;
  gamesFinished: number;
  gamesStalled: number;
  rssMB: number;
  /** Server CPU over the measured span, % of one core. */
  cpuPercent: number;
  /** The load generator's own CPU (all its threads) over the measured span, % of one core. */
  clientCpuPercent: number;
  /** Seconds it took to create the rooms and seat every client before measuring. */
  setupSeconds: number;
  /** The machine's 1-minute load average at the end (other work shares the cores). */
  loadAverage: number;
}

type WorkerReport = Pick<Stats, 'latencies' | 'acks' | 'rejects' | 'errors' | 'disconnects' | 'games' | 'stalls' | 'closeCodes' | 'codes'>;

export async function runPoint(o: PointOptions, loadAverage: () => number): Promise<PointReport> {
  const started = performance.now();
  // Clients run in worker threads so that parsing their frames does not become the bottleneck.
  const workers = Math.max(1, Math.min(o.workers, o.rooms));
  const threads = Array.from({ length: workers }, (_, i) => {
    const share = Math.floor(o.rooms / workers) + (i < o.rooms % workers ? 1 : 0);
    // Node 20 does not pass tsx's loader to workers: the worker registers it, then loads worker.ts.
    const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(new URL('./worker.ts', import.meta.url).href)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: { url: o.url, game: o.game, players: o.players, pace: o.pace, rooms: share } });
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
  const before = await serverProcess(o.url);
  for (const t of threads) t.postMessage('record');
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await new Promise((res) => setTimeout(res, o.duration * 1000));
  const reports = await Promise.all(threads.map((t) => new Promise<WorkerReport>((res) => (t.once('message', res), t.postMessage('stop')))));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const after = await serverProcess(o.url);
  const stats = new Stats();
  for (const r of reports) {
    for (const x of r.latencies) stats.latencies.push(x);
    stats.acks += r.acks;
    stats.rejects += r.rejects;
    stats.errors += r.errors;
    stats.disconnects += r.disconnects;
    stats.games += r.games;
    stats.stalls += r.stalls;
    for (const [code, n] of Object.entries(r.closeCodes)) stats.closeCodes[code] = (stats.closeCodes[code] ?? 0) + n;
    for (const [code, n] of Object.entries(r.codes)) stats.codes[code] = (stats.codes[code] ?? 0) + n;
  }
  await Promise.all(threads.map((t) => Promise.race([new Promise((res) => t.once('exit', res)), new Promise((res) => setTimeout(res, 10_000)).then(() => t.terminate())])));
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    game: o.game,
    rooms: o.rooms,
    players: o.players,
    pace: o.pace,
    duration: round(seconds),
    actions: stats.acks,
    rejects: stats.rejects,
    actionsPerSecond: round(stats.acks / seconds),
    p50: round(stats.percentile(50)),
    p95: round(stats.percentile(95)),
    p99: round(stats.percentile(99)),
    serverP99: round(serverQuantile(before, after, 0.99)),
    errors: stats.errors,
    disconnects: stats.disconnects,
    closeCodes: stats.closeCodes,
    codes: stats.codes,
    gamesFinished: stats.games,
    gamesStalled: stats.stalls,
    rssMB: after.rssMB,
    cpuPercent: round(((after.cpuSeconds - before.cpuSeconds) / seconds) * 100),
    clientCpuPercent: round(((cpu.user + cpu.system) / 1e6 / seconds) * 100),
    setupSeconds: round(setupSeconds),
    loadAverage: round(loadAverage()),
  };
}
