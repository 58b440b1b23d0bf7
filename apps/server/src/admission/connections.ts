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
 * Counts open WebSocket connections, in total and by IP address. The pre-upgrade hook refuses
 * past a cap (a cheap HTTP 503/429 with Retry-After) and otherwise reserves a place for the
 * request, so a burst of parallel upgrades cannot all pass the check before any is counted; the
 * reservation is released if the upgrade never completes (its TCP socket closes). `open()`
 * turns the reservation into an open connection (or counts one that had none, refusing it past
 * a cap); `close()` releases it.
 *
 * @example
 * const conns = new ConnectionAdmission(config);
 * if (conns.refusal(ip)) reply.code(503)…; else after the upgrade: conns.open(ip) … conns.close(ip)
 */
export class ConnectionAdmission {
  private total = 0;
  private readonly byIp = new Map<string, number>();
  /** Upgrade requests holding a place that their connection has not taken yet. */
  private readonly reserved = new WeakSet<object>();

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

  /** Counts an upgraded connection (taking its request's reservation if it holds one); returns a refusal (and counts nothing) when it is over a cap. */
  open(ip: string, request?: object): ConnectionRefusal | null {
    if (request && this.reserved.delete(request)) return null;
    const refused = this.refusal(ip);
    if (refused) return refused;
    this.count1(ip, 1);
    return null;
  }

  private count1(ip: string, by: 1 | -1): void {
    this.total = Math.max(0, this.total + by);
    const n = (this.byIp.get(ip) ?? 0) + by;
    if (n > 0) this.byIp.set(ip, n);
    else this.byIp.delete(ip);
  }

  /** Releases a connection counted by `open`. */
  close(ip: string): void {
    this.count1(ip, -1);
  }

  /** A Fastify preValidation hook for the WebSocket route: refuses before the upgrade, or reserves a place for the connection. */
  readonly hook = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const ip = ipOf(request);
    const refused = this.refusal(ip);
    if (refused) {
      await reply.code(refused.status).header('retry-after', String(refused.retryAfterSeconds)).send({ code: refused.code, message: refused.message });
      return;
    }
    const raw = request.raw;
    this.reserved.add(raw);
    this.count1(ip, 1);
    // An upgrade that never completes gives its place back when its TCP socket closes.
    (raw.socket as { once?: (e: string, f: () => void) => void } | undefined)?.once?.('close', () => {
      if (this.reserved.delete(raw)) this.count1(ip, -1);
    });
  };
}

/** The peer address of a request (injected requests have none). */
export function ipOf(request: FastifyRequest): string {
  return request.ip ?? 'unknown';
}
