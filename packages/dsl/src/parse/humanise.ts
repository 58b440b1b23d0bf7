// Turns a Peggy syntax error into a coded, readable diagnostic ("expected a statement or "}", found "draw"").
import type { Loc } from '../ast/loc.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import * as d from '../diagnostics/catalogue.ts';
import type { Expectation } from '../grammar/generated/rules.js';
import { KEYWORDS } from './keywords.ts';

const STATEMENT_WORDS = new Set([
  'move', 'deal', 'flip', 'shuffle', 'turn', 'refill', 'lay', 'set', 'add', 'subtract', 'let', 'if',
  'for', 'repeat', 'end', 'keep', 'skip', 'reverse', 'next', 'close', 'open', 'pause', 'announce', 'require',
].map(quote));
const ITEM_WORDS = new Set([
  'game', 'summary', 'players', 'option', 'remove', 'enum', 'card', 'deck', 'zone', 'var', 'player',
  'side', 'pile', 'die', 'sides', 'roles', 'meld', 'define', 'procedure', 'constraint', 'rounds', 'stage', 'window',
  'action', 'before', 'when', 'winner', 'layout',
].map(quote));
const EXPRESSION_STARTS = new Set([
  'a number', 'a duration', 'a string', 'a card face', '"("', '"["', '"-"', ...[
    'not', 'top', 'bottom', 'count', 'sum', 'any', 'all', 'exists', 'first', 'last', 'max', 'min',
    'if', 'true', 'false', 'none', 'me', 'current', 'dealer', 'players', 'sides', 'my', 'now',
    'elapsed', 'round', 'next', 'left', 'right', 'side', 'player', 'position', 'roll', 'random', 'deck', 'new',
  ].map(quote),
]);
const OPERATORS = new Set([
  '.', '(', 'or', 'and', '==', '!=', '<', '<=', '>', '>=', 'in', 'intersects', 'is', '+', '-',
  'without', '*', '/', 'mod', '?', '|', '..',
].map(quote));

function quote(text: string): string {
  return JSON.stringify(text);
}

function describe(e: Expectation): string | null {
  switch (e.type) {
    case 'literal': return quote(e.text);
    case 'other': return e.description === 'whitespace' ? null : e.description;
    case 'end': return 'end of input';
    case 'any': return 'any character';
    case 'class': return null; // only inside tokens, which are named rules
  }
}

/** Replaces the members of `group` by `label` when at least `min` of them are expected. */
function collapse(labels: Set<string>, group: Set<string>, label: string, min: number): boolean {
  const present = [...labels].filter((l) => group.has(l));
  if (present.length < min) return false;
  for (const l of present) labels.delete(l);
  labels.add(label);
  return true;
}

function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? 'something else') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** The token at `offset`, as the author wrote it (a word, a number, a string or one character). */
export function tokenAt(source: string, offset: number): string | null {
  if (offset >= source.length) return null;
  if (source[offset] === '\n' || source[offset] === '\r') return 'end of line';
  const m = /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+(?:\.[0-9]+)?[A-Za-z_0-9]*|"[^"\n]*"?|\S)/.exec(source.slice(offset, offset + 200));
  return m ? m[0] : null;
}

/** Builds the diagnostic for a failure at `loc.start` with Peggy's expectation list. */
export function humaniseSyntaxError(expected: Expectation[], source: string, loc: Loc): Diagnostic {
  const labels = new Set(expected.map(describe).filter((l): l is string => l !== null));
  labels.delete('";"'); // an optional separator: never what the author is missing
  // Point at the next token, not at the blank before it (same line only, to keep the excerpt).
  const skip = /^[ \t]*/.exec(source.slice(loc.start.offset, loc.start.offset + 200))?.[0].length ?? 0;
  const start = { ...loc.start, offset: loc.start.offset + skip, col: loc.start.col + skip };
  const token = tokenAt(source, start.offset);
  const end = token === null ? start : { ...start, offset: start.offset + token.length, col: start.col + token.length };
  const at: Loc = { file: loc.file, start, end };
  const hasName = labels.has('a name');
  // Expressions first: their starters (`players`, `if`, `next` …) overlap the other groups.
  if (hasName) collapse(labels, new Set([...EXPRESSION_STARTS, 'a name']), 'an expression', 4);
  const statements = collapse(labels, STATEMENT_WORDS, 'a statement', 3);
  if (statements) labels.delete('a name'); // a procedure call is a statement
  collapse(labels, ITEM_WORDS, 'a declaration', 3);
  if (token !== null && hasName && !statements && KEYWORDS.has(token) && !labels.has(quote(token))) {
    return d.keywordAsName(at, token);
  }
  const operators = [...labels].filter((l) => OPERATORS.has(l));
  if (operators.length > 0 && operators.length < labels.size) for (const o of operators) labels.delete(o);
  else if (operators.length > 2) collapse(labels, OPERATORS, 'an operator', 1);
  const groups = ['a declaration', 'a statement', 'an expression'];
  const ordered = [
    ...groups.filter((g) => labels.has(g)),
    ...[...labels].filter((l) => !groups.includes(l) && l.startsWith('"')).sort(),
    ...[...labels].filter((l) => !groups.includes(l) && !l.startsWith('"')).sort(),
  ];
  const found = token === null ? 'end of input' : token === 'end of line' ? token : quote(token);
  return d.syntaxError(token === 'end of line' ? { ...at, end: start } : at, list(ordered), found);
}
