// `npm start` entry: parses flags (same as `decksmith serve`) and starts the server.
import { parseArgs } from 'node:util';
import { defaultWorkers, start } from './start.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env['PORT'] ?? '3000' },
    host: { type: 'string', default: process.env['HOST'] ?? '127.0.0.1' },
    db: { type: 'string', default: process.env['DECKSMITH_DB'] ?? './data/decksmith.db' },
    games: { type: 'string', multiple: true },
    /** Processes hosting the rooms: the number of cores by default; 1 is a single process. */
    workers: { type: 'string', default: process.env['DECKSMITH_WORKERS'] ?? String(defaultWorkers()) },
    /** Accept a client-chosen seed on room creation (tests and practice; such rooms are marked practice). */
    'allow-client-seeds': { type: 'boolean', default: process.env['DECKSMITH_ALLOW_CLIENT_SEEDS'] === '1' },
    // --- a cluster of nodes (docs/deploy.md) ---
    /** Storage URL (postgres://…[?schema=], memory:, a SQLite file); overrides --db. */
    database: { type: 'string', ...(process.env['DECKSMITH_DATABASE'] ? { default: process.env['DECKSMITH_DATABASE'] } : {}) },
    /** Redis URL: this server is one node of a cluster. */
    redis: { type: 'string', ...(process.env['DECKSMITH_REDIS'] ? { default: process.env['DECKSMITH_REDIS'] } : {}) },
    'node-id': { type: 'string', ...(process.env['DECKSMITH_NODE_ID'] ? { default: process.env['DECKSMITH_NODE_ID'] } : {}) },
    'public-url': { type: 'string' },
    'lease-ms': { type: 'string' },
    'redis-prefix': { type: 'string' },
  },
});
const leaseMs = values['lease-ms'] === undefined ? undefined : Number(values['lease-ms']);
if (leaseMs !== undefined && (!Number.isInteger(leaseMs) || leaseMs < 100)) {
  process.stderr.write(`decksmith server: --lease-ms must be a whole number of ms from 100, got "${values['lease-ms']}"\n`);
  process.exit(2);
}
const config = {
  ...(values['allow-client-seeds'] ? { allowClientSeeds: true } : {}),
  ...(values.redis ? { redis: values.redis } : {}),
  ...(values['node-id'] ? { nodeId: values['node-id'] } : {}),
  ...(values['public-url'] ? { publicUrl: values['public-url'] } : {}),
  ...(leaseMs !== undefined ? { leaseMs } : {}),
  ...(values['redis-prefix'] ? { redisPrefix: values['redis-prefix'] } : {}),
};

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`decksmith server: --port must be a port number, got "${values.port}"\n`);
  process.exit(2);
}
const workers = Number(values.workers);
if (!Number.isInteger(workers) || workers < 1 || workers > 256) {
  process.stderr.write(`decksmith server: --workers must be a whole number from 1 to 256, got "${values.workers}"\n`);
  process.exit(2);
}

await start({
  port,
  host: values.host,
  db: values.db,
  workers,
  ...(values.games ? { games: values.games } : {}),
  ...(values.database ? { database: values.database } : {}),
  ...(Object.keys(config).length > 0 ? { config } : {}),
  handleSignals: true,
});
