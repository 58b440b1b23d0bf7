// The primary of `--workers N`: forks and restarts the workers, owns the public port, hands each WebSocket to its room's owner and proxies plain HTTP.
import cluster, { type Worker } from 'node:cluster';
import { mkdtempSync, rmSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { Registry, collectDefaultMetrics } from 'prom-client';
import { lobbyQueries, mergeLobby } from './lobby.ts';
import { clusterMetrics, type MetricsJson } from './metrics.ts';
import { isWebSocketPath, ownerOf, roomOfRequest } from './routing.ts';
import { ENV_COUNT, ENV_INDEX, ENV_SOCKET, METRICS_PATH, type ClusterMessage } from './worker.ts';
import { workerExecArgv } from './worker-flags.ts';

export interface PrimaryOptions {
  port: number;
  host: string;
  workers: number;
  log: Logger;
  /** Milliseconds a worker gets to shut down gracefully before it is killed (default 20 s). */
  shutdownMs?: number;
  /** The workers are cluster nodes (`--redis`): each one's lobby is already the cluster's, so one answers it (merging would list every room N times). */
  sharedLobby?: boolean;
}

export interface RunningPrimary {
  url: string;
  close(): Promise<void>;
}

interface Slot {
  index: number;
  socketPath: string;
  agent: http.Agent;
  worker?: Worker;
  ready: boolean;
  startedAt: number;
  /** Consecutive quick deaths, for the restart back-off. */
  crashes: number;
}

/** Hop-by-hop headers (RFC 9110 §7.6.1) are about one connection and are not forwarded. */
const HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

function sendError(res: ServerResponse, status: number, code: string, message: string, retryAfter?: number): void {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...(retryAfter ? { 'retry-after': String(retryAfter) } : {}) });
  res.end(JSON.stringify({ code, message }));
}

/** Refuses an upgrade on the raw socket (no worker saw it). */
function refuseUpgrade(socket: Socket, status: number, reason: string, code: string, message: string): void {
  const body = JSON.stringify({ code, message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `${status === 503 ? 'Retry-After: 1\r\n' : ''}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** The request head as the client sent it (method, target, headers), for the worker's HTTP parser. */
function rawHead(req: IncomingMessage): string {
  let head = `${req.method} ${req.url} HTTP/${req.httpVersion}\r\n`;
  for (let i = 0; i < req.rawHeaders.length; i += 2) head += `${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}\r\n`;
  return `${head}\r\n`;
}

/**
 * Starts N workers (the entry script again, as node:cluster does: it must call `start()` with the
 * same options, which then runs the worker side) and listens on the public port once all are
 * ready. Rooms are owned by `ownerOf(id, N)`; a worker that dies is forked again and recovers its
 * rooms from storage, while requests for its rooms get 503 `server/restarting` with Retry-After.
 */
export async function startPrimary(o: PrimaryOptions): Promise<RunningPrimary> {
  const { log, workers: n } = o;
  const dir = mkdtempSync(join(tmpdir(), 'decksmith-'));
  const slots: Slot[] = Array.from({ length: n }, (_, index) => ({
    index,
    socketPath: join(dir, `w${index}.sock`),
    agent: new http.Agent({ keepAlive: true, maxSockets: 256 }),
    ready: false,
    startedAt: 0,
    crashes: 0,
  }));
  const own = new Registry();
  collectDefaultMetrics({ register: own });
  let closing = false;
  let started = false;
  let failStart: (error: Error) => void = () => undefined;

  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env['NODE_OPTIONS']) });
  const fork = (slot: Slot): void => {
    slot.startedAt = Date.now();
    const worker = cluster.fork({ [ENV_INDEX]: String(slot.index), [ENV_COUNT]: String(n), [ENV_SOCKET]: slot.socketPath });
    slot.worker = worker;
    worker.on('message', (msg: ClusterMessage) => {
      if (msg?.t !== 'decksmith:ready') return;
      slot.ready = true;
      if (started) log.info({ worker: slot.index }, 'worker restarted and ready');
      onReady();
    });
    worker.on('exit', (code, signal) => {
      slot.ready = false;
      slot.worker = undefined;
      if (closing) return;
      if (!started) return failStart(new Error(`worker ${slot.index} exited during start-up (code ${code}, signal ${signal})`));
      // Back off when a worker keeps dying right after it starts (a bad database, a bug on recovery).
      slot.crashes = Date.now() - slot.startedAt < 10_000 ? slot.crashes + 1 : 0;
      const delay = Math.min(5000, 100 * 2 ** slot.crashes);
      log.error({ worker: slot.index, code, signal, restartInMs: delay }, 'worker died; restarting it');
      setTimeout(() => !closing && fork(slot), delay).unref();
    });
  };

  let onReady = (): void => undefined;
  await new Promise<void>((resolve, reject) => {
    failStart = reject;
    onReady = () => slots.every((s) => s.ready) && resolve();
    for (const slot of slots) fork(slot);
  }).catch(async (error: unknown) => {
    await stopWorkers();
    throw error;
  });
  started = true;
  onReady = () => undefined;

  let next = 0;
  /** Any ready worker, in turn (for requests that are about no room). */
  const anyReady = (): Slot | undefined => {
    for (let k = 0; k < n; k++) {
      const s = slots[(next + k) % n]!;
      if (s.ready) return ((next = (s.index + 1) % n), s);
    }
    return undefined;
  };

  /** One request or response to a worker over its private socket (metrics, lobby). */
  const ask = (slot: Slot, path: string): Promise<{ status: number; body: string }> =>
    new Promise((resolve, reject) => {
      const req = http.get({ socketPath: slot.socketPath, agent: slot.agent, path, headers: { accept: 'application/json' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 502, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', reject);
    });
  const readySlots = (): Slot[] => slots.filter((s) => s.ready);

  const proxy = (req: IncomingMessage, res: ServerResponse, slot: Slot): void => {
    const headers: http.OutgoingHttpHeaders = { ...req.headers };
    for (const h of [...HOP, 'x-forwarded-host', 'x-forwarded-proto', 'forwarded']) delete headers[h];
    if (req.headers['transfer-encoding']) headers['transfer-encoding'] = req.headers['transfer-encoding'];
    // The worker trusts this header only on its private socket (see trustPrimaryOnly).
    headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    const up = http.request({ socketPath: slot.socketPath, agent: slot.agent, method: req.method, path: req.url, headers }, (answer) => {
      const out: http.OutgoingHttpHeaders = { ...answer.headers };
      for (const h of HOP) delete out[h];
      res.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(res);
    });
    up.on('error', (err) => {
      log.warn({ err, worker: slot.index }, 'proxying to a worker failed');
      sendError(res, 502, 'server/unavailable', 'The worker for this request went away; retry.', 1);
    });
    res.on('close', () => !res.writableFinished && up.destroy());
    req.pipe(up);
  };

  const onRequest = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = req.url ?? '/';
    const path = url.split('?', 1)[0]!;
    if (path.startsWith('/_cluster/')) return sendError(res, 404, 'http/not_found', `No route for ${req.method} ${path}.`);
    if (req.method === 'GET' && path === '/metrics') {
      const byProcess: Record<string, MetricsJson> = { primary: await own.getMetricsAsJSON() };
      await Promise.all(readySlots().map(async (s) => (byProcess[String(s.index)] = JSON.parse((await ask(s, METRICS_PATH)).body) as MetricsJson)));
      res.writeHead(200, { 'content-type': own.contentType });
      return void res.end(await clusterMetrics(byProcess));
    }
    if (req.method === 'GET' && path === '/api/rooms' && !o.sharedLobby) {
      // The lobby: each worker lists its own rooms; their pages are merged under one cursor.
      const plan = lobbyQueries(url, n);
      if ('error' in plan) return sendError(res, 400, 'input/invalid', plan.error);
      const asked = plan.queries.filter((q) => slots[q.worker]!.ready);
      const answers = await Promise.all(asked.map(async (q) => ({ worker: q.worker, ...(await ask(slots[q.worker]!, q.path)) })));
      const merged = mergeLobby(url, answers, n, plan.cursors);
      res.writeHead(merged.status, { 'content-type': 'application/json; charset=utf-8' });
      return void res.end(merged.body);
    }
    const room = roomOfRequest(url);
    const slot = room !== undefined ? slots[ownerOf(room, n)]! : anyReady();
    if (!slot?.ready) return sendError(res, 503, 'server/restarting', 'The worker for this room is restarting; retry in a moment.', 1);
    proxy(req, res, slot);
  };

  const onUpgrade = (req: IncomingMessage, socket: Socket, rest: Buffer): void => {
    const url = req.url ?? '/';
    if (!isWebSocketPath(url)) return refuseUpgrade(socket, 404, 'Not Found', 'http/not_found', `No WebSocket endpoint at ${url.split('?', 1)[0]}.`);
    const room = roomOfRequest(url);
    if (room === undefined) return refuseUpgrade(socket, 400, 'Bad Request', 'protocol/room_required', 'Connect to /ws?room=<room id>: the room decides which worker serves the socket.');
    const slot = slots[ownerOf(room, n)]!;
    if (!slot.ready || !slot.worker) return refuseUpgrade(socket, 503, 'Service Unavailable', 'server/restarting', 'The worker for this room is restarting; retry in a moment.');
    const head = Buffer.concat([Buffer.from(rawHead(req), 'latin1'), rest]).toString('latin1');
    // Stop reading here first: node closes this process's copy of the descriptor only once the
    // worker acknowledges the handle, and until then a frame the client sends after the worker's
    // 101 could be read here — and dropped (the handle's onread is a no-op once sent).
    (socket as unknown as { _handle?: { readStop?: () => number } })._handle?.readStop?.();
    try {
      slot.worker.send({ t: 'decksmith:socket', head } satisfies ClusterMessage, socket, { keepOpen: false }, (err) => err && socket.destroy());
    } catch {
      socket.destroy();
    }
  };

  const server = http.createServer({ keepAliveTimeout: 5000 });
  server.on('request', (req: IncomingMessage, res: ServerResponse) =>
    void onRequest(req, res).catch((err: unknown) => {
      log.error({ err }, 'primary request failed');
      sendError(res, 502, 'server/unavailable', 'A worker did not answer; retry.', 1);
    }),
  );
  server.on('upgrade', onUpgrade);
  server.on('clientError', (_err, socket: Socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // A deep accept queue: thousands of clients (re)connecting at once must not lose SYNs.
    server.listen({ port: o.port, host: o.host, backlog: 4096 }, () => resolve());
  }).catch(async (error: unknown) => {
    await stopWorkers();
    throw error;
  });
  const address = server.address();
  const url = typeof address === 'object' && address ? `http://${o.host}:${address.port}` : `http://${o.host}:${o.port}`;
  log.info({ url, workers: n }, 'Decksmith primary is ready');

  async function stopWorkers(): Promise<void> {
    closing = true;
    await Promise.all(
      slots.map(async (slot) => {
        const w = slot.worker;
        if (!w || w.isDead()) return;
        const exited = new Promise((res) => w.once('exit', res));
        try {
          w.send({ t: 'decksmith:shutdown' } satisfies ClusterMessage);
        } catch {
          w.process.kill('SIGTERM');
        }
        const kill = setTimeout(() => w.process.kill('SIGKILL'), o.shutdownMs ?? 20_000);
        await exited;
        clearTimeout(kill);
      }),
    );
    for (const slot of slots) slot.agent.destroy();
    rmSync(dir, { recursive: true, force: true });
  }

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closed ??= (async () => {
      closing = true;
      server.close();
      server.closeIdleConnections();
      await stopWorkers();
    })());
  return { url, close };
}
