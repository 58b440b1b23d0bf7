// The `decksmith` CLI run in-process by tests: stdout and stderr captured, process.exitCode left as it was.
import { vi } from 'vitest';
import { run } from '../src/cli/run.ts';

/**
 * Runs `decksmith <args>` in this process and returns what it wrote and its exit code.
 *
 * @example
 * const r = await runCliCaptured('bench', 'tiv-miv', '--json'); JSON.parse(r.out);
 */
export async function runCliCaptured(...args: string[]): Promise<{ out: string; err: string; code: number }> {
  let out = '';
  let err = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => ((out += String(s)), true));
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => ((err += String(s)), true));
  const exitCode = process.exitCode;
  try {
    const code = await run(['node', 'decksmith', ...args]);
    return { out, err, code };
  } finally {
    o.mockRestore();
    e.mockRestore();
    process.exitCode = exitCode;
  }
}
