// Starts the server: opens SQLite, finds the games, builds the app (recovering unfinished rooms), listens, and shuts down cleanly on signals.
import pino from 'pino';
import { buildApp } from './app.ts';
import type { ServerConfig } from './config.ts';
import { discoverWorkspaceGames, loadRuleFolders } from './games/discover.ts';
import type { HostedGame } from './games/types.ts';
import { SqliteStorage, openDatabase } from './storage/sqlite.ts';

export interface StartOptions {
  port?: number;
  host?: string;
  /** SQLite file; its folder is created. */
  db?: string;
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
  const { port = 3000, host = '127.0.0.1', db: dbFile = './data/decksmith.db', handleSignals = false } = options;
  const logger = pino({ level: process.env['LOG_LEVEL'] ?? 'info' });
  const games = [
    ...(options.discover === false ? [] : await discoverWorkspaceGames(logger)),
    ...(await loadRuleFolders(options.games ?? [])),
    ...(options.hostedGames ?? []),
  ];
  const storage = new SqliteStorage(openDatabase(dbFile));
  const app = await buildApp({
    logger,
    games,
    storage,
    ...(options.config ? { config: options.config } : {}),
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
  });

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
  logger.info({ url, db: dbFile, games: games.map((g) => g.id) }, 'Decksmith is ready');

  if (handleSignals) {
    const onSignal = (signal: NodeJS.Signals): void => {
      if (closing) {
        logger.warn({ signal }, 'second signal, exiting now');
        process.exit(1);
      }
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
  return { url, close };
}
