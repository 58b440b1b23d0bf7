// Starts the server: opens the database, builds the app, listens, and shuts down cleanly on signals.
import pino from 'pino';
import { buildApp } from './app.ts';
import { openDatabase } from './storage/sqlite.ts';

export interface StartOptions {
  port?: number;
  host?: string;
  /** SQLite file; its folder is created. */
  db?: string;
  /** Extra folders of rule files to host (used once games can be loaded). */
  games?: string[];
  webRoot?: string;
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
  const db = openDatabase(dbFile);
  const app = await buildApp({ logger, ...(options.webRoot ? { webRoot: options.webRoot } : {}) });

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      await app.close();
      db.close();
    })();
    return closing;
  };

  try {
    await app.listen({ port, host });
  } catch (error) {
    await close();
    throw error;
  }
  const address = app.server.address();
  const url = typeof address === 'object' && address ? `http://${host}:${address.port}` : `http://${host}:${port}`;
  logger.info({ url, db: dbFile }, 'Decksmith is ready');

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
