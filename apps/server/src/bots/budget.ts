// A room's bot thinking budget: a token bucket of milliseconds of decision time, refilled per second of the room's clock.

/**
 * Bots of one room may spend `msPerSecond` of thinking per second, with a burst of one second's
 * worth; a room that spent it waits until the bucket is positive again.
 *
 * @example
 * const budget = new ThinkBudget(100, () => clock.now());
 * budget.spend(40); budget.wait(); // 0 while the bucket is positive
 */
export class ThinkBudget {
  private tokens: number;
  private last: number;

  constructor(
    private readonly msPerSecond: number,
    private readonly now: () => number,
  ) {
    this.tokens = msPerSecond;
    this.last = now();
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(this.msPerSecond, this.tokens + ((t - this.last) * this.msPerSecond) / 1000);
    this.last = t;
  }

  /** Records `ms` of thinking. */
  spend(ms: number): void {
    this.refill();
    this.tokens -= ms;
  }

  /** Milliseconds until the room's bots may think again: 0 while the budget lasts. */
  wait(): number {
    this.refill();
    return this.tokens > 0 ? 0 : Math.ceil(((-this.tokens + 0.001) * 1000) / this.msPerSecond);
  }
}
