// WebSocket admission: a cap on open connections in total and per IP address, checked before the upgrade and enforced after it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';

/** A refusal: the HTTP status and coded body answered instead of the upgrade. */
export interface ConnectionRefusal {
  status: 429 | 503;
  code: 'server/busy' | 'quota/connections';
  message: string;
  retryAfterSeconds: number;
}

/**
 * Counts open WebSocket connections, in total and by IP address. `refusal()` is asked before
 * the upgrade (a cheap HTTP 503/429 with Retry-After); `open()` counts a connection once it
 * is upgraded and returns a refusal when parallel upgrades went past a cap meanwhile (the
 * connection is then closed with the code); `close()` releases it.
 *
 * @example
 * const conns = new ConnectionAdmission(config);
 * if (conns.refusal(ip)) reply.code(503)…; else after the upgrade: conns.open(ip) … conns.close(ip)
 */
export class ConnectionAdmission {
  private total = 0;
  private readonly byIp = new Map<string, number>();

  constructor(private readonly config: Pick<ServerConfig, 'maxConnections' | 'maxConnectionsPerIp'>) {}

  /** Open connections in total and from `ip`. */
  count(ip?: string): number {
    return ip === undefined ? this.total : (this.byIp.get(ip) ?? 0);
  }

  /** Why one more connection from `ip` would be refused, or null. */
  refusal(ip: string, extra = 0): ConnectionRefusal | null {
    const { maxConnections, maxConnectionsPerIp } = this.config;
    if (this.total + extra >= maxConnections) {
      return { status: 503, code: 'server/busy', message: `This server holds as many connections as it can (${maxConnections}); try again shortly.`, retryAfterSeconds: 10 };
    }
    if ((this.byIp.get(ip) ?? 0) + extra >= maxConnectionsPerIp) {
      return { status: 429, code: 'quota/connections', message: `At most ${maxConnectionsPerIp} connections from one address; close one first.`, retryAfterSeconds: 10 };
    }
    return null;
  }

  /** Counts an upgraded connection; returns a refusal (and counts nothing) when it is over a cap. */
  open(ip: string): ConnectionRefusal | null {
    const refused = this.refusal(ip);
    if (refused) return refused;
    this.total++;
    this.byIp.set(ip, (this.byIp.get(ip) ?? 0) + 1);
    return null;
  }

  /** Releases a connection counted by `open`. */
  close(ip: string): void {
    this.total = Math.max(0, this.total - 1);
    const n = (this.byIp.get(ip) ?? 0) - 1;
    if (n > 0) this.byIp.set(ip, n);
    else this.byIp.delete(ip);
  }

  /** A Fastify preValidation hook for the WebSocket route: refuses before the upgrade. */
  readonly hook = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const refused = this.refusal(ipOf(request));
    if (!refused) return;
    await reply.code(refused.status).header('retry-after', String(refused.retryAfterSeconds)).send({ code: refused.code, message: refused.message });
  };
}

/** The peer address of a request (injected requests have none). */
export function ipOf(request: FastifyRequest): string {
  return request.ip ?? 'unknown';
}
