// `npm run loadtest:bots`: one human room's ack and ping latency while the server hosts many bot-only rooms, bots in the pool vs on the event loop.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import pino from 'pino';
import WebSocket from 'ws';
import { discoverWorkspaceGames } from '../games/discover.ts';
import { serverUrl } from './server-url.ts';
import { percentile as pct, serverProcess } from './stats.ts';

const { values } = parseArgs({
  options: {
    /** Bot-only rooms: a number (the server's admission limits are raised to admit them) or `admitted` (as many as the default limits admit). */
    rooms: { type: 'string', default: '200' },
    bots: { type: 'string', default: '6' },
    level: { type: 'string', default: 'ismcts' },
    /** The bot rooms' game (real time: every bot may act at once) and the human room's (turn-based). */
    game: { type: 'string', default: 'tiv-miv' },
    'human-game': { type: 'string', default: 'five-crowns' },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    /** Which runs: `inline` (bots on the event loop, as before the pool: botThreads 0), `pool`, or both. */
    mode: { type: 'string', default: 'inline,pool' },
    /** Internal: run as the server under test with this JSON config. */
    serve: { type: 'string' },
    db: { type: 'string' },
  },
});

const r1 = (x: number): string => (Number.isNaN(x) ? '–' : x < 10 ? x.toFixed(2) : x.toFixed(0));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startServer(config: object): Promise<{ url: string; child: ChildProcess; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'decksmith-bots-'));
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', JSON.stringify(config), '--db', join(dir, 'bots.db')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'warn' },
  });
  return { url: await serverUrl(child), child, dir };
}

async function post<T>(url: string, body: unknown): Promise<{ status: number; body: T }> {
  // A swamped server (bots on its event loop) may not answer at all: give up after 15 s.
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(15_000) });
  return { status: res.status, body: (await res.json()) as T };
}

/** Creates bot-only rooms until `want` exist, the server refuses one, or 30 s passed; returns how many it admitted and why it stopped. */
async function fillBots(url: string, want: number): Promise<{ admitted: number; refusal?: string }> {
  const seats = Array.from({ length: Number(values.bots) }, () => ({ kind: 'bot', level: values.level }));
  const end = Date.now() + 30_000;
  for (let i = 0; i < want; i++) {
    if (Date.now() > end) return { admitted: i, refusal: 'no more within 30 s' };
    try {
      const r = await post<{ code?: string }>(`${url}/api/rooms`, { game: values.game, seats });
      if (r.status !== 201) return { admitted: i, refusal: `${r.status} ${r.body.code ?? ''}` };
    } catch {
      return { admitted: i, refusal: 'a create timed out' };
    }
  }
  return { admitted: want };
}

type Msg = Record<string, unknown> & { t: string };

/** A human table of two seats played by two sockets (whoever may act does, every 100 ms), pinged every 50 ms. */
async function humanRoom(url: string, stopAt: () => boolean, recording: () => boolean) {
  const acks: number[] = [];
  const pings: number[] = [];
  let rejects = 0;
  /** Actions with no reply within 10 s (a timed-out ping counts as 10 s in `pings`). */
  let timeouts = 0;
  const table = async (): Promise<void> => {
    const { body } = await post<{ id: string }>(`${url}/api/rooms`, { game: values['human-game'], seats: [{ kind: 'human' }, { kind: 'human' }] });
    const id = body.id;
    const socks = await Promise.all(
      [0, 1].map(async (seat) => {
        const { body: j } = await post<{ token: string }>(`${url}/api/rooms/${id}/join`, { seat });
        const ws = new WebSocket(`${url.replace('http', 'ws')}/ws?room=${id}`);
        await new Promise((res, rej) => (ws.once('open', res), ws.once('error', rej), setTimeout(() => rej(new Error('no open in 15 s')), 15_000)));
        const s = { ws, latest: undefined as Msg | undefined, waiting: new Map<number | string, (m: Msg) => void>() };
        ws.on('message', (d) => {
          const m = JSON.parse(d.toString()) as Msg;
          if (m.t === 'welcome' || m.t === 'update') s.latest = m;
          const key = m.t === 'pong' ? `p${m['id'] as number}` : (m['seq'] as number);
          const waiter = m.t === 'ack' || m.t === 'reject' || m.t === 'error' || m.t === 'pong' ? s.waiting.get(key) : undefined;
          if (waiter) {
            s.waiting.delete(key);
            waiter(m);
          }
        });
        ws.send(JSON.stringify({ t: 'join', v: 1, room: id, token: j.token }));
        return s;
      }),
    );
    let seq = 0;
    // A reply that never comes (a closed socket) counts as a timeout after 10 s, so a run always ends.
    const ask = (s: (typeof socks)[0], key: number | string, frame: unknown) =>
      new Promise<Msg>((res) => {
        const timer = setTimeout(() => (s.waiting.delete(key), res({ t: 'timeout' })), 10_000);
        s.waiting.set(key, (m) => (clearTimeout(timer), res(m)));
        s.ws.send(JSON.stringify(frame));
      });
    let over = false;
    const pinger = (async () => {
      for (let id = 0; !stopAt() && !over; id++) {
        const t0 = performance.now();
        await ask(socks[0]!, `p${id}`, { t: 'ping', id });
        if (recording()) pings.push(performance.now() - t0);
        await sleep(50);
      }
    })();
    while (!stopAt()) {
      await sleep(100);
      if (socks.some((s) => s.latest?.['result'])) break;
      const s = socks.find((x) => ((x.latest?.['legal'] as unknown[]) ?? []).length > 0);
      if (!s) continue;
      const legal = s.latest!['legal'] as unknown[];
      const t0 = performance.now();
      const m = await ask(s, ++seq, { t: 'action', seq, action: legal[Math.floor(Math.random() * legal.length)] });
      if (recording() && m.t === 'ack') acks.push(performance.now() - t0);
      else if (recording() && m.t === 'timeout') timeouts++;
      else if (recording()) rejects++;
      await sleep(5); // let the update with the next legal list arrive
    }
    over = true; // this game ended: the next table gets its own pinger
    await pinger;
    for (const s of socks) s.ws.close();
  };
  while (!stopAt()) {
    try {
      await table();
    } catch {
      timeouts++; // the room could not even be set up in time
    }
  }
  return { acks, pings, rejects, timeouts };
}

/** What one structured clone of a mid-game state costs (the price of sending it to a bot thread), and whether it round-trips. */
async function cloneCost(gameId: string, players: number): Promise<string> {
  const game = (await discoverWorkspaceGames(pino({ level: 'silent' }))).find((g) => g.id === gameId);
  if (!game) return `no game ${gameId}`;
  let state = game.engine.setup({ players, options: {}, seed: 'clone' }) as unknown;
  for (let i = 0, now = 0; i < 60; i++, now += 500) {
    for (let seat = 0; seat < players; seat++) {
      const legal = game.engine.legalActions(state, seat, now);
      const r = legal.length ? game.engine.apply(state, seat, legal[0]!, now) : null;
      if (r && !('rejected' in r)) state = r.state;
    }
  }
  const N = 2000;
  const t0 = performance.now();
  for (let i = 0; i < N; i++) structuredClone(state);
  const us = ((performance.now() - t0) / N) * 1000;
  const t1 = performance.now();
  for (let i = 0; i < N; i++) JSON.parse(JSON.stringify(state));
  const jsonUs = ((performance.now() - t1) / N) * 1000;
  const same = isDeepStrictEqual(structuredClone(state), state);
  return `${gameId} (${players} players, mid-game): ${JSON.stringify(state).length} bytes as JSON; structuredClone ${us.toFixed(1)} µs (JSON round trip ${jsonUs.toFixed(1)} µs); round-trips deep-equal: ${same}`;
}

async function runMode(mode: 'inline' | 'pool') {
  const seconds = Number(values.seconds);
  const want = values.rooms === 'admitted' ? 10_000 : Number(values.rooms);
  const lift = values.rooms === 'admitted' ? {} : { botOnlyRoomsPerClient: want, maxBotOnlyRooms: want, openRoomsPerClient: want + 50, createPerMinutePerClient: want + 100, httpPerMinutePerClient: 1e6 };
  const config = { ...lift, ...(mode === 'inline' ? { botThreads: 0 } : {}) };
  const { url, child, dir } = await startServer(config);
  try {
    const filled = await fillBots(url, want);
    let recording = false;
    const end = Date.now() + (Number(values.warmup) + seconds) * 1000;
    const human = humanRoom(url, () => Date.now() > end, () => recording);
    await sleep(Number(values.warmup) * 1000);
    const before = await serverProcess(url);
    recording = true;
    const load0 = loadavg()[0]!;
    const r = await human;
    const after = await serverProcess(url);
    const cpu = ((after.cpuSeconds - before.cpuSeconds) / seconds) * 100;
    return { mode, ...filled, ...r, cpu, load: [load0, loadavg()[0]!] };
  } finally {
    child.kill('SIGTERM');
    await new Promise((res) => (child.exitCode !== null ? res(null) : child.once('exit', res)));
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const say = (s: string) => process.stdout.write(`${s}\n`);
  say(`bot pressure: ${values.rooms} bot-only ${values.game} rooms × ${values.bots} ${values.level} bots; one ${values['human-game']} room of 2 humans (an action every ~100 ms, a ping every 50 ms); ${values.warmup} s warm-up, ${values.seconds} s measured`);
  say(await cloneCost(values.game!, Number(values.bots)));
  say('| bots | rooms admitted | ack p50 ms | ack p99 ms | ping p50 ms | ping p99 ms | acks | rejects | timeouts | pings | server CPU % | load (1 min) |');
  say('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const mode of values.mode!.split(',') as ('inline' | 'pool')[]) {
    const r = await runMode(mode);
    const admitted = `${r.admitted}${r.refusal ? ` (then ${r.refusal})` : ''}`;
    say(`| ${mode === 'inline' ? 'on the event loop (botThreads 0)' : 'worker pool'} | ${admitted} | ${r1(pct(r.acks, 50))} | ${r1(pct(r.acks, 99))} | ${r1(pct(r.pings, 50))} | ${r1(pct(r.pings, 99))} | ${r.acks.length} | ${r.rejects} | ${r.timeouts} | ${r.pings.length} | ${r.cpu.toFixed(0)} | ${r.load.map((l) => l.toFixed(2)).join(' → ')} |`);
  }
}

if (values.serve !== undefined) {
  // The server under test, in its own process (so the measuring clients never share its event loop).
  const { start } = await import('../start.ts');
  process.env['LOG_LEVEL'] ??= 'warn';
  const server = await start({ port: 0, db: values.db!, config: JSON.parse(values.serve) as object, handleSignals: true });
  process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
} else await main();
