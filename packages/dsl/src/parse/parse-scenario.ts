// parseScenario(text, file): a scenario file's AST through the grammar's `Scenario` start rule, never
// throwing. Pure (no file system): the scenario runner (cli) and the language server (lsp) share it.
import type { Loc, Position } from '../ast/loc.ts';
import type { ScenarioAst } from '../ast/scenario.ts';
import * as d from '../diagnostics/catalogue.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { parse as peggyParse, SyntaxError as PeggySyntaxError } from '../grammar/generated/rules.js';
import { humaniseSyntaxError } from './humanise.ts';
import { lineStartsOf } from './top-level.ts';

export interface ScenarioParseResult {
  /** The scenario, or null when it has a syntax error. */
  scenario: ScenarioAst | null;
  diagnostics: Diagnostic[];
}

function position(lineStarts: number[], offset: number): Position {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((lineStarts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { offset, line: lo + 1, col: offset - (lineStarts[lo] ?? 0) + 1 };
}

/** An error raised by the grammar's `error()` ("[code] message"), as its catalogue entry. */
function coded(message: string, loc: Loc, raw: string): Diagnostic {
  const m = /^\[([a-z_]+)\] (.*)$/s.exec(message);
  switch (m?.[1]) {
    case 'string_unterminated': return d.stringUnterminated(loc);
    case 'string_escape_invalid': return d.stringEscapeInvalid(loc, raw.slice(-2));
    case 'duration_invalid': return d.durationInvalid(loc, raw);
    case 'clause_duplicate': return d.clauseDuplicate(loc, m[2] ?? message);
    default: return d.internalError(loc, message);
  }
}

/**
 * Parses a scenario file. Never throws: a syntax error is a diagnostic located in the file
 * (a scenario is short, so the first error is the one reported).
 *
 * @example
 * const { scenario, diagnostics } = parseScenario(text, 'games/super-taki/scenarios/chain.scenario');
 */
export function parseScenario(text: string, file: string): ScenarioParseResult {
  const lineStarts = lineStartsOf(text);
  const locOf = (start: number, end: number): Loc => ({ file, start: position(lineStarts, start), end: position(lineStarts, end) });
  try {
    const scenario = peggyParse(text, { startRule: 'Scenario', file, lineStarts, source: text }) as ScenarioAst;
    return { scenario, diagnostics: [] };
  } catch (error) {
    if (!(error instanceof PeggySyntaxError)) {
      const detail = error instanceof Error ? error.message : String(error);
      return { scenario: null, diagnostics: [d.internalError(locOf(0, 0), detail)] };
    }
    const from = error.location.start.offset;
    const to = Math.max(from, error.location.end.offset);
    const diagnostic = error.expected === null || error.expected === undefined
      ? coded(error.message, locOf(from, to), text.slice(from, to))
      : humaniseSyntaxError(error.expected, text, locOf(from, from));
    return { scenario: null, diagnostics: [diagnostic] };
  }
}
