// A worker of `--workers N`: owns the rooms whose id hashes to it, answers the primary's proxied HTTP on a private Unix socket, and takes WebSocket connections handed over by the primary.
import cluster from 'node:cluster';
import { rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { ownerOf } from './routing.ts';

/** What the primary tells a worker through its environment. */
export interface WorkerEnv {
  /** 0 … count−1. */
  index: number;
  count: number;
  /** The private Unix socket the primary proxies plain HTTP requests to. */
  socketPath: string;
}

/** Messages between the primary and a worker over the cluster IPC channel. */
export type ClusterMessage =
  | { t: 'decksmith:ready' }
  | { t: 'decksmith:shutdown' }
  /** A WebSocket upgrade for a room of this worker: the socket travels as the message's handle, `head` (latin1) is what the primary already read of it. */
  | { t: 'decksmith:socket'; head: string };

export const ENV_INDEX = 'DECKSMITH_WORKER_INDEX';
export const ENV_COUNT = 'DECKSMITH_WORKER_COUNT';
export const ENV_SOCKET = 'DECKSMITH_WORKER_SOCKET';
/** Response header naming the worker that answered (and the 101 of a WebSocket upgrade). */
export const WORKER_HEADER = 'x-decksmith-worker';
/** Internal path the primary reads each worker's metrics from (served only over the private socket). */
export const METRICS_PATH = '/_cluster/metrics';

/** This process's worker settings, or undefined when it is not a worker forked by the primary. */
export function workerEnv(): WorkerEnv | undefined {
  if (!cluster.isWorker) return undefined;
  const index = Number(process.env[ENV_INDEX]);
  const count = Number(process.env[ENV_COUNT]);
  const socketPath = process.env[ENV_SOCKET];
  if (!Number.isInteger(index) || !Number.isInteger(count) || !socketPath) return undefined;
  return { index, count, socketPath };
}

/**
 * Trust `X-Forwarded-For` only on connections that came over the private Unix socket, i.e.
 * from the primary (which replaces the header with the client's address). A socket handed
 * over by the primary keeps the client's own TCP address, so a header sent by the client
 * itself is never trusted. (Fastify's `trustProxy` function: `(address, hop)`.)
 */
export function trustPrimaryOnly(address: string | undefined, hop: number): boolean {
  return hop === 0 && !address;
}

/** What the worker needs from the app builder in start.ts. */
export interface WorkerApp {
  app: FastifyInstance;
  log: Logger;
}

/**
 * Runs this process as worker `env.index`: `build(owns)` builds the app whose manager only
 * creates and recovers rooms this worker owns. Never resolves: the process lives until the
 * primary asks it to shut down (or goes away), or a signal arrives.
 */
export async function runWorker(env: WorkerEnv, build: (owns: (roomId: string) => boolean) => Promise<WorkerApp>): Promise<never> {
  const { app, log } = await build((roomId) => ownerOf(roomId, env.count) === env.index);
  const id = String(env.index);
  app.addHook('onSend', async (_request, reply) => {
    reply.header(WORKER_HEADER, id);
  });
  // The 101 of a WebSocket upgrade names the worker too (tests check sticky routing with it).
  const wss = (app as unknown as { websocketServer?: { on(e: 'headers', f: (headers: string[]) => void): void } }).websocketServer;
  wss?.on('headers', (headers) => headers.push(`X-Decksmith-Worker: ${id}`));
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    // Only the primary, over the private socket (no TCP address), reads this.
    if (request.raw.socket.remoteAddress) return reply.code(404).send({ code: 'http/not_found', message: `No route for GET ${METRICS_PATH}.` });
    return app.decksmith.metrics.registry.getMetricsAsJSON();
  });

  rmSync(env.socketPath, { force: true });
  // exclusive: a cluster worker would otherwise ask the primary to listen for it.
  await app.listen({ path: env.socketPath, exclusive: true });

  process.on('message', (msg: ClusterMessage, handle?: Socket) => {
    if (msg?.t === 'decksmith:socket' && handle) {
      // The @socket.io/sticky hand-over: the HTTP server adopts the socket, then parses the bytes the primary read.
      app.server.emit('connection', handle);
      handle.emit('data', Buffer.from(msg.head, 'latin1'));
      handle.resume();
    } else if (msg?.t === 'decksmith:shutdown') void shutdown('primary asked');
  });

  let closing = false;
  const shutdown = async (why: string): Promise<void> => {
    if (closing) return;
    closing = true;
    log.info({ why }, 'worker shutting down');
    try {
      await app.close();
    } catch (err) {
      log.error({ err }, 'worker shutdown failed');
    }
    rmSync(env.socketPath, { force: true });
    process.exit(0);
  };
  // Ctrl-C reaches every process of the group; the primary's own shutdown arrives as a message.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // The primary died: nobody routes to us any more.
  process.on('disconnect', () => void shutdown('primary gone'));

  process.send?.({ t: 'decksmith:ready' } satisfies ClusterMessage);
  log.info({ of: env.count }, 'worker ready');
  return new Promise<never>(() => undefined);
}
