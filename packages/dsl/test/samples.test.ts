// Sample folders: samples/<name>/input.rules is parsed and checked; expected.json holds the
// diagnostics (code, location, message, notes). Refresh with UPDATE_SAMPLES=1.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkFile, parse, type Diagnostic } from '../src/index.ts';

const root = fileURLToPath(new URL('./samples', import.meta.url));
const update = process.env['UPDATE_SAMPLES'] === '1';

/** What a sample pins down: everything but the file path, which depends on the machine. */
function summarise(d: Diagnostic) {
  const { file: _file, notes, ...rest } = d;
  return { ...rest, notes: notes.map(({ file: _f, ...n }) => n) };
}

describe('sample folders', () => {
  // samples/check/ holds the checker's own sample folders (test/check/samples.test.ts).
  for (const name of readdirSync(root).filter((n) => existsSync(join(root, n, 'input.rules'))).sort()) {
    it(name, () => {
      const text = readFileSync(join(root, name, 'input.rules'), 'utf8');
      const { file, diagnostics } = parse(text, `${name}/input.rules`);
      // Like `decksmith check`: a file with syntax errors is not checked further.
      const all = file && diagnostics.length === 0 ? checkFile(file) : diagnostics;
      const actual = all.map(summarise);
      const expectedPath = join(root, name, 'expected.json');
      if (update || !existsSync(expectedPath)) {
        writeFileSync(expectedPath, `${JSON.stringify(actual, null, 2)}\n`);
      }
      expect(actual).toEqual(JSON.parse(readFileSync(expectedPath, 'utf8')));
      for (const d of all) expect(d.file).toBe(`${name}/input.rules`);
    });
  }
});
