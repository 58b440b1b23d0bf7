// The catalogue of diagnostics: one typed constructor per code, every message written here.
//
// Diagnostic codes are STABLE PUBLIC API: tools, tests and authors match on them. Never rename
// or reuse a code; add a new one instead. Codes are snake_case, subject first.
import type { Loc } from '../ast/loc.ts';
import { CHECK_CHOICE_CODES } from './check-choices.ts';
import { CHECK_DECLARATION_CODES } from './check-declarations.ts';
import { CHECK_LITERAL_CODES } from './check-literals.ts';
import { CHECK_NAME_CODES } from './check-names.ts';
import { CHECK_TYPE_CODES } from './check-types.ts';
import { CHECK_USAGE_CODES } from './check-usage.ts';
import { CHECK_VALUE_CODES } from './check-values.ts';
import { diagnosticAt, noteAt, type Diagnostic } from './diagnostic.ts';

/** The checker's codes (constructors in check-names/-types/-declarations/-usage/-literals.ts). */
export const CHECK_CODES = [...CHECK_NAME_CODES, ...CHECK_TYPE_CODES, ...CHECK_DECLARATION_CODES, ...CHECK_USAGE_CODES, ...CHECK_LITERAL_CODES, ...CHECK_VALUE_CODES, ...CHECK_CHOICE_CODES] as const;

/** Every code in the catalogue, for listings and tests: the parser's, then the checker's. */
export const DIAGNOSTIC_CODES = [
  'syntax_error',
  'string_unterminated',
  'string_escape_invalid',
  'duration_invalid',
  'keyword_as_name',
  'clause_duplicate',
  'internal_error',
  'declaration_duplicate',
  ...CHECK_CODES,
] as const;

export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];

// ─── parse ───────────────────────────────────────────────────────────────────

/** `expected a statement or "}", found "draw"` */
export function syntaxError(loc: Loc, expected: string, found: string): Diagnostic {
  return diagnosticAt('syntax_error', 'error', `expected ${expected}, found ${found}`, loc);
}

/** A `"` with no closing `"` on the same line. */
export function stringUnterminated(loc: Loc): Diagnostic {
  return diagnosticAt('string_unterminated', 'error', 'this string is not closed before the end of the line', loc, [
    { message: 'strings end on the line they start; write \\" for a quote inside a string' },
  ]);
}

/** `\n` or another escape that the language does not have. */
export function stringEscapeInvalid(loc: Loc, escape: string): Diagnostic {
  return diagnosticAt('string_escape_invalid', 'error', `"${escape}" is not an escape in a string`, loc, [
    { message: 'the only escapes are \\" and \\\\; write {{ for a literal {' },
  ]);
}

/** `4m`, `2sec`, `1.0005s`. */
export function durationInvalid(loc: Loc, raw: string): Diagnostic {
  return diagnosticAt('duration_invalid', 'error', `"${raw}" is not a valid number or duration`, loc, [
    { message: 'durations are whole milliseconds written as 4s, 0.75s or 300ms' },
  ]);
}

/** A reserved word where a name is expected: `zone end: pile, hidden`. */
export function keywordAsName(loc: Loc, word: string): Diagnostic {
  return diagnosticAt('keyword_as_name', 'error', `"${word}" is a reserved word and cannot be used as a name`, loc, [
    { message: 'the reserved words are listed in docs/language.md, section 1' },
  ]);
}

/** A clause given twice: `rounds { count 3  count 4 }`, `action a by current by any player`. */
export function clauseDuplicate(loc: Loc, detail: string): Diagnostic {
  return diagnosticAt('clause_duplicate', 'error', detail, loc);
}

/** A bug in Decksmith itself, reported rather than thrown so that a caller never crashes. */
export function internalError(loc: Loc, detail: string): Diagnostic {
  return diagnosticAt('internal_error', 'error', `internal error in the decksmith parser: ${detail}`, loc, [
    { message: 'this is a bug in decksmith, not in the rule file; please report it' },
  ]);
}

// ─── check ───────────────────────────────────────────────────────────────────

/**
 * A name declared twice in one namespace (`zone hand` twice; a zone and an option both called
 * `hand`), or a once-only item given twice (`name` null: `players`, `rounds` …).
 */
export function declarationDuplicate(loc: Loc, what: string, name: string | null, first: Loc, firstWhat: string): Diagnostic {
  if (name === null) {
    return diagnosticAt('declaration_duplicate', 'error', `"${what}" is given twice`, loc, [noteAt('it is first given here', first)]);
  }
  const message = what === firstWhat
    ? `${what} "${name}" is declared twice`
    : `${what} "${name}" has the same name as ${firstWhat} "${name}"`;
  return diagnosticAt('declaration_duplicate', 'error', message, loc, [
    noteAt(`the first declaration of "${name}" is here`, first),
  ]);
}
