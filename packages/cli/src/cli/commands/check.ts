// `decksmith check <files|dirs>... [--format json]`: report every diagnostic of the given rule files.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { checkGame, type LoadBase } from '@decksmith/dsl/check/index.ts';
import type { Diagnostic } from '@decksmith/dsl/diagnostics/diagnostic.ts';
import { formatDiagnostic, formatDiagnosticsJson } from '@decksmith/dsl/diagnostics/format.ts';
import { describeFound, findRuleFiles } from '@decksmith/dsl/node/find-rules.ts';
import { parse } from '@decksmith/dsl/parse/parse.ts';
import { EXIT_USAGE } from '../exit-codes.ts';

/**
 * How the CLI finds a variant's base: `<id>.rules` beside the variant, then
 * `games/<id>/<id>.rules` in the nearest folder above it (or above the working directory)
 * that has one. Every text read is kept in `texts` for the caret excerpts.
 */
export function fileLoadBase(texts: Map<string, string>): LoadBase {
  const read = (path: string) => {
    const text = readFileSync(path, 'utf8');
    texts.set(path, text);
    return { file: path, text };
  };
  const upward = (from: string, id: string): string | null => {
    for (let dir = resolve(from); ; dir = dirname(dir)) {
      const candidate = join(dir, 'games', id, `${id}.rules`);
      if (existsSync(candidate)) return candidate;
      if (dirname(dir) === dir) return null;
    }
  };
  return (id, fromFile) => {
    const beside = join(dirname(fromFile), `${id}.rules`);
    if (existsSync(beside)) return read(beside);
    const found = upward(dirname(fromFile), id) ?? upward(process.cwd(), id);
    return found ? read(found) : null;
  };
}

/**
 * Parses and checks one file (the only place where check touches the filesystem). A file
 * with syntax errors is not checked further: its checker diagnostics would be noise.
 */
function checkOne(path: string): { diagnostics: Diagnostic[]; texts: Map<string, string> } {
  const text = readFileSync(path, 'utf8');
  const texts = new Map([[path, text]]);
  const { file, diagnostics } = parse(text, path);
  if (!file || diagnostics.some((d) => d.severity === 'error')) return { texts, diagnostics };
  const checked = checkGame(file, { sources: [{ file: path, text }], loadBase: fileLoadBase(texts) });
  return { texts, diagnostics: [...diagnostics, ...checked.diagnostics] };
}

function runCheck(paths: string[], opts: { format: 'text' | 'json' }): void {
  const files = findRuleFiles(paths);
  if (!Array.isArray(files)) {
    process.stderr.write(`decksmith check: no such file or folder: ${files.missing}\n`);
    process.exitCode = EXIT_USAGE;
    return;
  }
  process.stderr.write(`decksmith check: ${describeFound(files, paths)}\n`);
  const all: Diagnostic[] = [];
  for (const path of files) {
    const { diagnostics, texts } = checkOne(path);
    all.push(...diagnostics);
    if (opts.format === 'text') {
      for (const d of diagnostics) process.stdout.write(`${formatDiagnostic(d, texts.get(d.file))}\n\n`);
    }
  }
  if (opts.format === 'json') process.stdout.write(`${formatDiagnosticsJson(all)}\n`);
  const errors = all.filter((d) => d.severity === 'error').length;
  const warnings = all.length - errors;
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  process.stderr.write(`checked ${plural(files.length, 'file')}: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}\n`);
  process.exitCode = errors > 0 ? 1 : 0;
}

export function registerCheck(program: Command): void {
  program
    .command('check')
    .description('check rule files (or every *.rules under the given folders) and print diagnostics')
    .argument('<paths...>', 'rule files or folders to check')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(runCheck);
}
