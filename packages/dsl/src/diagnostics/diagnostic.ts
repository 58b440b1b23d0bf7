// The Diagnostic value every compiler stage returns, and helpers to build one from a source span.
import type { Loc } from '../ast/loc.ts';

export type Severity = 'error' | 'warning';

/** A secondary location or remark attached to a diagnostic ("zones are declared here"). */
export interface DiagnosticNote {
  message: string;
  file?: string;
  line?: number;
  col?: number;
}

/**
 * A problem found in a rule file. Lines and columns are 1-based; `endLine`/`endCol` are
 * exclusive (the caret excerpt underlines `col` up to `endCol`). `--format json` prints these
 * objects as they are.
 */
export interface Diagnostic {
  code: string;
  severity: Severity;
  message: string;
  file: string;
  line: number;
  col: number;
  endLine: number;
  endCol: number;
  notes: DiagnosticNote[];
}

/** Builds a diagnostic located at `loc`. */
export function diagnosticAt(
  code: string,
  severity: Severity,
  message: string,
  loc: Loc,
  notes: DiagnosticNote[] = [],
): Diagnostic {
  return {
    code,
    severity,
    message,
    file: loc.file,
    line: loc.start.line,
    col: loc.start.col,
    endLine: loc.end.line,
    endCol: loc.end.col,
    notes,
  };
}

/** A note pointing at `loc` ("first declared here"). */
export function noteAt(message: string, loc: Loc): DiagnosticNote {
  return { message, file: loc.file, line: loc.start.line, col: loc.start.col };
}

/** Sorts diagnostics by file, then position (stable for equal positions). */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.col - b.col,
  );
}
