// The client's side of a relayed connection: a real WebSocket on this node whose room lives on another; its frames go both ways over Redis.
import type { Logger } from 'pino';
import type { RawData, WebSocket } from 'ws';
import type { RedisBus } from './redis-bus.ts';
import { BINARY, CLOSE, MESSAGE, OPEN } from './relay-owner.ts';

export interface EdgeLimits {
  heartbeatMs: number;
  /** Client messages per second relayed on average (the owner's own limit applies too); a client far above it is dropped. */
  ratePerSecond: number;
  rateBurst: number;
  /** Unsent bytes above which a client too slow to read is dropped. */
  maxBuffered: number;
}

interface Edge {
  socket: WebSocket;
  owner: string;
  room: string;
  tokens: number;
  at: number;
}

/** What a moved room's clients are told before their socket closes (they reconnect and resume). */
export const MOVED = JSON.stringify({ t: 'bye', code: 'server/moved', message: 'The room moved to another server; reconnect to resume.' });

/**
 * What a relayed client is told when the room's server no longer listens (its process died):
 * at its first frame, not once the room's lease has expired; it reconnects (with backoff) and
 * is routed afresh, to the node that takes the room over once the lease has passed.
 */
export const UNREACHABLE = JSON.stringify({ t: 'bye', code: 'server/unreachable', message: 'The server hosting this room is unreachable; reconnect to resume.' });

/** A close code a real WebSocket accepts (1006 means "dropped": terminate instead). */
const closeCode = (code: number): number | null => (code === 1006 ? null : (code >= 1000 && code <= 1014 && code !== 1004 && code !== 1005) || (code >= 3000 && code <= 4999) ? code : 1011);

/** The sockets this node relays to rooms owned elsewhere, by connection id. */
export class RelayEdge {
  private readonly edges = new Map<string, Edge>();
  private seq = 0;
  private readonly boot = Math.random().toString(36).slice(2, 8);

  constructor(
    private readonly bus: RedisBus,
    private readonly limits: EdgeLimits,
    private readonly log: Logger,
  ) {}

  get size(): number {
    return this.edges.size;
  }

  /** Relays `socket` to `owner`; `early` are the frames that arrived while the owner was looked up. */
  open(socket: WebSocket, owner: string, room: string, ip: string, early: readonly RawData[]): void {
    const conn = `${this.bus.nodeId}.${this.boot}.${(++this.seq).toString(36)}`;
    const edge: Edge = { socket, owner, room, tokens: this.limits.rateBurst, at: performance.now() };
    this.edges.set(conn, edge);
    this.relay(conn, OPEN, JSON.stringify({ ip, room }));
    const forward = (data: RawData, isBinary: boolean): void => {
      if (!this.edges.has(conn)) return;
      const now = performance.now();
      edge.tokens = Math.min(this.limits.rateBurst, edge.tokens + ((now - edge.at) / 1000) * this.limits.ratePerSecond);
      edge.at = now;
      if (--edge.tokens < -this.limits.rateBurst) {
        this.log.warn({ room }, 'closing a relayed connection far above the rate limit');
        return void socket.close(1008, 'rate limit');
      }
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer);
      // Binary frames travel base64-encoded; the owner's handler refuses them as it would locally.
      this.relay(conn, isBinary ? BINARY : MESSAGE, bytes.toString(isBinary ? 'base64' : 'utf8'));
    };
    for (const data of early) forward(data, false);
    socket.on('message', forward);
    let alive = true;
    socket.on('pong', () => (alive = true));
    const heartbeat = setInterval(() => {
      if (!alive) return void socket.terminate();
      alive = false;
      socket.ping();
    }, this.limits.heartbeatMs);
    heartbeat.unref?.();
    socket.on('close', () => {
      clearInterval(heartbeat);
      if (this.edges.delete(conn)) this.bus.send(edge.owner, CLOSE, conn, '{}');
    });
    socket.on('error', (err) => this.log.debug({ err }, 'relayed socket error'));
  }

  /** Sends a client frame (or the open) to the connection's owner; an owner that no longer listens ends the connection at once. */
  private relay(conn: string, kind: string, payload: string): void {
    const edge = this.edges.get(conn);
    if (!edge) return;
    void this.bus.deliver(edge.owner, kind, conn, payload).then((heard) => {
      if (heard || this.edges.get(conn) !== edge) return;
      this.edges.delete(conn);
      this.log.info({ room: edge.room, owner: edge.owner }, "the room's server no longer listens: telling the client to reconnect");
      if (edge.socket.readyState === edge.socket.OPEN) edge.socket.send(UNREACHABLE);
      edge.socket.close(1012, 'server/unreachable');
    });
  }

  /** Handles one bus message addressed to the client side. */
  handle(kind: string, conn: string, from: string, payload: string): void {
    const edge = this.edges.get(conn);
    if (!edge) {
      if (kind !== CLOSE) this.bus.send(from, CLOSE, conn, '{}');
      return;
    }
    const { socket } = edge;
    if (kind === MESSAGE) {
      if (socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > this.limits.maxBuffered) return void socket.close(1013, 'too slow');
      socket.send(payload);
    } else if (kind === CLOSE) {
      this.edges.delete(conn);
      const { code, reason } = JSON.parse(payload) as { code?: number; reason?: string };
      const c = closeCode(code ?? 1000);
      if (c === null) socket.terminate();
      else socket.close(c, (reason ?? '').slice(0, 100));
    }
  }

  /** The rooms relayed now, each with the node believed to own it. */
  rooms(): Map<string, string> {
    const out = new Map<string, string>();
    for (const e of this.edges.values()) out.set(e.room, e.owner);
    return out;
  }

  /** Tells every client of a room whose owner is no longer `owner` to reconnect, and closes it. */
  moved(room: string, owner: string | null): void {
    for (const [conn, e] of [...this.edges]) {
      if (e.room !== room || e.owner === owner) continue;
      this.edges.delete(conn);
      this.bus.send(e.owner, CLOSE, conn, '{}');
      if (e.socket.readyState === e.socket.OPEN) e.socket.send(MOVED);
      e.socket.close(1012, 'server/moved');
    }
  }

  /** Closes every relayed socket (shutdown): clients reconnect elsewhere. */
  closeAll(): void {
    for (const e of this.edges.values()) this.moved(e.room, null);
  }
}
