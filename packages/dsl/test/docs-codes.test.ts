// The language reference lists every diagnostic code of the catalogue (docs/language.md §15),
// the rule files' codes in its first table and the scenario files' codes in its last.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_CODES } from '../src/diagnostics/catalogue.ts';
import { SCENARIO_CODES } from '../src/diagnostics/scenario.ts';

const doc = readFileSync(fileURLToPath(new URL('../../../docs/language.md', import.meta.url)), 'utf8');
const section = doc.slice(doc.indexOf('### 15. Diagnostic codes'));
const split = section.indexOf('#### Codes of scenario files');
const codesIn = (text: string): Set<string> => new Set([...text.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]!));

describe.each([
  ['rule files', DIAGNOSTIC_CODES as readonly string[], codesIn(section.slice(0, split))],
  ['scenario files', SCENARIO_CODES as readonly string[], codesIn(section.slice(split))],
])('docs/language.md §15, %s', (_, catalogue, listed) => {
  it('has its table', () => {
    expect(split).toBeGreaterThan(0);
    expect(listed.size).toBeGreaterThan(0);
  });
  it('lists every code of the catalogue', () => {
    expect(catalogue.filter((c) => !listed.has(c))).toEqual([]);
  });
  it('lists no code the catalogue lacks', () => {
    const known = new Set(catalogue);
    expect([...listed].filter((c) => !known.has(c))).toEqual([]);
  });
});
