// The primary's /metrics: every worker's metrics (and the primary's own process metrics) summed into totals, then each again with a `worker` label.
import { AggregatorRegistry, type Registry } from 'prom-client';

/** One process's metrics as prom-client's `getMetricsAsJSON()` gives them. */
export type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

function labelled(metrics: MetricsJson, worker: string): MetricsJson {
  return metrics.map((m) => ({ ...m, values: m.values.map((v) => ({ ...v, labels: { ...v.labels, worker } })) }));
}

/**
 * Prometheus text for the whole machine: first the totals (unlabelled by worker, exactly the
 * series a single process exposes, so a reader of one process reads the sum), then the same
 * series of each process labelled `worker="0"`, `worker="1"`, … and `worker="primary"`.
 * Counters, histograms and most gauges sum; prom-client's own aggregators apply to the
 * process metrics (e.g. the event-loop lag is averaged).
 *
 * @example
 * const text = await clusterMetrics({ primary: own, '0': w0, '1': w1 });
 */
export async function clusterMetrics(byProcess: Record<string, MetricsJson>): Promise<string> {
  const all = Object.entries(byProcess);
  const registry = AggregatorRegistry.aggregate([...all.map(([, m]) => m), ...all.map(([name, m]) => labelled(m, name))]);
  return registry.metrics();
}
