// The random loop's own generator for the peer and the baseline (sfc32: small, fast, seedable).

/** A seeded generator of 32-bit state words; `int(n)` is uniform in 0..n-1. */
export class LoopRng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed | 0;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** The next 32-bit unsigned word. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /**
   * A uniform integer in 0..n-1 (n ≤ 2^16 here, so the modulo bias is below 2^-16).
   *
   * @example
   * const rng = new LoopRng(7); rng.int(4); // 0..3
   */
  int(n: number): number {
    return this.next() % n;
  }
}
