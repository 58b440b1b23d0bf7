// The check phase: the checker's entry (checkGame), its stages of passes, and checkFile for callers without variants.
import type { FileAst } from '../ast/file.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { checkGame, type LoadBase } from './check-game.ts';
import type { Pass } from './passes.ts';
import { STAGES } from './passes.ts';

export { checkGame, type CheckOptions, type CheckResult, type LoadBase } from './check-game.ts';
export { STAGES, type Pass, type Stage } from './passes.ts';
export type * from './model.ts';

/** A check pass (see passes.ts): reads the context, appends diagnostics; never touches the filesystem. */
export type CheckPass = Pass;

/** Every pass of every stage, in order. */
export const passes: readonly CheckPass[] = STAGES.flatMap((s) => s.passes);

/**
 * Runs the whole checker over `file` and returns its diagnostics, sorted by position. A variant's
 * base is found with `loadBase` (none by default: `variant_base_not_found`).
 *
 * @example
 * const { file } = parse(text, path);
 * const diagnostics = file ? checkFile(file) : [];
 */
export function checkFile(file: FileAst, loadBase: LoadBase = () => null): Diagnostic[] {
  return checkGame(file, { sources: [], loadBase }).diagnostics;
}
