// The space between two tokens of a line: one space or none where the house style is clear,
// the author's choice where it is not (a call's parenthesis, unary minus, '..', '/').
import type { LineToken } from './tokens.ts';

/** Operators written with one space on each side. */
const SPACED = new Set(['=', '==', '!=', '<=', '>=', '<', '>', '+', '*', '×', '|']);
const OPENERS = new Set(['(', '[']);
const CLOSERS = new Set([')', ']', ',', ';', ':', '?']);

/**
 * The whitespace to write before `next` (which follows `prev` on the same line). A gap of two
 * or more spaces is the author's: column alignment, or two statements on one line.
 */
export function gapBetween(prev: LineToken, next: LineToken): string {
  const p = prev.kind === 'punct' ? prev.text : '';
  const n = next.kind === 'punct' ? next.text : '';
  if (next.kind !== 'comment' && (CLOSERS.has(n) || OPENERS.has(p))) return '';
  if (next.gap >= 2) return ' '.repeat(next.gap);
  if (next.kind === 'comment') return ' ';
  if (p === ',' || p === ':' || p === ';') return ' ';
  if (SPACED.has(p) || SPACED.has(n)) return ' ';
  if (n === '{' || p === '{' || n === '}') return ' ';
  if (p === '}' && next.kind === 'word') return ' ';
  return next.gap > 0 ? ' ' : '';
}
