// A scenario file's syntax: the grammar's `Scenario` start rule, its error as a diagnostic.
// (The runner's parser lives in @decksmith/cli, which depends on this package: not imported.)
import type { Loc, Position } from '@decksmith/dsl/ast/loc.ts';
import type { ScenarioAst } from '@decksmith/dsl/ast/scenario.ts';
import * as d from '@decksmith/dsl/diagnostics/catalogue.ts';
import type { Diagnostic } from '@decksmith/dsl/diagnostics/diagnostic.ts';
import { parse as peggyParse, SyntaxError as PeggySyntaxError } from '@decksmith/dsl/grammar/generated/rules.js';
import { humaniseSyntaxError } from '@decksmith/dsl/parse/humanise.ts';
import { lineStartsOf } from '@decksmith/dsl/parse/top-level.ts';

function position(lineStarts: readonly number[], offset: number): Position {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((lineStarts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { offset, line: lo + 1, col: offset - (lineStarts[lo] ?? 0) + 1 };
}

/** Parses a scenario file; never throws (a syntax error is its one diagnostic). */
export function parseScenario(text: string, file: string): { scenario: ScenarioAst | null; diagnostics: Diagnostic[] } {
  const lineStarts = lineStartsOf(text);
  const locOf = (start: number, end: number): Loc => ({ file, start: position(lineStarts, start), end: position(lineStarts, end) });
  try {
    return { scenario: peggyParse(text, { startRule: 'Scenario', file, lineStarts, source: text }) as ScenarioAst, diagnostics: [] };
  } catch (error) {
    if (!(error instanceof PeggySyntaxError)) {
      return { scenario: null, diagnostics: [d.internalError(locOf(0, 0), error instanceof Error ? error.message : String(error))] };
    }
    const from = error.location.start.offset;
    const to = Math.max(from, error.location.end.offset);
    const m = /^\[([a-z_]+)\] (.*)$/s.exec(error.message);
    const diagnostic = error.expected === null || error.expected === undefined
      ? m?.[1] === 'string_unterminated' ? d.stringUnterminated(locOf(from, to))
        : m?.[1] === 'duration_invalid' ? d.durationInvalid(locOf(from, to), text.slice(from, to))
          : m?.[1] === 'clause_duplicate' ? d.clauseDuplicate(locOf(from, to), m[2] ?? error.message)
            : d.internalError(locOf(from, to), error.message)
      : humaniseSyntaxError(error.expected, text, locOf(from, from));
    return { scenario: null, diagnostics: [diagnostic] };
  }
}
