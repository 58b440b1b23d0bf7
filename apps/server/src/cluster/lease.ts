// Room leases in Redis: acquire, renew in batches, release; and the fence — a room whose lease this node cannot prove valid is given up before the lease can pass to another node.
import type { Logger } from 'pino';
import type { ClusterKeys, LeaseScripts } from './redis-keys.ts';

export interface LeaseOptions {
  nodeId: string;
  /** Lease length: a room whose owner stops renewing is free for another node after this long. */
  leaseMs: number;
  scripts: LeaseScripts;
  keys: ClusterKeys;
  log: Logger;
  /** Called (once per room) when a lease is lost: taken by another node, or no longer provably valid. */
  onLost: (room: string, why: 'taken' | 'expired') => void;
  /** Monotonic ms (tests may pass another). */
  now?: () => number;
}

/** Rooms per renewal script call. */
const BATCH = 500;

/**
 * The leases this node holds. A lease is trusted until `sent + leaseMs − guard`, where `sent` is
 * when the last successful renewal (or the acquisition) was sent: Redis set its expiry after
 * that, so the lease cannot have passed to another node before then. `guard` (a fifth of the
 * lease) covers an append already on its way to storage and clock-rate differences.
 */
export class LeaseKeeper {
  private readonly held = new Map<string, number>();
  private renewing = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  private checker: ReturnType<typeof setInterval> | undefined;
  private readonly now: () => number;
  readonly guardMs: number;

  constructor(private readonly o: LeaseOptions) {
    this.now = o.now ?? (() => performance.now());
    this.guardMs = Math.max(20, Math.round(o.leaseMs / 5));
  }

  /** How many leases are held. */
  get size(): number {
    return this.held.size;
  }
  rooms(): IterableIterator<string> {
    return this.held.keys();
  }

  /** Whether this node may act for `room` right now. */
  valid(room: string): boolean {
    const until = this.held.get(room);
    return until !== undefined && this.now() < until;
  }

  /** Takes a free room's lease (SET NX PX); false when another node holds it. */
  async acquire(room: string): Promise<boolean> {
    if (this.valid(room)) return true;
    const sent = this.now();
    const ok = (await this.o.scripts.acquire(this.o.keys.owner(room), this.o.keys.leases, this.o.nodeId, this.o.leaseMs, room)) === 1;
    if (ok) {
      this.held.set(room, sent + this.o.leaseMs - this.guardMs);
      this.o.log.info({ room, at: Date.now() }, 'lease acquired');
    }
    return ok;
  }

  /** Gives a lease up: `over` rooms leave the directory, live ones are free for any node at once. */
  async release(room: string, mode: 'over' | 'free'): Promise<void> {
    if (!this.held.delete(room) && mode !== 'over') return;
    this.o.log.info({ room, at: Date.now(), mode }, 'lease released');
    await this.o.scripts.release(this.o.keys.owner(room), this.o.keys.leases, this.o.nodeId, room, mode).catch(() => {});
  }

  /** Rooms whose lease expired by Redis's clock (free for any node), at most `limit`. */
  free(limit: number): Promise<string[]> {
    return this.o.scripts.expired(this.o.keys.leases, limit);
  }

  /** Drops a room that is over from the directory, whoever held it last. */
  async forget(room: string): Promise<void> {
    await this.o.scripts.release(this.o.keys.owner(room), this.o.keys.leases, this.o.nodeId, room, 'over');
  }

  /** Stops acting for a room at once (its lease was lost or cannot be proven). */
  fence(room: string, why: 'taken' | 'expired'): void {
    const until = this.held.get(room);
    if (until === undefined || !this.held.delete(room)) return;
    // `trusted`: the wall-clock end of the trust window (earlier than `at` when the process was paused).
    const at = Date.now();
    this.o.log.warn({ room, at, trusted: Math.min(at, Math.round(at + until - this.now())), why }, 'lease lost: room fenced');
    this.o.onLost(room, why);
    // Still ours in Redis (a renewal that came back late)? Free it, so another node need not wait for the expiry.
    if (why === 'expired') void this.o.scripts.release(this.o.keys.owner(room), this.o.keys.leases, this.o.nodeId, room, 'free').catch(() => {});
  }

  /** Renews every held lease (a third of the lease apart) and fences unprovable ones (every few ms). */
  start(): void {
    this.timer ??= setInterval(() => void this.renew(), Math.max(10, Math.round(this.o.leaseMs / 3)));
    this.checker ??= setInterval(() => this.check(), Math.max(5, Math.min(50, Math.round(this.guardMs / 4))));
  }

  stop(): void {
    clearInterval(this.timer);
    clearInterval(this.checker);
    this.timer = this.checker = undefined;
  }

  /** Fences every room whose lease is past its trusted end. */
  check(): void {
    const now = this.now();
    for (const [room, until] of this.held) if (now >= until) this.fence(room, 'expired');
  }

  /** One renewal round; a failed call leaves those leases to run out (and be fenced). */
  async renew(): Promise<void> {
    if (this.renewing || this.held.size === 0) return;
    this.renewing = true;
    try {
      const rooms = [...this.held.keys()];
      for (let i = 0; i < rooms.length; i += BATCH) {
        const batch = rooms.slice(i, i + BATCH);
        const sent = this.now();
        let lost: string[];
        try {
          lost = await this.o.scripts.renew(batch.length + 1, this.o.keys.leases, ...batch.map((r) => this.o.keys.owner(r)), this.o.nodeId, this.o.leaseMs, ...batch);
        } catch (err) {
          this.o.log.warn({ err: (err as Error).message, rooms: batch.length }, 'lease renewal failed');
          continue;
        }
        const gone = new Set(lost);
        const until = sent + this.o.leaseMs - this.guardMs;
        for (const room of batch) {
          if (gone.has(room)) this.fence(room, 'taken');
          else if (this.held.has(room)) this.held.set(room, Math.max(this.held.get(room)!, until));
        }
      }
    } finally {
      this.renewing = false;
    }
  }
}
