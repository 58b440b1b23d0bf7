// The load test script runs end to end against live servers and prints its one-line JSON report, per node and in total.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from './helpers.ts';

const apps: FastifyInstance[] = [];
const urls: string[] = [];
beforeAll(async () => {
  // Two nodes (two apps on their own ports): the script spreads its tables over both.
  for (let i = 0; i < 2; i++) {
    const app = await testApp();
    apps.push(app);
    urls.push(await app.listen({ port: 0, host: '127.0.0.1' }));
  }
});
afterAll(async () => Promise.all(apps.map((a) => a.close())));

const script = fileURLToPath(new URL('../src/loadtest/main.ts', import.meta.url));
const run = async (args: string[], game = 'shed'): Promise<Record<string, unknown>> => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', script, ...args, '--rooms', '4', '--players', '2', '--duration', '2', '--pace', '50', '--game', game, '--json'],
    { timeout: 100_000 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
};

describe('npm run loadtest', () => {
  it('drives rooms of WebSocket clients and reports latency, errors and server figures', { timeout: 120_000 }, async () => {
    const report = await run(['--url', urls[0]!]);
    for (const key of ['actionsPerSecond', 'p50', 'p95', 'p99', 'errors', 'disconnects', 'rssMB', 'cpuMicrosPerAction']) expect(typeof report[key]).toBe('number');
    expect(report['actionsPerSecond']).toBeGreaterThan(0);
    // The server's CPU per acknowledged action: its CPU over the span divided by the acks.
    expect(report['cpuMicrosPerAction']).toBeGreaterThan(0);
    expect(report['errors']).toBe(0);
    expect(report['disconnects']).toBe(0);
    // What of the span went to GC pauses by kind (this small run's may round to 0 %), and the serving process's event-loop delay over the span.
    const gc = report['gcPercent'] as Record<string, number>;
    expect(gc).toHaveProperty('minor');
    expect(gc['minor']).toBeGreaterThanOrEqual(0);
    expect((report['gcMeanMs'] as Record<string, number>)['minor']).toBeGreaterThanOrEqual(0);
    const loop = report['loopDelay'] as Record<string, { p99: number; max: number }>;
    expect(Object.keys(loop)).toEqual(['0']);
    expect(loop['0']!.max).toBeGreaterThan(0);
    expect(loop['0']!.max).toBeGreaterThanOrEqual(loop['0']!.p99);
  });

  it('drives several nodes and reports each one and the total', { timeout: 120_000 }, async () => {
    const report = await run(['--url', urls[0]!, '--url', `${urls[1]!}/`]);
    const nodes = report['nodes'] as { url: string; rooms: number; actions: number; errors: number; rssMB: number }[];
    expect(nodes.map((n) => n.url)).toEqual(urls);
    for (const n of nodes) {
      expect(n.rooms).toBe(2);
      expect(n.actions).toBeGreaterThan(0);
      expect(n.errors).toBe(0);
    }
    // Each node's tables played there: the total is the sum of the nodes.
    expect(report['actions']).toBe(nodes[0]!.actions + nodes[1]!.actions);
    // Both apps run in this one process, so each node's /metrics reports the same RSS; the total adds them.
    expect(report['rssMB']).toBeCloseTo(nodes[0]!.rssMB + nodes[1]!.rssMB, 0);
    // Rooms were created on the node each table plays on: each app holds its own.
    for (const app of apps) expect(app.decksmith.manager.rooms.size).toBeGreaterThanOrEqual(2);
  });

  it('measures the floor: a server of its own hosting "Load Floor", whose patches the clients apply without a mismatch', { timeout: 120_000 }, async () => {
    const report = await run([], 'load-floor');
    expect(report['game']).toBe('load-floor');
    expect(report['actions']).toBeGreaterThan(0);
    expect(report['rejects']).toBe(0);
    expect(report['errors']).toBe(0);
    // The clients apply every patch to the view they hold (table.ts) and count a mismatch.
    expect(report['codes']).toEqual({});
    expect(report['cpuMicrosPerAction']).toBeGreaterThan(0);
  });
});
