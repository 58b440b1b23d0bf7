// Seeded property test over every rule file of the repository's games (and the second-edition
// fixture): 10^4 mutants — tokens deleted, duplicated, swapped, truncated, and words of the same
// files inserted anywhere (so new constructs such as `if`, `cards`, ranges and lists land in odd
// places) — go through the grammar and the checker with no exception and no internal_error:
// every diagnostic carries a code of the catalogue and points inside its file. Mutants that
// still check clean are also compiled by the generator, which must not throw either.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkGame } from '../../src/check/index.ts';
import { generateModule } from '../../src/codegen/index.ts';
import { DIAGNOSTIC_CODES } from '../../src/diagnostics/catalogue.ts';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.ts';
import { parse } from '../../src/parse/index.ts';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const files = [
  ...readdirSync(join(repo, 'games'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(join(repo, 'games', d.name)).filter((f) => f.endsWith('.rules')).map((f) => `games/${d.name}/${f}`)),
  'packages/cli/test/second-edition/flow-and-ranges.rules',
].sort();
const texts = new Map(files.map((f) => [f, readFileSync(join(repo, f), 'utf8')]));
const TOKEN = /\s+|[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?[a-z]*|"(?:[^"\\\n]|\\.)*"?|'[^'\n]*'?|[\s\S]/g;
const VOCABULARY = [...new Set([...texts.values()].flatMap((t) => t.match(TOKEN) ?? []).filter((t) => !/^\s+$/.test(t)))].sort();
const CODES = new Set<string>(DIAGNOSTIC_CODES);
const SEED = 20_2620;

type Mutation =
  | { op: 'delete' | 'duplicate' | 'truncate'; at: number }
  | { op: 'swap'; at: number; with: number }
  | { op: 'insert'; at: number; word: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constantFrom('delete' as const, 'duplicate' as const), at: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('swap' as const), at: fc.nat(), with: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('insert' as const), at: fc.nat(), word: fc.nat(VOCABULARY.length - 1) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }) },
);

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
    else if (m.op === 'insert') tokens.splice(i, 0, VOCABULARY[m.word]!, ' ');
    else if (m.op === 'swap') {
      const j = w[m.with % w.length]!;
      [tokens[i], tokens[j]] = [tokens[j]!, tokens[i]!];
    }
  }
  return tokens.join('');
}

/** Throws unless every diagnostic has a catalogue code (never internal_error) and lies inside its file. */
function assertCoded(diagnostics: Diagnostic[], sources: Map<string, string>): void {
  const inside = (file: string | undefined, line: number, col: number): boolean => {
    const lines = sources.get(file ?? '')?.split('\n');
    return !!lines && Number.isInteger(line) && Number.isInteger(col) && line >= 1 && line <= lines.length && col >= 1 && col <= lines[line - 1]!.length + 1;
  };
  for (const d of diagnostics) {
    if (d.code === 'internal_error') throw new Error(`internal error: ${d.message}`);
    if (!CODES.has(d.code)) throw new Error(`a code outside the catalogue: ${d.code}`);
    if (!inside(d.file, d.line, d.col) || !inside(d.file, d.endLine, d.endCol)) throw new Error(`outside: ${JSON.stringify(d)}`);
  }
}

const tally = { cases: 0, syntax: 0, checked: 0, clean: 0, generated: 0 };

/** Parses, checks and (while few have been) generates one mutant; the variant's base is the real one. */
function run(path: string, text: string, generate: boolean): void {
  tally.cases++;
  const sources = new Map([[path, text]]);
  const { file, diagnostics } = parse(text, path);
  assertCoded(diagnostics, sources);
  if (!file) throw new Error('no AST');
  if (diagnostics.length > 0) {
    tally.syntax++;
    return;
  }
  const loadBase = (id: string) => {
    const base = files.find((f) => f.endsWith(`/${id}.rules`) && f !== path);
    if (!base) return null;
    sources.set(base, texts.get(base)!);
    return { file: base, text: texts.get(base)! };
  };
  const result = checkGame(file, { sources: [{ file: path, text }], loadBase });
  tally.checked++;
  assertCoded(result.diagnostics, sources);
  if (result.game === null || result.diagnostics.some((d) => d.severity === 'error')) return;
  tally.clean++;
  if (!generate) return;
  generateModule(result.game);
  tally.generated++;
}

describe('mutated game rule files through the grammar, the checker and the generator', () => {
  it('10,000 seeded mutants: no exception, no internal_error, every diagnostic coded', () => {
    const arb = fc.record({
      path: fc.constantFrom(...files),
      whole: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
      start: fc.nat(),
      length: fc.integer({ min: 1, max: 12 }),
      mutations: fc.array(mutation, { minLength: 1, maxLength: 4 }),
    });
    fc.assert(fc.property(arb, ({ path, whole, start, length, mutations }) => {
      let text = texts.get(path)!;
      if (!whole) {
        // A run of whole top-level items (each starts at column 1), so most mutants still parse.
        const items = text.split(/\n(?=\S)/);
        const from = start % items.length;
        text = items.slice(from, from + length).join('\n');
      }
      // The generator (ts-morph) is slow: only the first 5 whole-file mutants that check clean.
      run(path, mutate(text, mutations), whole && tally.generated < 5);
    }), { numRuns: 10_000, seed: SEED });
    expect(tally.cases).toBeGreaterThanOrEqual(10_000);
    // The mutants reach the checker, and some survive it (the test is not all syntax errors).
    expect(tally.checked).toBeGreaterThan(800);
    expect(tally.clean).toBeGreaterThan(50);
    expect(tally.generated).toBe(5);
    console.log(`fuzz: ${JSON.stringify(tally)}`);
  }, 240_000);
});
