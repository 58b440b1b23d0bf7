// The load test script runs end to end against a live server and prints its one-line JSON report.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from './helpers.ts';

let app: FastifyInstance;
let url: string;
beforeAll(async () => {
  app = await testApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => app?.close());

describe('npm run loadtest', () => {
  it('drives rooms of WebSocket clients and reports latency, errors and server figures', { timeout: 120_000 }, async () => {
    const script = fileURLToPath(new URL('../src/loadtest/main.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', script, '--url', url, '--rooms', '3', '--players', '2', '--duration', '2', '--pace', '50', '--game', 'shed', '--json'],
      { timeout: 100_000 },
    );
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, number>;
    for (const key of ['actionsPerSecond', 'p50', 'p95', 'p99', 'errors', 'disconnects', 'rssMB']) expect(typeof report[key]).toBe('number');
    expect(report['actionsPerSecond']).toBeGreaterThan(0);
    expect(report['errors']).toBe(0);
    expect(report['disconnects']).toBe(0);
  });
});
