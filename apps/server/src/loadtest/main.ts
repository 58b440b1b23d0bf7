// `npm run loadtest -- --rooms R --players P --duration S [--pace ms] [--json] [--url u] [--game id]`: load-tests the server over loopback.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { Stats, serverProcess, serverQuantile } from './stats.ts';

const { values } = parseArgs({
  options: {
    rooms: { type: 'string', default: '10' },
    players: { type: 'string', default: '4' },
    duration: { type: 'string', default: '20' },
    pace: { type: 'string', default: '1000' },
    json: { type: 'boolean', default: false },
    url: { type: 'string' },
    game: { type: 'string' },
    workers: { type: 'string', default: '1' },
  },
});
const rooms = Number(values.rooms);
const players = Number(values.players);
const duration = Number(values.duration);
const pace = Number(values.pace);
const say = (line: string): void => void (values.json ? process.stderr : process.stdout).write(`${line}\n`);

// The server under test: the test launcher hosts the generated games plus the fixture games (so a
// load test runs before any generated game exists), on a fresh SQLite file, in its own process.
const LAUNCHER = fileURLToPath(new URL('../../test/fixtures/serve.ts', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(): Promise<{ url: string; child: ChildProcess; dir: string }> {
  const dir = mkdtempSync(join(process.env['LOADTEST_TMP'] ?? tmpdir(), 'decksmith-load-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', LAUNCHER, '--discover', '--port', String(port), '--db', join(dir, 'load.db')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'warn' },
  });
  // Never leave the server behind, whatever happens to this process.
  process.once('exit', () => child.exitCode === null && child.kill('SIGKILL'));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      const line = d.toString().split('\n').find((l) => l.startsWith('{"url"'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { url, child, dir };
}

async function pickGame(url: string): Promise<string> {
  const games = (await (await fetch(`${url}/api/games`)).json()) as { id: string; minPlayers: number; maxPlayers: number; source: string }[];
  if (values.game) return values.game;
  const fits = games.filter((g) => g.minPlayers <= players && players <= g.maxPlayers);
  const real = fits.find((g) => !g.source.startsWith('test fixture'));
  const chosen = real ?? fits.find((g) => g.id === 'shed') ?? fits[0];
  if (!chosen) throw new Error(`no hosted game takes ${players} players`);
  return chosen.id;
}

const server = values.url ? undefined : await startServer();
const url = values.url ?? server!.url;
try {
  const game = await pickGame(url);
  say(`loadtest: ${rooms} rooms × ${players} players of ${game}, pace ${pace} ms, ${duration} s, against ${url}`);
  // Clients run in worker threads so that parsing their frames does not become the bottleneck.
  const workers = Math.max(1, Math.min(Number(values.workers), rooms));
  const threads = Array.from({ length: workers }, (_, i) => {
    const share = Math.floor(rooms / workers) + (i < rooms % workers ? 1 : 0);
    // Node 20 does not pass tsx's loader to workers: the worker registers it, then loads worker.ts.
    const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(new URL('./worker.ts', import.meta.url).href)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: { url, game, players, pace, rooms: share } });
    worker.on('error', (err) => {
      process.stderr.write(`loadtest worker failed: ${String(err)}\n`);
      process.exit(1);
    });
    return worker;
  });
  // Measure once every table is seated (or after a minute), plus a second to settle.
  await Promise.race([
    Promise.all(threads.map((t) => new Promise((res) => t.once('message', res)))),
    new Promise((res) => setTimeout(res, 60_000)),
  ]);
  await new Promise((res) => setTimeout(res, 1000));
  const before = await serverProcess(url);
  for (const t of threads) t.postMessage('record');
  const t0 = performance.now();
  await new Promise((res) => setTimeout(res, duration * 1000));
  const reports = await Promise.all(
    threads.map((t) => new Promise<Omit<Stats, 'percentile' | 'ack' | 'recording'>>((res) => (t.once('message', res), t.postMessage('stop')))),
  );
  const seconds = (performance.now() - t0) / 1000;
  const after = await serverProcess(url);
  const stats = new Stats();
  for (const r of reports) {
    stats.latencies.push(...r.latencies);
    stats.acks += r.acks;
    stats.rejects += r.rejects;
    stats.errors += r.errors;
    stats.disconnects += r.disconnects;
    stats.games += r.games;
    stats.stalls += r.stalls;
    for (const [code, n] of Object.entries(r.closeCodes)) stats.closeCodes[code] = (stats.closeCodes[code] ?? 0) + n;
  }
  await Promise.all(threads.map((t) => new Promise((res) => t.once('exit', res))));
  const round = (x: number) => Math.round(x * 100) / 100;
  const report = {
    game,
    rooms,
    players,
    pace,
    duration: round(seconds),
    actions: stats.acks,
    rejects: stats.rejects,
    actionsPerSecond: round(stats.acks / seconds),
    p50: round(stats.percentile(50)),
    p95: round(stats.percentile(95)),
    p99: round(stats.percentile(99)),
    /** Server-side receive→ack time (upper bound of the histogram bucket holding the 99th percentile). */
    serverP99: round(serverQuantile(before, after, 0.99)),
    errors: stats.errors,
    disconnects: stats.disconnects,
    closeCodes: stats.closeCodes,
    gamesFinished: stats.games,
    gamesStalled: stats.stalls,
    rssMB: after.rssMB,
    cpuPercent: round(((after.cpuSeconds - before.cpuSeconds) / seconds) * 100),
  };
  if (values.json) process.stdout.write(`${JSON.stringify(report)}\n`);
  else {
    say(`actions/s ${report.actionsPerSecond} (${report.actions} acked, ${report.rejects} rejected)`);
    say(`action→ack latency ms: p50 ${report.p50}  p95 ${report.p95}  p99 ${report.p99}  (server side p99 ≤ ${report.serverP99})`);
    say(`errors ${report.errors}  disconnects ${report.disconnects}  games finished ${report.gamesFinished}  stalled ${report.gamesStalled}`);
    say(`server RSS ${report.rssMB} MB  CPU ${report.cpuPercent} %`);
  }
} finally {
  if (server) {
    server.child.kill('SIGTERM');
    await new Promise((res) => server.child.once('exit', res));
    rmSync(server.dir, { recursive: true, force: true });
  }
}
process.exit(0);
