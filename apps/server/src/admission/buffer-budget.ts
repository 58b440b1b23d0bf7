// Bounds the memory slow readers hold: unsent bytes per socket and over all sockets together.
import type { ServerConfig } from '../config.ts';

/** A socket as the budget sees it: its unsent bytes (ws's `bufferedAmount`). */
export interface Buffered {
  readonly bufferedAmount: number;
}

/**
 * Tracks the unsent bytes of every socket. A socket is too slow when it holds more than
 * `maxBufferedPerSocket`, or when all sockets together hold more than `maxBufferedTotal` and
 * this one holds more than a few frames' worth (`slowFloor`): then many slow readers cannot
 * add up to unbounded memory, while a socket that reads along (a frame or two in flight) is
 * never blamed for the others. The total is kept up to date at each send; sockets drain
 * without telling us, so when it looks over its cap it is first recomputed exactly (at most
 * every `refreshMs`).
 *
 * @example
 * const budget = new BufferBudget(config);
 * if (budget.tooSlow(socket)) socket.close(1013, 'too slow');
 */
export class BufferBudget {
  private readonly known = new Map<Buffered, number>();
  private sum = 0;
  private refreshedAt = -Infinity;
  /** Above this a socket counts as a slow reader when the total is over its cap. */
  readonly slowFloor: number;

  constructor(
    private readonly config: Pick<ServerConfig, 'maxBufferedPerSocket' | 'maxBufferedTotal'>,
    private readonly refreshMs = 250,
  ) {
    this.slowFloor = Math.min(64 * 1024, Math.floor(config.maxBufferedPerSocket / 4));
  }

  /** Unsent bytes over all sockets, as last seen. */
  get total(): number {
    return this.sum;
  }

  /** Notes the socket's unsent bytes now and says whether it must be closed as too slow. */
  tooSlow(socket: Buffered): boolean {
    const now = socket.bufferedAmount;
    this.sum += now - (this.known.get(socket) ?? 0);
    this.known.set(socket, now);
    if (now > this.config.maxBufferedPerSocket) return true;
    if (now <= this.slowFloor || this.sum <= this.config.maxBufferedTotal) return false;
    const t = performance.now();
    if (t - this.refreshedAt >= this.refreshMs) {
      this.refreshedAt = t;
      this.refresh();
    }
    return this.sum > this.config.maxBufferedTotal;
  }

  /** Forgets a closed socket. */
  release(socket: Buffered): void {
    this.sum -= this.known.get(socket) ?? 0;
    this.known.delete(socket);
  }

  /** Recomputes the total from every socket's current unsent bytes. */
  refresh(): void {
    let sum = 0;
    for (const socket of this.known.keys()) {
      const now = socket.bufferedAmount;
      this.known.set(socket, now);
      sum += now;
    }
    this.sum = sum;
  }
}
