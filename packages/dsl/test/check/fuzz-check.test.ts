// Property test: mutated launch rule files (tokens deleted, duplicated, swapped; truncation) never make
// parse() or checkGame() throw, and every diagnostic is located inside the file it names.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkGame } from '../../src/check/index.ts';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.ts';
import { parse } from '../../src/parse/index.ts';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const files = readdirSync(join(repo, 'games'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(join(repo, 'games', d.name)).filter((f) => f.endsWith('.rules')).map((f) => `games/${d.name}/${f}`))
  .sort();
const texts = new Map(files.map((f) => [f, readFileSync(join(repo, f), 'utf8')]));
const TOKEN = /\s+|[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?[a-z]*|"(?:[^"\\\n]|\\.)*"?|[\s\S]/g;

type Mutation = { op: 'delete' | 'duplicate' | 'truncate'; at: number } | { op: 'swap'; at: number; with: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constantFrom('delete' as const, 'duplicate' as const), at: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('swap' as const), at: fc.nat(), with: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }) },
);

/** Applies token-level mutations; whitespace tokens are kept apart so a swap moves words, not gaps. */
function mutate(text: string, mutations: Mutation[]): string {
  let tokens: string[] = [...(text.match(TOKEN) ?? [])];
  const words = () => tokens.map((t, i) => (/^\s+$/.test(t) ? -1 : i)).filter((i) => i >= 0);
  for (const m of mutations) {
    const w = words();
    if (w.length === 0) break;
    const i = w[m.at % w.length]!;
    if (m.op === 'delete') tokens.splice(i, 1);
    else if (m.op === 'duplicate') tokens.splice(i, 0, tokens[i]!, ' ');
    else if (m.op === 'truncate') tokens = tokens.slice(0, i);
    else if (m.op === 'swap') {
      const j = w[m.with % w.length]!;
      [tokens[i], tokens[j]] = [tokens[j]!, tokens[i]!];
    }
  }
  return tokens.join('');
}

function assertLocated(diagnostics: Diagnostic[], sources: Map<string, string>): void {
  const inside = (file: string | undefined, line: number, col: number): boolean => {
    const lines = sources.get(file ?? '')?.split('\n');
    return !!lines && Number.isInteger(line) && Number.isInteger(col) && line >= 1 && line <= lines.length && col >= 1 && col <= lines[line - 1]!.length + 1;
  };
  for (const d of diagnostics) {
    if (d.code === 'internal_error') throw new Error(`internal error: ${d.message}`);
    if (!inside(d.file, d.line, d.col) || !inside(d.file, d.endLine, d.endCol)) throw new Error(`outside: ${JSON.stringify(d)}`);
    for (const n of d.notes) if (n.line !== undefined && !inside(n.file, n.line, n.col ?? 1)) throw new Error(`note outside: ${JSON.stringify(n)}`);
  }
}

/** Parses and checks mutated text as `path`; the variant's base is the real one. */
function parseAndCheck(path: string, text: string): void {
  const sources = new Map([[path, text]]);
  const { file, diagnostics } = parse(text, path);
  assertLocated(diagnostics, sources);
  if (!file) throw new Error('no AST');
  const loadBase = (id: string) => {
    const base = files.find((f) => f.endsWith(`/${id}.rules`) && f !== path);
    if (!base) return null;
    sources.set(base, texts.get(base)!);
    return { file: base, text: texts.get(base)! };
  };
  assertLocated(checkGame(file, { sources: [{ file: path, text }], loadBase }).diagnostics, sources);
}

const fileArb = fc.constantFrom(...files);

describe('parse and check never throw on mutated launch rule files', () => {
  it('windows of 1–25 lines, mutated (8,800 cases)', () => {
    const windowArb = fc.record({ path: fileArb, start: fc.nat(), length: fc.integer({ min: 1, max: 25 }) }).map(({ path, start, length }) => {
      const lines = texts.get(path)!.split('\n');
      const from = start % lines.length;
      return { path, text: lines.slice(from, from + length).join('\n') };
    });
    fc.assert(fc.property(windowArb, fc.array(mutation, { minLength: 0, maxLength: 4 }), ({ path, text }, ms) => {
      parseAndCheck(path, mutate(text, ms));
    }), { numRuns: 8_800 });
  }, 60_000);

  it('whole files, mutated (1,200 cases)', () => {
    fc.assert(fc.property(fileArb, fc.array(mutation, { minLength: 1, maxLength: 3 }), (path, ms) => {
      parseAndCheck(path, mutate(texts.get(path)!, ms));
    }), { numRuns: 1_200 });
  }, 60_000);
});
