// Fixed one-minute windows of requests per author, with a bounded number of authors remembered.

/** At most this many authors are counted at once; the oldest windows are forgotten first. */
const MAX_AUTHORS = 10_000;

export class AuthorWindows {
  private readonly windows = new Map<string, { start: number; n: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Counts one request of `author`; false when the author already made `max` in this window. */
  take(author: string): boolean {
    const t = this.now();
    let w = this.windows.get(author);
    if (!w || t - w.start >= this.windowMs) {
      this.windows.delete(author);
      if (this.windows.size >= MAX_AUTHORS) this.windows.delete(this.windows.keys().next().value!);
      w = { start: t, n: 0 };
      this.windows.set(author, w);
    }
    if (w.n >= this.max) return false;
    w.n++;
    return true;
  }
}
