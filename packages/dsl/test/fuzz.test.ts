// Property test: mutated rule text (tokens deleted, duplicated, swapped, inserted; truncation)
// never makes parse() or checkFile() throw, and every diagnostic is located inside the text.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkFile, parse, type Diagnostic } from '../src/index.ts';

const fixture = readFileSync(fileURLToPath(new URL('./fixtures/everything.rules', import.meta.url)), 'utf8');
const TOKEN = /\s+|[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?[a-z]*|"(?:[^"\\\n]|\\.)*"?|[\s\S]/g;
const VOCABULARY = ['{', '}', '(', ')', '[', ']', ',', ':', '=', '"', '{x}', '..', '×', '#', '\n', 'move', 'zone',
  'if', 'else', 'end', 'when', 'action', '-', 'not', '3s', '4m', '\\', 'top of', 'card', 'Ω', '\u0000'];

type Mutation =
  | { op: 'delete' | 'duplicate'; at: number }
  | { op: 'swap'; at: number; with: number }
  | { op: 'insert'; at: number; token: string }
  | { op: 'truncate'; at: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constantFrom('delete' as const, 'duplicate' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('swap' as const), at: fc.nat(), with: fc.nat() }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), token: fc.constantFrom(...VOCABULARY) }),
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
);

function mutate(text: string, mutations: Mutation[]): string {
  let tokens: string[] = [...(text.match(TOKEN) ?? [])];
  for (const m of mutations) {
    const n = Math.max(tokens.length, 1);
    const i = m.at % n;
    if (m.op === 'delete') tokens.splice(i, 1);
    else if (m.op === 'duplicate') tokens.splice(i, 0, tokens[i] ?? '');
    else if (m.op === 'swap') {
      const j = m.with % n;
      [tokens[i], tokens[j]] = [tokens[j] ?? '', tokens[i] ?? ''];
    } else if (m.op === 'insert') tokens.splice(i, 0, m.token);
    else tokens = tokens.slice(0, i);
  }
  return tokens.join('');
}

/** Throws (failing the property) unless every diagnostic points inside `text`. */
function assertLocated(text: string, diagnostics: Diagnostic[]): void {
  const lines = text.split('\n');
  const inside = (line: number, col: number): boolean =>
    Number.isInteger(line) && Number.isInteger(col) && line >= 1 && line <= lines.length &&
    col >= 1 && col <= (lines[line - 1] ?? '').length + 1;
  for (const d of diagnostics) {
    if (d.code === 'internal_error') throw new Error(`internal error: ${d.message}`);
    if (d.file !== 'fuzz.rules') throw new Error(`wrong file ${d.file}`);
    if (!inside(d.line, d.col) || !inside(d.endLine, d.endCol)) throw new Error(`outside: ${JSON.stringify(d)}`);
    if (d.endLine < d.line || (d.endLine === d.line && d.endCol < d.col)) throw new Error(`reversed: ${JSON.stringify(d)}`);
    for (const n of d.notes) if (n.line !== undefined && !inside(n.line, n.col ?? 1)) throw new Error(`note outside: ${JSON.stringify(n)}`);
  }
}

function check(text: string): void {
  const { file, diagnostics } = parse(text, 'fuzz.rules');
  assertLocated(text, diagnostics);
  if (file === null) throw new Error('no AST');
  assertLocated(text, checkFile(file));
}

const fixtureLines = fixture.split('\n');

describe('parse never throws on mutated rule text', () => {
  it('mutated windows of the fixture (10,000 cases)', () => {
    // Windows of 1–15 lines keep each case small, so 10^4 cases run in seconds.
    const window = fc.record({ start: fc.nat(fixtureLines.length - 1), length: fc.integer({ min: 1, max: 15 }) })
      .map(({ start, length }) => fixtureLines.slice(start, start + length).join('\n'));
    fc.assert(fc.property(window, fc.array(mutation, { minLength: 1, maxLength: 4 }), (text, ms) => {
      check(mutate(text, ms));
    }), { numRuns: 10_000 });
  }, 120_000);

  it('the whole fixture, mutated (200 cases)', () => {
    fc.assert(fc.property(fc.array(mutation, { minLength: 1, maxLength: 6 }), (ms) => {
      check(mutate(fixture, ms));
    }), { numRuns: 200 });
  }, 120_000);
});
