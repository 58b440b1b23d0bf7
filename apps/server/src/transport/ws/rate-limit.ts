// Per-connection frame limits: a token bucket (`rate` per second sustained, `burst` at once) and a flood guard that closes sustained floods.

export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.last = now;
  }

  /** Refills for the time passed since the last call (never above `burst`). */
  private refill(now: number): void {
    this.tokens = Math.min(this.burst, this.tokens + (Math.max(0, now - this.last) / 1000) * this.rate);
    this.last = now;
  }

  /** Takes one token if there is one. */
  take(now: number): boolean {
    this.refill(now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Whether the bucket is back to full at `now`: the client has been idle or slow long enough to earn its whole burst back. */
  full(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.burst;
  }
}

/** What to do with one incoming frame. */
export type FloodVerdict = 'ok' | 'limited' | 'close';

/**
 * The token bucket plus strikes: every refused frame is a strike, and `strikes` of them close
 * the connection. Strikes are forgiven only once the bucket is back to full — the client really
 * slowed down — not whenever one token refills, so a flood at any rate above the limit
 * (limit + ε) keeps accumulating strikes and is closed, while a client at the limit, or one
 * that bursts and then idles, never is.
 *
 * @example
 * const guard = new FloodGuard(20, 40, 200, performance.now());
 * if (guard.admit(performance.now()) === 'close') socket.close(1008, 'rate limit');
 */
export class FloodGuard {
  private readonly bucket: TokenBucket;
  private strikeCount = 0;

  constructor(
    rate: number,
    burst: number,
    private readonly strikes: number,
    now: number,
  ) {
    this.bucket = new TokenBucket(rate, burst, now);
  }

  /** Strikes held now (refused frames since the bucket was last full). */
  get held(): number {
    return this.strikeCount;
  }

  /** Judges one frame arriving at `now` (ms, monotonic). */
  admit(now: number): FloodVerdict {
    if (this.strikeCount > 0 && this.bucket.full(now)) this.strikeCount = 0;
    if (this.bucket.take(now)) return 'ok';
    return ++this.strikeCount >= this.strikes ? 'close' : 'limited';
  }
}
