// Checker sample folders: samples/check/<code>/input.rules must report <code>; expected.json pins
// every diagnostic (code, severity, file, line, col, message). Refresh with UPDATE_SAMPLES=1.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkGame } from '../../src/check/index.ts';
import { CHECK_CODES } from '../../src/diagnostics/catalogue.ts';
import { parse } from '../../src/parse/index.ts';

const root = fileURLToPath(new URL('../samples/check', import.meta.url));
const update = process.env['UPDATE_SAMPLES'] === '1';
const folders = readdirSync(root).filter((n) => existsSync(join(root, n, 'input.rules'))).sort();

/** Parses and checks a sample; bases of variants are `<id>.rules` files in the same folder. */
function run(name: string) {
  const path = `${name}/input.rules`;
  const text = readFileSync(join(root, path), 'utf8');
  const { file, diagnostics } = parse(text, path);
  expect(diagnostics).toEqual([]);
  const loadBase = (id: string) => {
    const base = join(root, name, `${id}.rules`);
    return existsSync(base) ? { file: `${name}/${id}.rules`, text: readFileSync(base, 'utf8') } : null;
  };
  return checkGame(file!, { sources: [{ file: path, text }], loadBase });
}

describe('checker sample folders (one per diagnostic code)', () => {
  for (const name of folders) {
    it(name, () => {
      const { diagnostics } = run(name);
      const actual = diagnostics.map((d) => ({ code: d.code, severity: d.severity, file: d.file, line: d.line, col: d.col, message: d.message }));
      const expectedPath = join(root, name, 'expected.json');
      if (update || !existsSync(expectedPath)) writeFileSync(expectedPath, `${JSON.stringify(actual, null, 2)}\n`);
      expect(actual).toEqual(JSON.parse(readFileSync(expectedPath, 'utf8')));
      expect(actual.map((d) => d.code)).toContain(name);
    });
  }

  it('every checker code has a sample folder', () => {
    expect(CHECK_CODES.filter((c) => !folders.includes(c))).toEqual([]);
  });
});
