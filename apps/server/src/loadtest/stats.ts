// Load-test statistics: latency percentiles and counters, and the server's RSS and CPU read from /metrics.

/** The counters and samples of a Stats, as plain data. */
export type StatsReport = Pick<Stats, 'latencies' | 'acks' | 'rejects' | 'errors' | 'disconnects' | 'games' | 'stalls' | 'closeCodes' | 'codes'>;

export class Stats {
  readonly latencies: number[] = [];
  acks = 0;
  rejects = 0;
  errors = 0;
  disconnects = 0;
  games = 0;
  /** Games abandoned because nobody could act for a while (a stalled rule file). */
  stalls = 0;
  /** Close codes of the disconnects the clients did not ask for. */
  closeCodes: Record<string, number> = {};
  /** Codes of the rejections and error replies. */
  codes: Record<string, number> = {};
  recording = false;

  /** What a worker thread sends back (structured-clonable). */
  report(): StatsReport {
    const { latencies, acks, rejects, errors, disconnects, games, stalls, closeCodes, codes } = this;
    return { latencies, acks, rejects, errors, disconnects, games, stalls, closeCodes, codes };
  }

  /** Adds another thread's (or node's) figures to these. */
  add(r: StatsReport): void {
    for (const x of r.latencies) this.latencies.push(x);
    this.acks += r.acks;
    this.rejects += r.rejects;
    this.errors += r.errors;
    this.disconnects += r.disconnects;
    this.games += r.games;
    this.stalls += r.stalls;
    for (const [code, n] of Object.entries(r.closeCodes)) this.closeCodes[code] = (this.closeCodes[code] ?? 0) + n;
    for (const [code, n] of Object.entries(r.codes)) this.codes[code] = (this.codes[code] ?? 0) + n;
  }

  ack(ms: number, accepted: boolean): void {
    if (!this.recording) return;
    this.latencies.push(ms);
    if (accepted) this.acks++;
    else this.rejects++;
  }

  /** The `p`th percentile of the latencies (0 when there are none). */
  percentile(p: number): number {
    return this.latencies.length === 0 ? 0 : percentile(this.latencies, p);
  }
}

/** The `p`th percentile (nearest rank) of `xs`, which stays unsorted; NaN when it is empty. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Reads one metric's value (the first sample) from Prometheus text. */
export function metric(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : undefined;
}

export interface ServerSample {
  rssMB: number;
  cpuSeconds: number;
  /** Cumulative ack-latency histogram: upper bound (s) → count. */
  buckets: [number, number][];
  /** A `--workers` server: CPU seconds of each of its processes (`worker` label: "0", "1", …, "primary"). */
  cpuByProcess: Record<string, number>;
  /** Cumulative GC pause seconds by kind (minor, major, incremental, weakcb), all processes. */
  gcSeconds: Record<string, number>;
  /** Cumulative GC pauses by kind, all processes. */
  gcCount: Record<string, number>;
  /**
   * Event-loop delay (ms) of each process that serves rooms (a worker, or the single process as
   * "0") since the previous scrape: prom-client's monitor is reset by every scrape, so the sample
   * taken after the measured span covers it.
   */
  loopDelay: Record<string, { p99: number; max: number }>;
}

export async function serverProcess(url: string): Promise<ServerSample> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const buckets: [number, number][] = [];
  for (const line of text.split('\n')) {
    const m = /^decksmith_ack_latency_seconds_bucket\{le="([^"]+)"\} (\d+)/.exec(line);
    if (m) buckets.push([m[1] === '+Inf' ? Infinity : Number(m[1]), Number(m[2])]);
  }
  const cpuByProcess: Record<string, number> = {};
  for (const m of text.matchAll(/^process_cpu_seconds_total\{worker="([^"]+)"\} (\S+)$/gm)) cpuByProcess[m[1]!] = Number(m[2]);
  const gcSeconds: Record<string, number> = {};
  const gcCount: Record<string, number> = {};
  for (const m of text.matchAll(/^nodejs_gc_duration_seconds_(sum|count)\{kind="(\w+)"\} (\S+)$/gm)) (m[1] === 'sum' ? gcSeconds : gcCount)[m[2]!] = Number(m[3]);
  const loopDelay: Record<string, { p99: number; max: number }> = {};
  for (const m of text.matchAll(/^nodejs_eventloop_lag_(p99|max)_seconds(?:\{worker="(\d+)"\})? (\S+)$/gm)) {
    const who = m[2] ?? '0';
    // The unlabelled line of a `--workers` server is the sum over its processes: each worker's own line is the figure.
    if (m[2] === undefined && Object.keys(cpuByProcess).length > 0) continue;
    const d = (loopDelay[who] ??= { p99: 0, max: 0 });
    d[m[1] as 'p99' | 'max'] = Math.round(Number(m[3]) * 1e4) / 10;
  }
  return {
    gcSeconds,
    gcCount,
    loopDelay,
    rssMB: Math.round(((metric(text, 'process_resident_memory_bytes') ?? 0) / 1024 / 1024) * 10) / 10,
    cpuSeconds: metric(text, 'process_cpu_seconds_total') ?? 0,
    buckets,
    cpuByProcess,
  };
}

/** The server-side latency quantile (ms, a bucket's upper bound) between two samples. */
export function serverQuantile(before: ServerSample, after: ServerSample, q: number): number {
  const counts = after.buckets.map(([le, n], i) => [le, n - (before.buckets[i]?.[1] ?? 0)] as const);
  const total = counts.at(-1)?.[1] ?? 0;
  const bound = counts.find(([, n]) => n >= q * total)?.[0] ?? Infinity;
  return total === 0 ? 0 : bound * 1000;
}
