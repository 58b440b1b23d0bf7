// The mutation harness shared by the checker's fuzz tests (fuzz-check, fuzz-games): the repository's rule files, token-level mutations, the diagnostic checks, and shards of bounded work.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { checkGame, type CheckResult } from '../../src/check/index.ts';
import { DIAGNOSTIC_CODES } from '../../src/diagnostics/catalogue.ts';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.ts';
import { parse } from '../../src/parse/index.ts';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));

/** Every rule file of the repository's games, and the second-edition fixture, sorted. */
export const files: readonly string[] = [
  ...readdirSync(join(repo, 'games'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(join(repo, 'games', d.name)).filter((f) => f.endsWith('.rules')).map((f) => `games/${d.name}/${f}`)),
  'packages/cli/test/second-edition/flow-and-ranges.rules',
].sort();
export const texts: ReadonlyMap<string, string> = new Map(files.map((f) => [f, readFileSync(join(repo, f), 'utf8')]));

const TOKEN = /\s+|[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?[a-z]*|"(?:[^"\\\n]|\\.)*"?|'[^'\n]*'?|[\s\S]/g;
/** Every word of the files (for `insert`, so new constructs land in odd places). */
export const VOCABULARY: readonly string[] = [...new Set([...texts.values()].flatMap((t) => t.match(TOKEN) ?? []).filter((t) => !/^\s+$/.test(t)))].sort();
const CODES = new Set<string>(DIAGNOSTIC_CODES);

export type Mutation =
  | { op: 'delete' | 'duplicate' | 'truncate'; at: number }
  | { op: 'swap'; at: number; with: number }
  | { op: 'insert'; at: number; word: number };

/** Token mutations; `insert` (a word of the vocabulary) only when asked. */
export function mutationArb(options: { insert: boolean }): fc.Arbitrary<Mutation> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.record({ op: fc.constantFrom('delete' as const, 'duplicate' as const), at: fc.nat() }) },
    { weight: 3, arbitrary: fc.record({ op: fc.constant('swap' as const), at: fc.nat(), with: fc.nat() }) },
    ...(options.insert ? [{ weight: 3, arbitrary: fc.record({ op: fc.constant('insert' as const), at: fc.nat(), word: fc.nat(VOCABULARY.length - 1) }) }] : []),
    { weight: 1, arbitrary: fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }) },
  );
}

/** Applies token-level mutations; whitespace tokens are kept apart so a swap moves words, not gaps. */
export function mutate(text: string, mutations: readonly Mutation[]): string {
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

/** Throws unless every diagnostic has a catalogue code (never internal_error) and it and its notes lie inside their files. */
export function assertCoded(diagnostics: readonly Diagnostic[], sources: ReadonlyMap<string, string>): void {
  const inside = (file: string | undefined, line: number, col: number): boolean => {
    const lines = sources.get(file ?? '')?.split('\n');
    return !!lines && Number.isInteger(line) && Number.isInteger(col) && line >= 1 && line <= lines.length && col >= 1 && col <= lines[line - 1]!.length + 1;
  };
  for (const d of diagnostics) {
    if (d.code === 'internal_error') throw new Error(`internal error: ${d.message}`);
    if (!CODES.has(d.code)) throw new Error(`a code outside the catalogue: ${d.code}`);
    if (!inside(d.file, d.line, d.col) || !inside(d.file, d.endLine, d.endCol)) throw new Error(`outside: ${JSON.stringify(d)}`);
    for (const n of d.notes) if (n.line !== undefined && !inside(n.file, n.line, n.col ?? 1)) throw new Error(`note outside: ${JSON.stringify(n)}`);
  }
}

/**
 * Parses and checks mutated `text` as `path` (a variant's base is the real file), asserting every
 * diagnostic on the way — the checker runs on whatever AST the parser recovered, syntax errors or
 * not; returns whether the parse found syntax errors, and the check's result.
 */
export function parseAndCheck(path: string, text: string): { syntax: boolean; result: CheckResult } {
  const sources = new Map([[path, text]]);
  const { file, diagnostics } = parse(text, path);
  assertCoded(diagnostics, sources);
  if (!file) throw new Error('no AST');
  const loadBase = (id: string) => {
    const base = files.find((f) => f.endsWith(`/${id}.rules`) && f !== path);
    if (!base) return null;
    sources.set(base, texts.get(base)!);
    return { file: base, text: texts.get(base)! };
  };
  const result = checkGame(file, { sources: [{ file: path, text }], loadBase });
  assertCoded(result.diagnostics, sources);
  return { syntax: diagnostics.length > 0, result };
}

/**
 * Splits `total` cases into shards of at most `per`, each its own test: the work of one test
 * stays a few seconds of CPU however many cases the whole property runs.
 */
export function shards(total: number, per: number): { shard: number; runs: number }[] {
  return Array.from({ length: Math.ceil(total / per) }, (_, shard) => ({ shard, runs: Math.min(per, total - shard * per) }));
}

/**
 * The timeout of one shard: a hang detector, not a speed check (speed is benchmarked elsewhere).
 * A shard is 3–5 s of CPU on an idle core (the first generator call also loads ts-morph, a few
 * seconds more); CI and the shared machines run every project's tests at once on 2 cores (load 14
 * seen), which stretches wall time 10× or more; 120 s leaves room for that and then some.
 */
export const SHARD_TIMEOUT_MS = 120_000;
