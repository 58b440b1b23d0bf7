// The checker's entry: runs the stages of passes over a parsed rule file and returns the checked model.
import type { FileAst } from '../ast/index.ts';
import { sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { createContext, hasErrors, type CheckOptions } from './context.ts';
import type { CheckedGame } from './model.ts';
import { STAGES, type Stage } from './passes.ts';

export type { CheckOptions, LoadBase } from './context.ts';

export interface CheckResult {
  /** The checked model, or null when an error was reported. */
  game: CheckedGame | null;
  /** Every diagnostic, sorted by file and position. */
  diagnostics: Diagnostic[];
}

/**
 * Checks a parsed rule file: merges a variant onto its base, collects the tables, resolves
 * names, types every expression, runs the semantic reports and builds the remaining tables.
 * Every problem of a stage is reported before stopping. Author mistakes are diagnostics; only
 * a bug in the checker throws.
 *
 * @example
 * const { file } = parse(text, 'games/tiv-miv/tiv-miv.rules');
 * const { game, diagnostics } = checkGame(file!, { sources: [{ file: 'games/tiv-miv/tiv-miv.rules', text }], loadBase: () => null });
 */
export function checkGame(file: FileAst, opts: CheckOptions, stages: readonly Stage[] = STAGES): CheckResult {
  const ctx = createContext(file, opts);
  for (const stage of stages) {
    for (const pass of stage.passes) pass.run(ctx);
    if (hasErrors(ctx.diagnostics)) break;
  }
  const diagnostics = sortDiagnostics(ctx.diagnostics);
  return { game: hasErrors(diagnostics) ? null : ctx.game, diagnostics };
}
