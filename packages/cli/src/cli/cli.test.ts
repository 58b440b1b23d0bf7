// Runs the real `decksmith` executable as a child process: help, usage errors and placeholders.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../bin/decksmith.js', import.meta.url));
const subCommands = ['check', 'gen', 'play', 'scenario', 'simulate', 'bench', 'replay', 'serve', 'bot-ratings'];

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

function decksmith(...args: string[]): Promise<Result> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { env: { ...process.env, FORCE_COLOR: '0' } }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

describe('decksmith CLI', () => {
  it('--help lists every sub-command and exits 0', async () => {
    const { code, stdout } = await decksmith('--help');
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: decksmith');
    for (const name of subCommands) {
      expect(stdout).toMatch(new RegExp(`^\\s+${name}\\b`, 'm'));
    }
  });

  it('an unknown command prints the usage and exits 2', async () => {
    const { code, stderr } = await decksmith('frobnicate');
    expect(code).toBe(2);
    expect(stderr).toContain("unknown command 'frobnicate'");
    expect(stderr).toContain('Usage: decksmith');
  });

  it('an unknown flag prints the usage and exits 2', async () => {
    const { code, stderr } = await decksmith('check', 'games', '--frobnicate');
    expect(code).toBe(2);
    expect(stderr).toContain("unknown option '--frobnicate'");
    expect(stderr).toContain('Usage: decksmith check');
  });

  it('a malformed flag value exits 2', async () => {
    const { code, stderr } = await decksmith('play', 'super-taki', '--players', 'many');
    expect(code).toBe(2);
    expect(stderr).toContain('expected a positive integer');
  });

  it('a bad --format choice exits 2', async () => {
    const { code } = await decksmith('check', 'games', '--format', 'xml');
    expect(code).toBe(2);
  });

  it('no sub-command prints the usage and exits 2', async () => {
    const { code, stderr } = await decksmith();
    expect(code).toBe(2);
    expect(stderr).toContain('Usage: decksmith');
  });

  it('bench names an unknown game: says so and exits 1', async () => {
    const { code, stderr } = await decksmith('bench', 'no-such-game', '--seconds', '0.1', '--runs', '1');
    expect(code).toBe(1);
    expect(stderr).toContain('decksmith bench: No generated game "no-such-game"');
  });
});
