// `decksmith serve`: start the game server with the web client (the same server `npm start` runs).
import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { describeFound, findRuleFiles } from '@decksmith/dsl/node/find-rules.ts';
import { collect, port, positiveInt } from '../options.ts';
import { EXIT_USAGE } from '../exit-codes.ts';

export interface ServeOptions {
  port: number;
  host: string;
  db: string;
  games?: string[];
  /** Processes hosting the rooms (1: a single process; more: a primary and that many workers). */
  workers: number;
  /** Accept a client-chosen seed on room creation (tests and practice; such rooms are marked practice). */
  allowClientSeeds: boolean;
  // --- a cluster of nodes (docs/deploy.md) ---
  /** Storage URL: `postgres://…[?schema=]`, `memory:` or a SQLite file (overrides `db`). */
  database?: string;
  /** Redis URL: this server becomes one node of a cluster. */
  redis?: string;
  nodeId?: string;
  publicUrl?: string;
  leaseMs?: number;
  redisPrefix?: string;
}

/** The cluster flags as the server's config fields. */
type ClusterConfig = Pick<ServeOptions, 'redis' | 'nodeId' | 'publicUrl' | 'leaseMs' | 'redisPrefix'>;

/** The part of `@decksmith/server/start` this command relies on. */
interface ServerStartModule {
  start(options: Omit<ServeOptions, 'allowClientSeeds' | keyof ClusterConfig> & { handleSignals: boolean; config?: { allowClientSeeds?: boolean } & ClusterConfig }): Promise<unknown>;
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
    .option('--games <path>', 'extra rule files to host: a .rules file, or a folder searched at any depth (repeatable)', collect)
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
    .option('--database <url>', 'storage URL: postgres://user@host:5432/db[?schema=name], memory:, or a SQLite file (overrides --db; env DECKSMITH_DATABASE)', process.env['DECKSMITH_DATABASE'])
    .option('--redis <url>', 'Redis URL: run as one node of a cluster (room leases, relays, lobby in Redis; needs a postgres:// --database; env DECKSMITH_REDIS)', process.env['DECKSMITH_REDIS'])
    .option('--node-id <id>', 'this node\'s id, unique in the cluster (default: hostname-pid)', process.env['DECKSMITH_NODE_ID'])
    .option('--public-url <url>', 'how clients reach this node (written to its presence key)')
    .option('--lease-ms <ms>', 'room lease: a dead node\'s rooms move after this long (default 5000)', positiveInt)
    .option('--redis-prefix <prefix>', 'prefix of the cluster\'s Redis keys and channels (default decksmith:)')
    .action(async (options: ServeOptions) => {
      if (options.games !== undefined) {
        const found = findRuleFiles(options.games);
        if (!Array.isArray(found)) {
          process.stderr.write(`decksmith serve: no such file or folder: ${found.missing}\n`);
          process.exitCode = EXIT_USAGE;
          return;
        }
        process.stderr.write(`decksmith serve: ${describeFound(found, options.games)}\n`);
      }
      const server = (await import(SERVER_START)) as ServerStartModule;
      const { allowClientSeeds, redis, nodeId, publicUrl, leaseMs, redisPrefix, ...rest } = options;
      const cluster: ClusterConfig = { ...(redis ? { redis } : {}), ...(nodeId ? { nodeId } : {}), ...(publicUrl ? { publicUrl } : {}), ...(leaseMs ? { leaseMs } : {}), ...(redisPrefix ? { redisPrefix } : {}) };
      const config = { ...(allowClientSeeds ? { allowClientSeeds: true } : {}), ...cluster };
      // The server installs its own SIGINT/SIGTERM handlers and keeps the process alive.
      await server.start({ ...rest, ...(Object.keys(config).length > 0 ? { config } : {}), handleSignals: true });
    });
}
