// `decksmith check` end to end: exit codes, text and JSON output, folder search, summary line.
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/decksmith.js', import.meta.url));
const samples = fileURLToPath(new URL('../../dsl/test/samples', import.meta.url));

function decksmith(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { env: { ...process.env, FORCE_COLOR: '0' } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describe('decksmith check', () => {
  it('exits 0 on a clean file and prints the summary to stderr', async () => {
    const { code, stdout, stderr } = await decksmith('check', `${samples}/clean/input.rules`);
    expect(code).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toContain('checked 1 file: 0 errors, 0 warnings');
  });

  it('searches folders for *.rules, prints caret diagnostics and exits 1 on errors', async () => {
    const { code, stdout, stderr } = await decksmith('check', samples);
    expect(code).toBe(1);
    expect(stdout).toContain('error[keyword_as_name]: "end" is a reserved word and cannot be used as a name');
    expect(stdout).toMatch(/ --> .*keyword-as-name\/input\.rules:2:6\n {2}\|\n2 \| zone end: pile, hidden\n {2}\| {6}\^\^\^/);
    const count = readdirSync(samples, { recursive: true }).filter((f) => String(f).endsWith('.rules')).length;
    expect(stderr).toMatch(new RegExp(`checked ${count} files: \\d+ errors, \\d+ warnings?`));
  });

  it('a checker error (not only a syntax error): file:line:col, code and sentence, exit 1', async () => {
    const { code, stdout, stderr } = await decksmith('check', `${samples}/check/name_undefined/input.rules`);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^error\[name_undefined\]: "drw" is not defined\n --> \S*name_undefined\/input\.rules:14:15\n/);
    expect(stderr).toContain('checked 1 file: 1 error, 0 warnings');
  });

  it('--format json prints the diagnostic objects', async () => {
    const { code, stdout } = await decksmith('check', `${samples}/duration-invalid`, '--format', 'json');
    expect(code).toBe(1);
    const diagnostics = JSON.parse(stdout);
    expect(diagnostics.map((d: { code: string; line: number; col: number }) => [d.code, d.line, d.col]))
      .toEqual([['duration_invalid', 2, 32], ['duration_invalid', 3, 16]]);
  });

  it('a path that does not exist is a usage error', async () => {
    const { code, stderr } = await decksmith('check', `${samples}/nope.rules`);
    expect(code).toBe(2);
    expect(stderr).toContain('no such file or folder');
  });
});
