// Rule file on disk → checked model → generated module text; the only place codegen meets the filesystem.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { checkGame, type LoadBase } from '../check/index.ts';
import { generateModule } from '../codegen/index.ts';
import { CodegenError } from '../codegen/compile-expr.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { formatDiagnostic } from '../diagnostics/format.ts';
import { parse } from '../parse/index.ts';

export function toPosix(path: string): string {
  return path.split(sep).join('/');
}

/** The repository root: the nearest folder above `from` with an nx.json. */
export function findRoot(from: string = process.cwd()): string {
  let dir = from;
  for (;;) {
    if (existsSync(join(dir, 'nx.json')) && existsSync(join(dir, 'games'))) return dir;
    const up = dirname(dir);
    if (up === dir) return from;
    dir = up;
  }
}

export interface CompiledFile {
  /** The rule file, relative to the root (posix). */
  file: string;
  /** The module text, or null when the file has errors. */
  text: string | null;
  /** Diagnostics printed with carets (errors and warnings). */
  report: string[];
  errors: number;
}

/**
 * Parses, checks and generates one rule file. `file` is read from `root`-relative path so
 * that diagnostics and the generated header name it the same way on every machine.
 */
export function compileRulesFile(root: string, absPath: string): CompiledFile {
  const file = toPosix(relative(root, absPath)) || absPath;
  const text = readFileSync(absPath, 'utf8');
  const texts = new Map<string, string>([[file, text]]);
  const report: string[] = [];
  const out = (diagnostics: readonly Diagnostic[]): number => {
    for (const d of diagnostics) report.push(formatDiagnostic(d, texts.get(d.file)));
    return diagnostics.filter((d) => d.severity === 'error').length;
  };

  const parsed = parse(text, file);
  let errors = out(parsed.diagnostics);
  if (parsed.file === null || errors > 0) return { file, text: null, report, errors: Math.max(errors, 1) };

  const loadBase: LoadBase = (id, fromFile) => {
    const candidates = [join(root, dirname(fromFile), `${id}.rules`), join(root, 'games', id, `${id}.rules`)];
    for (const c of candidates) {
      if (existsSync(c)) {
        const base = { file: toPosix(relative(root, c)), text: readFileSync(c, 'utf8') };
        texts.set(base.file, base.text);
        return base;
      }
    }
    return null;
  };
  const checked = checkGame(parsed.file, { sources: [{ file, text }], loadBase });
  errors = out(checked.diagnostics);
  if (checked.game === null || errors > 0) return { file, text: null, report, errors: Math.max(errors, 1) };
  try {
    return { file, text: generateModule(checked.game), report, errors: 0 };
  } catch (error) {
    if (!(error instanceof CodegenError)) throw error;
    report.push(`error[internal_error]: decksmith gen could not compile ${file}: ${error.message}`);
    return { file, text: null, report, errors: 1 };
  }
}
