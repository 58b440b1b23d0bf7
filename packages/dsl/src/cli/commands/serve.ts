// `decksmith serve`: start the game server with the web client (the same server `npm start` runs).
import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { collect, port, positiveInt } from '../options.ts';

export interface ServeOptions {
  port: number;
  host: string;
  db: string;
  games?: string[];
  /** Processes hosting the rooms (1: a single process; more: a primary and that many workers). */
  workers: number;
  /** Accept a client-chosen seed on room creation (tests and practice; such rooms are marked practice). */
  allowClientSeeds: boolean;
}

/** The part of `@decksmith/server/start` this command relies on. */
interface ServerStartModule {
  start(options: Omit<ServeOptions, 'allowClientSeeds'> & { handleSignals: boolean; config?: { allowClientSeeds?: boolean } }): Promise<unknown>;
}

// A variable specifier keeps the server out of the DSL's static dependency graph (nx tags,
// TypeScript): the DSL only needs the server when someone actually runs `serve`.
const SERVER_START = '@decksmith/server/start';

/** `DECKSMITH_WORKERS` when it is a positive whole number, else the number of cores. */
function defaultWorkers(): number {
  const env = Number(process.env['DECKSMITH_WORKERS']);
  return Number.isSafeInteger(env) && env > 0 ? env : availableParallelism();
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('start the game server and web client')
    .option('--port <n>', 'port to listen on', port, 3000)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--db <file>', 'SQLite database file', './data/decksmith.db')
    .option('--games <dir>', 'extra folder of rule files to host (repeatable)', collect)
    .option(
      '--workers <n>',
      'processes hosting the rooms, each owning a share of them behind one port (env DECKSMITH_WORKERS; 1 = a single process)',
      positiveInt,
      defaultWorkers(),
    )
    .option(
      '--allow-client-seeds',
      'accept a seed chosen by the room creator (tests and practice: such rooms are marked practice; env DECKSMITH_ALLOW_CLIENT_SEEDS=1)',
      process.env['DECKSMITH_ALLOW_CLIENT_SEEDS'] === '1',
    )
    .action(async (options: ServeOptions) => {
      const server = (await import(SERVER_START)) as ServerStartModule;
      const { allowClientSeeds, ...rest } = options;
      // The server installs its own SIGINT/SIGTERM handlers and keeps the process alive.
      await server.start({ ...rest, ...(allowClientSeeds ? { config: { allowClientSeeds: true } } : {}), handleSignals: true });
    });
}
