// The check phase: the checker's entry (checkGame), its stages of passes, and checkFile for the CLI.
import type { FileAst } from '../ast/file.ts';
import { sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { reportDuplicateDeclaration } from './report-duplicate-declaration.ts';

export { checkGame, type CheckOptions, type CheckResult, type LoadBase } from './check-game.ts';
export { STAGES, type Pass, type Stage } from './passes.ts';
export type * from './model.ts';

/** A check pass: reads the AST, appends diagnostics; never throws, never touches the filesystem. */
export type CheckPass = (file: FileAst, diagnostics: Diagnostic[]) => void;

/** The AST-only passes `checkFile` runs (the full checker is `checkGame`). */
export const passes: CheckPass[] = [reportDuplicateDeclaration];

/**
 * Runs the AST-only passes over `file` and returns their diagnostics, sorted by position.
 *
 * @example
 * const { file } = parse(text, path);
 * const diagnostics = file ? checkFile(file) : [];
 */
export function checkFile(file: FileAst): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const pass of passes) pass(file, diagnostics);
  return sortDiagnostics(diagnostics);
}
