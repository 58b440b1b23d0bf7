// PostgreSQL connection settings: the schema an instance lives in (`?schema=` in the URL) and identifier quoting.

/** Schema names accepted: lower-case letters, digits and `_`, starting with a letter or `_` (no quoting surprises). */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The schema used when none is given. */
export const DEFAULT_SCHEMA = 'public';

/** Quotes an identifier for SQL text (only names that passed {@link checkSchemaName} reach here). */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Throws unless `name` is a plain lower-case identifier of at most 63 characters. */
export function checkSchemaName(name: string): string {
  if (!SCHEMA_NAME.test(name)) {
    throw new Error(`schema name ${JSON.stringify(name)} must be lower-case letters, digits and _ (at most 63, not starting with a digit)`);
  }
  return name;
}

/**
 * Splits a `postgres://` URL into the connection string `pg` gets and the schema named by its
 * `schema` query parameter (removed from the string: the server does not know it).
 *
 * @example
 * parseDatabaseUrl('postgres://postgres@127.0.0.1/test?schema=node_a')
 * // → { connectionString: 'postgres://postgres@127.0.0.1/test', schema: 'node_a' }
 */
export function parseDatabaseUrl(url: string): { connectionString: string; schema: string | undefined } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`not a database URL: ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new Error(`not a postgres:// URL: ${JSON.stringify(url)}`);
  }
  const schema = parsed.searchParams.get('schema') ?? undefined;
  parsed.searchParams.delete('schema');
  return { connectionString: parsed.toString(), schema: schema === undefined ? undefined : checkSchemaName(schema) };
}
