// The formatter: rule and scenario files to their canonical layout. Pure text to text (no file
// system), so the browser studio uses it as the CLI and the language server do.
import { layout } from './layout.ts';

/** Which kind of file a text is. */
export type SourceKind = 'rules' | 'scenario';

/**
 * A rule file in its canonical layout: two-space indentation by bracket depth, continuation
 * lines kept one step in, single spaces around operators and after commas, column alignment
 * (two or more spaces) kept, comments kept, at most one blank line in a row. Only whitespace
 * changes, and never a line break, so the file parses to the same tree. Idempotent.
 * @example formatRules('zone  hand :per player,hidden\n') // 'zone hand: per player, hidden\n'
 */
export function formatRules(text: string): string {
  return layout(text);
}

/** A scenario file in its canonical layout (the same rules as {@link formatRules}). */
export function formatScenario(text: string): string {
  return layout(text);
}

/** Formats a file of the given kind. */
export function formatSource(text: string, kind: SourceKind): string {
  return kind === 'rules' ? formatRules(text) : formatScenario(text);
}
