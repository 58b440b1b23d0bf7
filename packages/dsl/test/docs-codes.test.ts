// The language reference lists every diagnostic code of the catalogue (docs/language.md §15).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_CODES } from '../src/diagnostics/catalogue.ts';

const doc = readFileSync(fileURLToPath(new URL('../../../docs/language.md', import.meta.url)), 'utf8');
const section = doc.slice(doc.indexOf('### 15. Diagnostic codes'));
const listed = new Set([...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]));

describe('docs/language.md §15', () => {
  it('lists every code of the catalogue', () => {
    expect(DIAGNOSTIC_CODES.filter((c) => !listed.has(c))).toEqual([]);
  });
  it('lists no code the catalogue lacks', () => {
    const known = new Set<string>(DIAGNOSTIC_CODES);
    expect([...listed].filter((c) => !known.has(c!))).toEqual([]);
  });
});
