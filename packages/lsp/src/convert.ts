// Positions and diagnostics between the compiler (1-based lines and columns, offsets) and LSP (0-based).
import { pathToFileURL } from 'node:url';
import type { Loc } from '@decksmith/dsl/ast/loc.ts';
import type { Diagnostic } from '@decksmith/dsl/diagnostics/diagnostic.ts';
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic, type Range } from 'vscode-languageserver';

/** A compiler location as an LSP range. */
export function toRange(loc: Loc): Range {
  return {
    start: { line: loc.start.line - 1, character: loc.start.col - 1 },
    end: { line: loc.end.line - 1, character: loc.end.col - 1 },
  };
}

/**
 * A compiler diagnostic as an LSP one: its code and range, its notes as related information.
 * A diagnostic about another file (a variant's base) is shown on the first line, naming it.
 */
export function toLspDiagnostic(d: Diagnostic, file: string, uri: string): LspDiagnostic {
  const here = d.file === file;
  const range: Range = here
    ? { start: { line: d.line - 1, character: d.col - 1 }, end: { line: d.endLine - 1, character: Math.max(d.endCol - 1, d.col) } }
    : { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const uriOf = (f: string) => (f === file ? uri : pathToFileURL(f).href);
  return {
    range,
    severity: d.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    code: d.code,
    source: 'decksmith',
    message: here ? d.message : `${d.file}:${d.line}:${d.col}: ${d.message}`,
    relatedInformation: d.notes.filter((n) => n.file !== undefined && n.line !== undefined).map((n) => ({
      location: { uri: uriOf(n.file!), range: { start: { line: n.line! - 1, character: (n.col ?? 1) - 1 }, end: { line: n.line! - 1, character: (n.col ?? 1) - 1 } } },
      message: n.message,
    })),
  };
}
