// Load-test statistics: latency percentiles and counters, and the server's RSS and CPU read from /metrics.

export class Stats {
  readonly latencies: number[] = [];
  acks = 0;
  rejects = 0;
  errors = 0;
  disconnects = 0;
  games = 0;
  recording = false;

  ack(ms: number, accepted: boolean): void {
    if (!this.recording) return;
    this.latencies.push(ms);
    if (accepted) this.acks++;
    else this.rejects++;
  }

  percentile(p: number): number {
    if (this.latencies.length === 0) return 0;
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  }
}

/** Reads one metric's value (the first sample) from Prometheus text. */
export function metric(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : undefined;
}

export async function serverProcess(url: string): Promise<{ rssMB: number; cpuSeconds: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return {
    rssMB: Math.round(((metric(text, 'process_resident_memory_bytes') ?? 0) / 1024 / 1024) * 10) / 10,
    cpuSeconds: metric(text, 'process_cpu_seconds_total') ?? 0,
  };
}
