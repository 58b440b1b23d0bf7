// Analyses one open document: a rule file (parse, check, names) or a scenario file (parse).
import type { FileAst } from '@decksmith/dsl/ast/file.ts';
import type { ScenarioAst } from '@decksmith/dsl/ast/scenario.ts';
import { checkGame, type CheckedGame, type LoadBase } from '@decksmith/dsl/check/index.ts';
import type { Diagnostic } from '@decksmith/dsl/diagnostics/diagnostic.ts';
import { internalError } from '@decksmith/dsl/diagnostics/catalogue.ts';
import { parse } from '@decksmith/dsl/parse/parse.ts';
import { collectNames, type NameSite } from './names.ts';
import { parseScenario } from '@decksmith/dsl/parse/parse-scenario.ts';

/** What the features read of a document. */
export interface Analysis {
  readonly kind: 'rules' | 'scenario';
  readonly text: string;
  readonly diagnostics: readonly Diagnostic[];
  readonly rules: FileAst | null;
  readonly scenario: ScenarioAst | null;
  readonly names: readonly NameSite[];
  /** The checked model, when the file checks without errors (types of expressions, refs). */
  readonly model: CheckedGame | null;
}

/**
 * `analyse`, but a failure inside it (a bug, or a base file that cannot be read) is an
 * `internal_error` diagnostic on the first line instead of an exception: the server keeps serving.
 */
export function analyseSafely(text: string, file: string, loadBase: LoadBase): Analysis {
  try {
    return analyse(text, file, loadBase);
  } catch (error) {
    const at = { offset: 0, line: 1, col: 1 };
    const detail = error instanceof Error ? error.message : String(error);
    return {
      kind: isScenario(file) ? 'scenario' : 'rules', text, rules: null, scenario: null, names: [], model: null,
      diagnostics: [internalError({ file, start: at, end: { ...at, offset: 1, col: 2 } }, detail)],
    };
  }
}

/** Whether a document is a scenario file (by its name). */
export function isScenario(file: string): boolean {
  return file.endsWith('.scenario');
}

/**
 * Parses and checks a document. `file` names it in diagnostics; `loadBase` finds a variant's base.
 * A rule file with syntax errors is not checked (its checker diagnostics would be noise), but its
 * names are still read from what parsed.
 */
export function analyse(text: string, file: string, loadBase: LoadBase): Analysis {
  if (isScenario(file)) {
    const { scenario, diagnostics } = parseScenario(text, file);
    const names = scenario ? collectNames(scenario.items) : []; // uses of the game's names
    return { kind: 'scenario', text, diagnostics, rules: null, scenario, names, model: null };
  }
  const parsed = parse(text, file);
  const names = parsed.file ? collectNames(parsed.file.items) : [];
  if (parsed.file === null || parsed.diagnostics.some((d) => d.severity === 'error')) {
    return { kind: 'rules', text, diagnostics: parsed.diagnostics, rules: parsed.file, scenario: null, names, model: null };
  }
  const checked = checkGame(parsed.file, { sources: [{ file, text }], loadBase });
  return { kind: 'rules', text, diagnostics: [...parsed.diagnostics, ...checked.diagnostics], rules: parsed.file, scenario: null, names, model: checked.game };
}
