// `npm start` (src/main.ts) refuses client seeds unless started with --allow-client-seeds or DECKSMITH_ALLOW_CLIENT_SEEDS=1.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'decksmith-seed-flag-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Starts `npm start`'s entry on a free port and returns its URL (from the "ready" log line). */
async function startMain(name: string, args: string[], env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', main, '--port', '0', '--workers', '1', '--db', join(dir, `${name}.db`), ...args], {
    env: { ...process.env, LOG_LEVEL: 'info', DECKSMITH_ALLOW_CLIENT_SEEDS: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /"url":"(http:[^"]+)"/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { url, child };
}

const create = (url: string) =>
  fetch(`${url}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'tiv-miv', seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'mine' }),
  });

describe('npm start and client seeds', () => {
  it('refuses a chosen seed by default, accepts it as a practice room with --allow-client-seeds or DECKSMITH_ALLOW_CLIENT_SEEDS=1', { timeout: 120_000 }, async () => {
    const plain = await startMain('plain', []);
    const refused = await create(plain.url);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'seed/not_allowed' });
    plain.child.kill('SIGTERM');

    for (const [name, args, env] of [
      ['flag', ['--allow-client-seeds'], {}],
      ['env', [], { DECKSMITH_ALLOW_CLIENT_SEEDS: '1' }],
    ] as const) {
      const s = await startMain(name, [...args], env);
      const ok = await create(s.url);
      expect(ok.status).toBe(201);
      expect(await ok.json()).toMatchObject({ practice: true, seedHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
      s.child.kill('SIGTERM');
    }
  });
});
