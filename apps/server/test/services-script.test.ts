// scripts/services.sh (run by npm test): finds which of PostgreSQL, Redis and NATS answer and says what it would start, in dry runs that touch no service.
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATABASE_URL } from './storage-conformance-engines.ts';

const SCRIPT = fileURLToPath(new URL('../../../scripts/services.sh', import.meta.url));

function run(env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile('bash', [SCRIPT, '--dry-run'], { env: { ...process.env, ...env }, timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` });
    });
  });
}

/** A loopback port nothing listens on (bound by the OS, then released). */
function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const NATS_URL = process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222';

describe('scripts/services.sh', { timeout: 30_000 }, () => {
  it('finds the running services answering and only reports them', async () => {
    const r = await run({ DATABASE_URL, REDIS_URL, NATS_URL });
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/PostgreSQL answers at .* \(database \w+\)/);
    expect(r.out).toMatch(/Redis answers at/);
    expect(r.out).toMatch(/NATS answers at/);
    expect(r.out).not.toMatch(/would run/);
  });

  it('on ports where nothing answers, says what it would install or start there (dry run: starts nothing)', async () => {
    const [pg, redis, nats] = [await unusedPort(), await unusedPort(), await unusedPort()];
    const r = await run({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${pg}/test`,
      REDIS_URL: `redis://127.0.0.1:${redis}`,
      NATS_URL: `nats://127.0.0.1:${nats}`,
      SERVICES_CAN_INSTALL: '1',
    });
    expect(r.code).toBe(0);
    expect(r.out).toContain(`PostgreSQL does not answer at 127.0.0.1:${pg}`);
    expect(r.out).toMatch(new RegExp(`would run: (pg_createcluster \\S+ \\S+ -p ${pg}|pg_ctlcluster --skip-systemctl-redirect)`));
    expect(r.out).toMatch(/would run: pg_ctlcluster --skip-systemctl-redirect \S+ \S+ start/);
    expect(r.out).toContain('would create database test');
    expect(r.out).toContain(`would run: redis-server --daemonize yes --bind 127.0.0.1 -::1 --port ${redis} --save '' --appendonly no`);
    expect(r.out).toMatch(new RegExp(`would run: nats-server -js -a 127.0.0.1 -p ${nats} `));
    // Nothing was started.
    const still = await run({ DATABASE_URL, REDIS_URL: `redis://127.0.0.1:${redis}`, NATS_URL, SERVICES_CAN_INSTALL: '0' });
    expect(still.out).toContain(`Redis does not answer at 127.0.0.1:${redis}`);
  });

  it('stops with a clear message when a service is missing and cannot be installed here', async () => {
    const redis = await unusedPort();
    const r = await run({ DATABASE_URL, REDIS_URL: `redis://127.0.0.1:${redis}`, NATS_URL, SERVICES_CAN_INSTALL: '0' });
    expect(r.code).toBe(1);
    expect(r.out).toContain(`Redis does not answer at 127.0.0.1:${redis}, and it can only be installed and started here as root with apt-get`);
    expect(r.out).toMatch(/never skipped/);
    expect(r.out).toMatch(/PostgreSQL answers/);
  });

  it('takes an open port for the service only when that service answers there (each port given another one)', async () => {
    const port = (url: string) => new URL(url).port;
    const r = await run({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port(REDIS_URL)}/test`,
      REDIS_URL: `redis://127.0.0.1:${port(NATS_URL)}`,
      NATS_URL: `nats://127.0.0.1:${port(REDIS_URL)}`,
      SERVICES_CAN_INSTALL: '0',
    });
    expect(r.code).toBe(1);
    expect(r.out).toContain(`PostgreSQL does not answer at 127.0.0.1:${port(REDIS_URL)}`);
    expect(r.out).toContain(`Redis does not answer at 127.0.0.1:${port(NATS_URL)}`);
    expect(r.out).toContain(`NATS does not answer at 127.0.0.1:${port(REDIS_URL)}`);
  });

  it('starts nothing for a service on another machine', async () => {
    const nats = await unusedPort();
    const r = await run({ DATABASE_URL, REDIS_URL, NATS_URL: `nats://192.0.2.1:${nats}`, SERVICES_CAN_INSTALL: '1' });
    expect(r.code).toBe(1);
    expect(r.out).toContain(`NATS does not answer at 192.0.2.1:${nats} (nats://192.0.2.1:${nats} is not on this machine, so nothing is started)`);
    expect(r.out).not.toMatch(/would run: nats-server/);
  });

  it('creates a missing database on a server that answers (dry run), and refuses an unknown role clearly', async () => {
    const db = `nodb_${Math.random().toString(36).slice(2, 8)}`;
    const url = new URL(DATABASE_URL);
    url.pathname = `/${db}`;
    const missing = await run({ DATABASE_URL: url.toString(), REDIS_URL, NATS_URL, SERVICES_CAN_INSTALL: '1' });
    expect(missing.code).toBe(0);
    expect(missing.out).toContain(`database "${db}" does not exist`);
    expect(missing.out).toContain(`would create database ${db}`);
    url.pathname = '/test';
    url.username = 'no_such_role';
    const role = await run({ DATABASE_URL: url.toString(), REDIS_URL, NATS_URL, SERVICES_CAN_INSTALL: '1' });
    expect(role.code).toBe(1);
    expect(role.out).toContain('cannot fix that here');
  });
});
