// The check phase: a list of passes run over a parsed file, each reporting into one list.
import type { FileAst } from '../ast/file.ts';
import { sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { reportDuplicateDeclaration } from './report-duplicate-declaration.ts';

/** A check pass: reads the AST, appends diagnostics; never throws, never touches the filesystem. */
export type CheckPass = (file: FileAst, diagnostics: Diagnostic[]) => void;

/** The passes, in order. Add one `report-<problem>.ts` per check and list it here. */
export const passes: CheckPass[] = [reportDuplicateDeclaration];

/**
 * Runs every pass over `file` and returns all their diagnostics, sorted by position.
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
