// Starts the server: opens storage, finds the games, builds the app (recovering unfinished rooms), listens, and shuts down cleanly on signals; with `workers` > 1, a primary and its workers.
import { availableParallelism } from 'node:os';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import type { AppOptions } from './app.ts';
import { startPrimary } from './cluster/primary.ts';
import { runWorker, trustPrimaryOnly, workerEnv } from './cluster/worker.ts';
import type { ServerConfig } from './config.ts';
import type { HostedGame } from './games/types.ts';
import { openStorage, storageKind } from './storage/open.ts';

export interface StartOptions {
  port?: number;
  host?: string;
  /** SQLite file; its folder is created. */
  db?: string;
  /** Storage URL (`postgres://…`, `memory:`, a SQLite file); overrides `db`. */
  database?: string;
  /**
   * Processes hosting the rooms (default 1: this process alone). Above 1 this process becomes the
   * primary: it owns the port and forks `workers` copies of the entry script (node:cluster), each
   * of which must call `start()` with the same options again — `npm start`, `decksmith serve` and
   * the test launcher do — and there runs as a worker (its `start()` never resolves).
   */
  workers?: number;
  /** Extra folders of rule files to host, compiled in memory. */
  games?: string[];
  webRoot?: string;
  /** Games hosted besides the discovered ones (tests, embedding). */
  hostedGames?: readonly HostedGame[];
  /** Skip discovery of games/*\/package.json (tests). */
  discover?: boolean;
  config?: Partial<ServerConfig>;
  /** Install SIGINT/SIGTERM handlers that close everything and exit 0. */
  handleSignals?: boolean;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the server and returns its address and a `close()` that stops it.
 *
 * @example
 * const server = await start({ port: 0, db: ':memory:' });
 * console.log(server.url); await server.close();
 */
export async function start(options: StartOptions = {}): Promise<RunningServer> {
  const { port = 3000, host = '127.0.0.1', handleSignals = false } = options;
  const storageUrl = options.database ?? options.db ?? './data/decksmith.db';
  // A cluster node takes other nodes' rooms over from their logs: the storage must be shared.
  if (options.config?.redis && storageKind(storageUrl) !== 'postgres') throw new Error('--redis (a cluster node) needs a shared --database postgres://…: every node must read every room\'s log');
  const logger = pino({ level: process.env['LOG_LEVEL'] ?? 'info' });
  const worker = workerEnv();
  if (worker) {
    return runWorker(worker, async (owns) => {
      const log = logger.child({ worker: worker.index });
      return { app: await build(options, storageUrl, log, { owns, trustProxy: trustPrimaryOnly }), log };
    });
  }
  const workers = options.workers ?? 1;
  if (!Number.isInteger(workers) || workers < 1) throw new Error(`workers must be a whole number ≥ 1, got ${workers}`);
  if (workers > 1) return startCluster(options, storageUrl, workers, logger);
  const app = await build(options, storageUrl, logger);
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    // app.close() runs preClose (rooms drain their queues and close their sockets), then onClose (storage).
    closing ??= app.close();
    return closing;
  };

  try {
    // A deep accept queue: thousands of clients (re)connecting at once must not lose SYNs (each loss costs a 1 s+ retry).
    await app.listen({ port, host, backlog: 4096 });
  } catch (error) {
    await close();
    throw error;
  }
  const address = app.server.address();
  const url = typeof address === 'object' && address ? `http://${host}:${address.port}` : `http://${host}:${port}`;
  logger.info({ url, storage: storageKind(storageUrl), games: app.decksmith.registry.list().map((g) => g.id) }, 'Decksmith is ready');
  if (handleSignals) onSignals(close, logger);
  return { url, close };
}

/** The number of cores: the default of `--workers` on the command line. */
export function defaultWorkers(): number {
  return availableParallelism();
}

/** Games, storage and the app of one process (the single process, or one worker). */
async function build(options: StartOptions, storageUrl: string, logger: Logger, extra: Pick<AppOptions, 'owns' | 'trustProxy'> = {}): Promise<FastifyInstance> {
  // Loaded here, not at the top: a primary of `--workers` never hosts a room and stays small.
  const [{ buildApp }, { discoverWorkspaceGames, loadRuleFolders }] = await Promise.all([import('./app.ts'), import('./games/discover.ts')]);
  const games = [
    ...(options.discover === false ? [] : await discoverWorkspaceGames(logger)),
    ...(await loadRuleFolders(options.games ?? [])),
    ...(options.hostedGames ?? []),
  ];
  const walLimitBytes = options.config?.walLimitBytes;
  const storage = await openStorage(storageUrl, walLimitBytes !== undefined ? { walLimitBytes } : {});
  const { openRatings } = await import('./ratings/open.ts');
  const { openDrafts } = await import('./drafts/open.ts');
  return buildApp({
    logger,
    games,
    storage,
    ratings: await openRatings(storageUrl),
    drafts: await openDrafts(storageUrl),
    ...extra,
    ...(options.config ? { config: options.config } : {}),
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
  });
}

/** The primary of `workers` processes: prepares storage once (schema, migrations), then forks them. */
async function startCluster(options: StartOptions, storageUrl: string, workers: number, logger: Logger): Promise<RunningServer> {
  if (storageKind(storageUrl) === 'memory') throw new Error('memory: storage cannot be shared by several workers; use a SQLite file or PostgreSQL');
  // Migrations run here, once, rather than racing in every worker.
  await (await openStorage(storageUrl)).close();
  const primary = await startPrimary({ port: options.port ?? 3000, host: options.host ?? '127.0.0.1', workers, log: logger, sharedLobby: !!options.config?.redis });
  logger.info({ url: primary.url, workers, storage: storageKind(storageUrl) }, 'Decksmith is ready');
  if (options.handleSignals) onSignals(primary.close, logger);
  return primary;
}

/** SIGINT/SIGTERM close everything and exit 0; a second signal exits at once. */
function onSignals(close: () => Promise<void>, logger: Logger): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (closing) {
      logger.warn({ signal }, 'second signal, exiting now');
      process.exit(1);
    }
    closing = true;
    logger.info({ signal }, 'shutting down');
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
