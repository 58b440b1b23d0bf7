// Who a request comes from, for quotas: its IP address, and the seat token it carries (Authorization: Bearer), hashed.
import type { FastifyRequest } from 'fastify';
import { hashToken } from '../tokens.ts';
import { ipOf } from './connections.ts';

const BEARER = /^Bearer ([A-Za-z0-9_-]{16,128})$/;

/**
 * The keys a request is counted under: `ip:<address>` always, plus `token:<sha-256>` when it
 * carries a seat token as `Authorization: Bearer <token>`. Each key is held to the quotas on its
 * own, so a token never lifts an address's limits; it only adds one that follows a player who
 * changes address.
 *
 * @example
 * clientKeys(request) // ['ip:203.0.113.7']
 */
export function clientKeys(request: FastifyRequest): string[] {
  const keys = [`ip:${ipOf(request)}`];
  const token = bearerToken(request.headers.authorization);
  if (token) keys.push(`token:${hashToken(token)}`);
  return keys;
}

/** The seat token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(auth: string | undefined): string | null {
  const m = typeof auth === 'string' ? BEARER.exec(auth) : null;
  return m ? m[1]! : null;
}
