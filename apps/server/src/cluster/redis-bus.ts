// Redis connections of a node and its pub/sub bus: one channel per node carrying relayed frames and forwarded HTTP requests.
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import type { ClusterKeys } from './redis-keys.ts';

/** A node id names channels and keys: short, no separators. */
export const NODE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Opens a connection that fails commands after `timeoutMs` instead of queueing them while Redis
 * is unreachable (a lease renewal must fail in time, not succeed late), and keeps reconnecting.
 */
export function connectRedis(url: string, timeoutMs: number | undefined, log: Logger): Redis {
  const options: RedisOptions = {
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(50 * times, 500),
    ...(timeoutMs ? { commandTimeout: timeoutMs } : {}),
  };
  const redis = new Redis(url, options);
  let down = false;
  redis.on('error', (err: Error) => {
    if (!down) log.warn({ err: err.message }, 'redis connection error');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info('redis connection back');
    down = false;
  });
  return redis;
}

/** One message on a node's channel: `kind`, the connection or request it belongs to, the sender, the payload. */
export interface BusMessage {
  kind: string;
  conn: string;
  from: string;
  payload: string;
}

/** Node-to-node messages over Redis pub/sub (at most once, in order per sender). */
export class RedisBus {
  private handler: (m: BusMessage) => void = () => {};

  constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly keys: ClusterKeys,
    readonly nodeId: string,
  ) {}

  /** Subscribes to this node's channel; every message is given to `handler`. */
  async start(handler: (m: BusMessage) => void): Promise<void> {
    this.handler = handler;
    this.sub.on('message', (_channel: string, text: string) => {
      const a = text.indexOf('\n');
      const b = text.indexOf('\n', a + 1);
      const c = text.indexOf('\n', b + 1);
      if (a < 0 || b < 0 || c < 0) return;
      this.handler({ kind: text.slice(0, a), conn: text.slice(a + 1, b), from: text.slice(b + 1, c), payload: text.slice(c + 1) });
    });
    await this.sub.subscribe(this.keys.channel(this.nodeId));
  }

  /** Publishes to another node (fire and forget: a lost node's messages are simply dropped). */
  send(node: string, kind: string, conn: string, payload: string): void {
    void this.deliver(node, kind, conn, payload);
  }

  /**
   * Publishes to another node and resolves to whether it listens: false when nobody is subscribed
   * to its channel (a node whose process died drops its subscription with its connection, long
   * before its leases expire). An unanswered publish (Redis unreachable) counts as heard: that
   * says nothing about the node.
   */
  deliver(node: string, kind: string, conn: string, payload: string): Promise<boolean> {
    return this.pub.publish(this.keys.channel(node), `${kind}\n${conn}\n${this.nodeId}\n${payload}`).then(
      (receivers) => receivers > 0,
      () => true,
    );
  }
}
