// Strict HTTP input: bodies validated exactly as their schemas say (no coercion, no silent removal), and every failure answered with a coded body.
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type ValidatorCompiler = Parameters<FastifyInstance['setValidatorCompiler']>[0];

/**
 * Validates each part of a request with TypeBox: a body exactly as its schema says (an unknown
 * property or a `"0"` where a number belongs is refused, as on the WebSocket), while querystring
 * and params — always strings on the wire — are converted to the schema's types first. Fastify's
 * default Ajv would instead drop unknown properties silently and coerce body types. A request
 * without a body is validated as `{}`, so an all-optional body may be left out.
 */
export const strictValidatorCompiler: ValidatorCompiler = (route) => {
  const check = TypeBoxValidatorCompiler(route as Parameters<typeof TypeBoxValidatorCompiler>[0]) as ReturnType<ValidatorCompiler>;
  return route.httpPart === 'body' ? (value: unknown) => check(value === undefined || value === null ? {} : value) : check;
};

interface SchemaProblem {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** One sentence naming what is wrong and where: `body.seats[0]: unknown property "admin"`. */
export function describeValidation(part: string, problems: readonly SchemaProblem[]): string {
  const where = (path: string) => part + path.split('/').slice(1).map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`)).join('');
  const out: string[] = [];
  const unknownAt = new Set<string>();
  for (const p of problems) {
    if (p.keyword !== 'additionalProperties') continue;
    const names = (p.params['additionalProperties'] as string[] | undefined) ?? [];
    for (const name of names) {
      unknownAt.add(`${p.instancePath}/${name}`);
      out.push(`${where(p.instancePath)}: unknown property "${name}"`);
    }
  }
  for (const p of problems) {
    // The `false` schema of an unknown property repeats it; a union's branches are summed up by anyOf.
    if (p.keyword === 'additionalProperties' || (p.keyword === 'boolean' && unknownAt.has(p.instancePath))) continue;
    if (p.keyword === 'const' && problems.some((q) => q.keyword === 'anyOf' && q.instancePath === p.instancePath)) continue;
    out.push(`${where(p.instancePath)}: ${p.keyword === 'anyOf' ? 'not one of the allowed values' : (p.message ?? p.keyword)}`);
  }
  const unique = [...new Set(out)];
  return `Invalid ${part}: ${unique.slice(0, 4).join('; ')}${unique.length > 4 ? ` (and ${unique.length - 4} more)` : ''}.`;
}

/** Fastify's own error codes that are the client's fault, with the coded answer each gets. */
const CLIENT_ERRORS: Record<string, { status: number; code: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'input/malformed' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'input/malformed' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'input/too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'input/media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'input/malformed' },
};

/**
 * The error handler of the API: schema failures are `input/invalid` (naming the property),
 * quota refusals keep their code and status (429 with Retry-After), unreadable bodies are
 * `input/*`, and anything else is `server/internal` (logged; its details are not sent).
 */
export function codedErrorHandler(error: FastifyError & { validation?: SchemaProblem[]; validationContext?: string }, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error.validation) {
    return reply.code(400).send({ code: 'input/invalid', message: describeValidation(error.validationContext ?? 'request', error.validation) });
  }
  const known = CLIENT_ERRORS[error.code];
  if (known) return reply.code(known.status).send({ code: known.code, message: error.message });
  const status = error.statusCode ?? 500;
  if (status === 429 && /^[a-z_]+\/[a-z_]+$/.test(error.code)) return reply.code(429).send({ code: error.code, message: error.message });
  if (error instanceof SyntaxError || status === 400) return reply.code(400).send({ code: 'input/malformed', message: error.message });
  if (status < 500) return reply.code(status).send({ code: `http/${status}`, message: error.message });
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ code: 'server/internal', message: 'The server could not handle this request.' });
}
