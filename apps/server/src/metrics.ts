// Prometheus metrics (prom-client, one registry per app): rooms, connections, actions, ack latency, process.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface ServerMetrics {
  registry: Registry;
  connections: Gauge;
  actions: Counter<'outcome'>;
  ackLatency: Histogram;
  rejections: Counter<'code'>;
  /** Record one action's outcome (accepted or its rejection code). */
  outcome(accepted: boolean, code?: string): void;
}

/**
 * @example
 * const m = createMetrics(() => ({ waiting: 1, playing: 3, finished: 0 }));
 * await m.registry.metrics(); // Prometheus text
 */
export function createMetrics(roomCounts: () => Record<string, number>): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'decksmith_rooms',
    help: 'Rooms loaded in this server, by status.',
    labelNames: ['status'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [status, n] of Object.entries(roomCounts())) this.set({ status }, n);
    },
  });
  const connections = new Gauge({ name: 'decksmith_connections', help: 'Open WebSocket connections.', registers: [registry] });
  const actions = new Counter({ name: 'decksmith_actions_total', help: 'Actions processed, by outcome.', labelNames: ['outcome'], registers: [registry] });
  const rejections = new Counter({ name: 'decksmith_rejections_total', help: 'Rejected actions, by code.', labelNames: ['code'], registers: [registry] });
  // A sliding one-minute window so that actions/s is readable without a Prometheus server.
  const window: number[] = [];
  new Gauge({
    name: 'decksmith_actions_per_second',
    help: 'Accepted actions per second over the last 10 s.',
    registers: [registry],
    collect() {
      const cut = performance.now() - 10_000;
      while (window.length && window[0]! < cut) window.shift();
      this.set(window.length / 10);
    },
  });
  const ackLatency = new Histogram({
    name: 'decksmith_ack_latency_seconds',
    help: 'Time from an action message arriving to its ack or reject being sent.',
    buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  return {
    registry,
    connections,
    actions,
    ackLatency,
    rejections,
    outcome(accepted, code) {
      actions.inc({ outcome: accepted ? 'accepted' : 'rejected' });
      if (accepted) {
        window.push(performance.now());
        if (window.length > 200_000) window.splice(0, 100_000);
      } else if (code) rejections.inc({ code });
    },
  };
}
