// Time for rooms: a monotonic wall clock with timers, and a manual clock that tests advance by hand.

export interface Clock {
  /** Monotonic milliseconds. */
  now(): number;
  /** Runs `fn` after `ms`; returns a cancel function. */
  setTimer(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  setTimer(ms, fn) {
    const t = setTimeout(fn, Math.max(0, ms));
    t.unref?.();
    return () => clearTimeout(t);
  },
};

/**
 * A clock that only moves when told to; due timers run in deadline order.
 *
 * @example
 * const clock = new ManualClock();
 * clock.setTimer(100, () => fired++);
 * clock.advance(100); // fired === 1
 */
export class ManualClock implements Clock {
  private t = 0;
  private seq = 0;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();

  now(): number {
    return this.t;
  }

  setTimer(ms: number, fn: () => void): () => void {
    const id = ++this.seq;
    this.timers.set(id, { at: this.t + Math.max(0, ms), fn });
    return () => this.timers.delete(id);
  }

  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const e of this.timers) if (e[1].at <= end && (!next || e[1].at < next[1].at)) next = e;
      if (!next) break;
      this.timers.delete(next[0]);
      this.t = next[1].at;
      next[1].fn();
    }
    this.t = end;
  }

  pending(): number {
    return this.timers.size;
  }

  /** When the earliest armed timer is due, or null when none is armed. */
  nextAt(): number | null {
    let at: number | null = null;
    for (const t of this.timers.values()) if (at === null || t.at < at) at = t.at;
    return at;
  }
}
