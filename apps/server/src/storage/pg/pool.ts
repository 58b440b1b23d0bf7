// The one PostgreSQL opening sequence every store uses: connect, apply the migrations, then a pool confined to one schema.
import pg from 'pg';
import { migrate, readMigrations, type Migration } from './migrate.ts';
import { checkSchemaName, DEFAULT_SCHEMA, parseDatabaseUrl, quoteIdent } from './schema.ts';

export interface MigratedPoolOptions {
  /** The schema (overrides the URL's `?schema=`; default `public`); created if missing. */
  schema?: string | undefined;
  /** Connections in the pool (at least 1). */
  max: number;
  /** `application_name` of the pool's connections, as pg_stat_activity shows it. */
  applicationName: string;
  /** A connection attempt fails after this many ms (default 10,000) instead of waiting forever. */
  connectTimeoutMs?: number | undefined;
  /** Server-side limit of one statement (default 30,000 ms). */
  statementTimeoutMs?: number | undefined;
  /** Errors of idle pooled connections (the server restarted…); default: ignored, the pool reconnects. */
  onError?: ((error: Error) => void) | undefined;
  /** The migrations to apply (default: apps/server/migrations). */
  migrations?: readonly Migration[] | undefined;
}

/** bigint columns (wall-clock and logical ms, counts) as numbers: every value stays below 2^53. */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Connects once to create the schema and apply the pending migrations (under the advisory lock of
 * `migrate`, so nodes opening at once apply each once), then returns a pool whose every
 * connection has `search_path` set to that schema alone.
 *
 * @example
 * const { pool, schema } = await openMigratedPool('postgres://postgres@127.0.0.1/test?schema=decksmith', { max: 4, applicationName: 'decksmith-ratings' });
 */
export async function openMigratedPool(url: string, options: MigratedPoolOptions): Promise<{ pool: pg.Pool; schema: string }> {
  const parsed = parseDatabaseUrl(url);
  const schema = checkSchemaName(options.schema ?? parsed.schema ?? DEFAULT_SCHEMA);
  const connectionTimeoutMillis = options.connectTimeoutMs ?? 10_000;
  const admin = new pg.Client({ connectionString: parsed.connectionString, connectionTimeoutMillis, application_name: 'decksmith-migrate' });
  admin.on('error', () => {}); // reported by the failing query below
  await admin.connect();
  try {
    await migrate(admin, schema, options.migrations ?? readMigrations());
  } finally {
    await admin.end().catch(() => {});
  }
  const pool = new pg.Pool({
    connectionString: parsed.connectionString,
    max: Math.max(1, options.max),
    connectionTimeoutMillis,
    statement_timeout: options.statementTimeoutMs ?? 30_000,
    application_name: options.applicationName,
    // Every connection of this pool reads and writes this schema only.
    options: `-c search_path=${quoteIdent(schema)}`,
    types: TYPES,
  });
  // An idle connection's error must not crash the process: the pool drops that client and connects a new one when next asked.
  const onError = options.onError;
  pool.on('error', (error) => onError?.(error));
  return { pool, schema };
}
