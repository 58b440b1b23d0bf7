// `npm run loadtest -- [--help] --rooms R --players P --duration S [--pace ms] [--json] [--url u]… [--game id (default five-crowns)] [--workers n] [--threads n] [--sweep R1,R2,…] [--profile dir]`: load-tests a server (or several nodes) over loopback, per node and in total.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runPoint, type PointReport } from './run.ts';
import { serverUrl } from './server-url.ts';

const { values } = parseArgs({
  options: {
    rooms: { type: 'string', default: '10' },
    players: { type: 'string', default: '4' },
    duration: { type: 'string', default: '20' },
    pace: { type: 'string', default: '1000' },
    json: { type: 'boolean', default: false },
    /** A node to drive (repeatable, or comma-separated): tables are spread over them in turn. Without it, a server of our own. */
    url: { type: 'string', multiple: true },
    game: { type: 'string' },
    /** Worker processes of the server started here (its `--workers`; 1 is a single process). */
    workers: { type: 'string', default: '1' },
    /** Load-generator threads. */
    threads: { type: 'string', default: '2' },
    /** Room counts to run one after another (a fresh server each): prints the curve as a table (`--json`: an array). */
    sweep: { type: 'string' },
    /** Write a V8 CPU profile of the server (started here) into this folder on exit. */
    profile: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
const DEFAULT_GAME = 'five-crowns';
if (values.help) {
  process.stdout.write(`npm run loadtest -- [options]   load-tests a server of its own (or --url nodes) over loopback with real WebSocket clients
  --rooms R          tables (default 10)              --players P       seats per table (default 4)
  --duration S       measured seconds (default 20)    --pace MS         each client acts MS ±50 % after each new state (default 1000)
  --game ID          default: ${DEFAULT_GAME} when hosted, else the first real game seating P; load-floor: a game
                     of no cost with Five Crowns-sized frames (what the server spends besides the rules)
  --workers N        server worker processes (default 1)   --threads N   load-generator threads (default 2)
  --url U            drive these nodes instead (repeatable or comma-separated)
  --sweep R1,R2,...  one fresh server per room count, printed as a table   --json   machine-readable report
  --profile DIR      V8 CPU profile of the server     LOADTEST_SERVER_FLAGS, LOADTEST_PROTOCOL=1|2, LOADTEST_TMP
Reports actions/s, action->ack p50/p95/p99, errors, the server's CPU per acknowledged action (µs), RSS, its GC pauses and
event-loop delay per process, the load generator's CPU and the load average.
`);
  process.exit(0);
}
const rooms = Number(values.rooms);
const players = Number(values.players);
const duration = Number(values.duration);
const pace = Number(values.pace);
const workers = Number(values.workers);
const urls = [...new Set((values.url ?? []).flatMap((u) => u.split(',')).map((u) => u.trim().replace(/\/+$/, '')).filter(Boolean))];
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
  const profile = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : [];
  // Extra node flags for the server under test (e.g. LOADTEST_SERVER_FLAGS=--trace-gc).
  profile.push(...(process.env['LOADTEST_SERVER_FLAGS'] ?? '').split(' ').filter(Boolean));
  // The load comes from one address: the per-client admission limits are lifted for it.
  const config = { maxConnectionsPerIp: 1e6, maxConnections: 1e6, maxRooms: 1e6, createPerMinutePerClient: 1e9, openRoomsPerClient: 1e6, httpPerMinutePerClient: 1e9 };
  // `--game load-floor`: the instrument whose rules cost nothing (test/fixtures/load-floor.ts), hosted on request.
  const floor = values.game === 'load-floor' ? ['--floor'] : [];
  const args = [...floor, '--discover', '--port', String(port), '--db', join(dir, 'load.db'), '--workers', String(workers), '--config', JSON.stringify(config)];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', LAUNCHER, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
    },
  });
  // Never leave the server behind, whatever happens to this process (serverUrl kills it on exit).
  return { url: await serverUrl(child), child, dir };
}

async function pickGame(url: string): Promise<string> {
  const games = (await (await fetch(`${url}/api/games`)).json()) as { id: string; minPlayers: number; maxPlayers: number; source: string }[];
  if (values.game) return values.game;
  const fits = games.filter((g) => g.minPlayers <= players && players <= g.maxPlayers);
  // Five Crowns when hosted, so figures stay comparable as games are added (the first real game
  // seating P players changed with each new game: Egyptian Ratscrew, a real-time race, came first).
  const real = fits.find((g) => g.id === DEFAULT_GAME) ?? fits.find((g) => !g.source.startsWith('test fixture'));
  const chosen = real ?? fits.find((g) => g.id === 'shed') ?? fits[0];
  if (!chosen) throw new Error(`no hosted game takes ${players} players`);
  return chosen.id;
}

/** Runs one point against the `--url` nodes, or against a fresh server of its own (a new database each time). */
async function point(rooms: number): Promise<PointReport & { workers?: number }> {
  const server = urls.length > 0 ? undefined : await startServer();
  const targets = server ? [server.url] : urls;
  try {
    const game = await pickGame(targets[0]!);
    const against = server ? `a server of ${workers} worker${workers > 1 ? 's' : ''} at ${server.url}` : targets.join(', ');
    say(`loadtest: ${rooms} rooms × ${players} players of ${game}, pace ${pace} ms, ${duration} s, against ${against} (load average ${loadavg()[0]!.toFixed(2)})`);
    const report = await runPoint({ urls: targets, game, rooms, players, pace, duration, threads: Number(values.threads) }, () => loadavg()[0]!);
    return server ? { ...report, workers } : report;
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      // A graceful shutdown of thousands of sockets gets 20 s; then the server is killed.
      const kill = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
      await new Promise((res) => server.child.once('exit', res));
      clearTimeout(kill);
      rmSync(server.dir, { recursive: true, force: true });
    }
  }
}

function print(r: PointReport): void {
  if (r.nodes.length > 1) {
    for (const n of r.nodes) {
      say(`  node ${n.url}: ${n.rooms} rooms, actions/s ${n.actionsPerSecond}, p50/p95/p99 ${n.p50}/${n.p95}/${n.p99} ms (server p99 ≤ ${n.serverP99}), errors ${n.errors}, disconnects ${n.disconnects}, RSS ${n.rssMB} MB, CPU ${n.cpuPercent} %`);
    }
    say('total:');
  }
  say(`actions/s ${r.actionsPerSecond} (${r.actions} acked, ${r.rejects} rejected)`);
  say(`action→ack latency ms: p50 ${r.p50}  p95 ${r.p95}  p99 ${r.p99}  (server side p99 ≤ ${r.serverP99})`);
  say(`errors ${r.errors}  disconnects ${r.disconnects}  games finished ${r.gamesFinished}  stalled ${r.gamesStalled}  codes ${JSON.stringify(r.codes)}`);
  if (r.cpuByProcess) say(`server CPU % by process: ${JSON.stringify(r.cpuByProcess)}`);
  const gc = Object.entries(r.gcPercent).filter(([, v]) => v > 0);
  if (gc.length > 0) say(`server GC pauses, % of the span (mean pause ms): ${gc.map(([k, v]) => `${k} ${v} (${r.gcMeanMs[k] ?? 0})`).join(', ')}`);
  const loops = Object.entries(r.loopDelay);
  if (loops.length > 0) say(`event-loop delay ms (p99/max) by process: ${loops.map(([k, d]) => `${k} ${d.p99}/${d.max}`).join(', ')}`);
  say(`server RSS ${r.rssMB} MB  CPU ${r.cpuPercent} % (${r.cpuMicrosPerAction} µs per action)  load generator CPU ${r.clientCpuPercent} %  set-up ${r.setupSeconds} s  (machine load average ${r.loadAverage})`);
}

if (values.sweep) {
  // The curve: p99 ack latency (and the rest) against concurrent players, one fresh server per point.
  const counts = values.sweep.split(',').map((x) => Number(x.trim())).filter((x) => Number.isInteger(x) && x > 0);
  const reports: PointReport[] = [];
  for (const rooms of counts) {
    const r = await point(rooms);
    reports.push(r);
    if (!values.json) print(r);
  }
  const node = (r: PointReport, url?: string) => (url ? r.nodes.find((n) => n.url === url)! : r);
  if (values.json) process.stdout.write(`${JSON.stringify(reports)}\n`);
  else {
    // One row per point, and with several nodes one row per node under it.
    console.table(
      reports.flatMap((r) => [undefined, ...(r.nodes.length > 1 ? r.nodes.map((n) => n.url) : [])].map((url) => ({ url, r: node(r, url) }))).map(({ url, r }) => ({
        ...(urls.length > 1 ? { node: url ?? 'total' } : {}),
        ...(urls.length === 0 ? { workers } : {}),
        players: r.rooms * players,
        rooms: r.rooms,
        'p50 ms': r.p50,
        'p95 ms': r.p95,
        'p99 ms': r.p99,
        'server p99 ≤ ms': r.serverP99,
        'actions/s': r.actionsPerSecond,
        rejects: r.rejects,
        errors: r.errors,
        disconnects: r.disconnects,
        'RSS MB': r.rssMB,
        'CPU %': r.cpuPercent,
        'CPU µs/action': r.cpuMicrosPerAction,
        ...('clientCpuPercent' in r ? { 'client CPU %': r.clientCpuPercent, load: r.loadAverage } : {}),
      })),
    );
  }
} else {
  const r = await point(rooms);
  if (values.json) process.stdout.write(`${JSON.stringify(r)}\n`);
  else print(r);
}
process.exit(0);
