// Prints diagnostics as text with a caret excerpt (house style), or as JSON.
import type { Diagnostic } from './diagnostic.ts';

/**
 * Formats one diagnostic the way the house style shows it. `source` is the text of
 * `diagnostic.file`; without it the excerpt is left out.
 *
 * @example
 * formatDiagnostic(d, text);
 * // error[zone_undefined]: zone "discard" is not defined
 * //  --> games/super-taki/super-taki.rules:14:26
 * //    |
 * // 14 |   move card from hand to discard
 * //    |                          ^^^^^^^
 */
export function formatDiagnostic(diagnostic: Diagnostic, source?: string): string {
  const d = diagnostic;
  const out = [`${d.severity}[${d.code}]: ${d.message}`, ` --> ${d.file}:${d.line}:${d.col}`];
  const lineText = source === undefined ? undefined : source.split('\n')[d.line - 1];
  if (lineText !== undefined) {
    const text = lineText.replace(/\r$/, '');
    const number = String(d.line);
    const pad = ' '.repeat(number.length + 1);
    const start = Math.min(d.col - 1, text.length);
    const end = d.endLine === d.line ? Math.min(d.endCol - 1, text.length) : text.length;
    // Keep tabs in the lead so the carets line up under the same characters.
    const lead = text.slice(0, start).replace(/[^\t]/g, ' ');
    out.push(`${pad}|`, `${number} | ${text}`, `${pad}| ${lead}${'^'.repeat(Math.max(1, end - start))}`);
  }
  for (const note of d.notes) {
    out.push(`note: ${note.message}`);
    if (note.file !== undefined && note.line !== undefined) {
      out.push(` --> ${note.file}:${note.line}${note.col === undefined ? '' : `:${note.col}`}`);
    }
  }
  return out.join('\n');
}

/** The `--format json` output: the diagnostic objects themselves, as a JSON array. */
export function formatDiagnosticsJson(diagnostics: readonly Diagnostic[]): string {
  return JSON.stringify(diagnostics, null, 2);
}
