// The room's logical clock as seen from here: an offset from performance.now(), estimated from
// ping/pong round trips (the lowest-latency sample wins) and never behind a time the server sent.

export class ServerClock {
  private offset: number | null = null;
  private bestRtt = Infinity;

  constructor(private readonly local: () => number = () => performance.now()) {}

  /** The room's logical time now (ms), or null before any sample. */
  now(): number | null {
    return this.offset === null ? null : this.local() + this.offset;
  }

  /** A pong: sent at `sentAt`, received at `receivedAt` (local), carrying the server's `serverNow`. */
  pong(sentAt: number, receivedAt: number, serverNow: number): number {
    const rtt = Math.max(0, receivedAt - sentAt);
    // Samples age: a sample 20% slower than the best still replaces an old one.
    if (rtt <= this.bestRtt * 1.2 || this.offset === null) {
      this.bestRtt = Math.min(this.bestRtt, rtt);
      this.offset = serverNow + rtt / 2 - receivedAt;
    }
    return rtt;
  }

  /** A frame stamped `serverNow` arrived at `receivedAt`: the server's time is at least that. */
  observe(serverNow: number, receivedAt: number = this.local()): void {
    const lower = serverNow - receivedAt;
    if (this.offset === null || this.offset < lower) this.offset = lower;
  }

  /** The room's time base changed (a waiting room started): forget every sample. */
  reset(): void {
    this.offset = null;
    this.bestRtt = Infinity;
  }
}
