// Lays a file out line by line: indentation from the brackets open at each line, continuation
// lines kept at their depth past the block's first line, blank lines collapsed, spacing normalised.
import { TOP_LEVEL_WORDS } from '../parse/top-level.ts';
import { gapBetween } from './spacing.ts';
import { indentOf, lineTokens, type LineToken } from './tokens.ts';

/**
 * The brackets opened on one line and still open: one indentation level, however many. A block
 * (the line ends with its opener) indents its lines one step past the statement that opened it;
 * a bracket followed by more on its line keeps its lines where the author aligned them.
 * `ref` is the written indentation of the block's current statement, `last` its last code line.
 */
type Frame =
  | { readonly mode: 'block'; readonly base: number; ref: number | null; last: readonly LineToken[]; open: number }
  | { readonly mode: 'aligned'; readonly anchor: number; readonly written: number; open: number };

const OPEN = new Set(['{', '(', '[']);
const CLOSE = new Set(['}', ')', ']']);
const INDENT = 2;

/** Words that go on with the line before (`require … ⏎ else …`, `action … ⏎ by …`). */
const GOES_ON = new Set([
  'and', 'or', 'else', 'then', 'by', 'during', 'races', 'rate', 'once', 'where', 'with', 'except',
  'keeping', 'over', 'into', 'to', 'from', 'of', 'in', 'is', 'mod', 'without', 'intersects',
]);
/** Words and marks after which a line is not finished. */
const UNFINISHED = new Set([...GOES_ON, 'not', 'if', 'when', 'each', 'for', 'let', 'set', 'add', 'subtract', 'move']);
/** Words that begin an item of a rule or scenario file: at the top, never a continuation. */
const ITEM_WORDS = new Set<string>([...TOP_LEVEL_WORDS, 'scenario', 'seed', 'arrange', 'expect', 'at', 'together']);
const OPERATORS = new Set(['=', '==', '!=', '<=', '>=', '<', '>', '+', '-', '*', '/', '..', '|', '.', ',', ':', '×']);

function code(tokens: readonly LineToken[]): LineToken[] {
  return tokens.filter((t) => t.kind !== 'comment');
}

/** Whether the line goes on with the statement of the line before it (same block). */
function continues(tokens: readonly LineToken[], before: readonly LineToken[]): boolean {
  const first = tokens[0]!;
  const last = code(before).at(-1);
  if (last === undefined) return false;
  if (last.kind === 'punct' && last.text === '}') return false;
  if (first.kind === 'string') return true;
  if (first.kind === 'punct' ? OPERATORS.has(first.text) : first.kind === 'word' && GOES_ON.has(first.text)) return true;
  return last.kind === 'punct' ? OPERATORS.has(last.text) : last.kind === 'word' && UNFINISHED.has(last.text);
}

/** Whether the last bracket left open on the line ends the line (comments aside). */
function opensBlock(tokens: readonly LineToken[]): boolean {
  const last = code(tokens).at(-1);
  return last !== undefined && last.kind === 'punct' && OPEN.has(last.text);
}

function joinTokens(tokens: readonly LineToken[]): string {
  let out = tokens[0]!.text;
  for (let i = 1; i < tokens.length; i++) out += gapBetween(tokens[i - 1]!, tokens[i]!) + tokens[i]!.text;
  return out;
}

/** The indentation of a line, and where its statement starts (the base for a block it opens). */
function place(top: Frame, tokens: readonly LineToken[], written: number): { indent: number; statement: number } {
  const first = tokens[0]!;
  if (top.mode === 'aligned') {
    const indent = top.anchor + Math.max(0, written - top.written);
    return { indent, statement: indent };
  }
  if (first.kind === 'punct' && CLOSE.has(first.text)) {
    const indent = Math.max(0, top.base - INDENT);
    return { indent, statement: indent };
  }
  const item = top.base === 0 && first.kind === 'word' && ITEM_WORDS.has(first.text);
  if (top.ref !== null && !item && continues(tokens, top.last)) {
    return { indent: top.base + Math.max(0, written - top.ref), statement: top.base };
  }
  top.ref = written;
  return { indent: top.base, statement: top.base };
}

/**
 * Lays out the lines; returns them without blank-line clean-up. A line of only a comment is
 * indented as the code line after it, or as the lines of its block when the block closes next.
 */
function layoutLines(lines: readonly string[]): string[] {
  const frames: Frame[] = [{ mode: 'block', base: 0, ref: null, last: [], open: 0 }];
  const out: string[] = [];
  let comments: number[] = []; // lines of only a comment, waiting for the next code line
  const placeComments = (indent: number) => {
    for (const i of comments) out[i] = ' '.repeat(indent) + out[i]!;
    comments = [];
  };
  for (const line of lines) {
    const tokens = lineTokens(line);
    if (tokens.length === 0) { out.push(''); continue; }
    if (tokens[0]!.kind === 'comment') { comments.push(out.length); out.push(tokens[0]!.text); continue; }
    const top = frames[frames.length - 1]!;
    const { indent, statement } = place(top, tokens, indentOf(line));
    const first = tokens[0]!;
    placeComments(first.kind === 'punct' && CLOSE.has(first.text) && top.mode === 'block' ? top.base : indent);
    let opened = 0;
    for (const t of tokens) {
      if (t.kind !== 'punct') continue;
      if (OPEN.has(t.text)) opened++;
      else if (CLOSE.has(t.text)) {
        if (opened > 0) opened--;
        else if (frames.length > 1) {
          const f = frames[frames.length - 1]!;
          if (--f.open === 0) frames.pop();
        }
      }
    }
    const home = frames[frames.length - 1]!;
    if (home.mode === 'block') home.last = tokens;
    if (opened > 0) {
      frames.push(opensBlock(tokens)
        ? { mode: 'block', base: statement + INDENT, ref: null, last: [], open: opened }
        : { mode: 'aligned', anchor: indent, written: indentOf(line), open: opened });
    }
    out.push(' '.repeat(indent) + joinTokens(tokens));
  }
  const top = frames[frames.length - 1]!;
  placeComments(top.mode === 'block' ? top.base : top.anchor);
  return out;
}

/** Blank lines: none at the ends, none just inside a block, at most one in a row. */
function collapseBlankLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    if (line === '') {
      const prev = out[out.length - 1];
      if (prev === undefined || prev === '' || /[{([]$/.test(prev) && !prev.trimStart().startsWith('#')) continue;
      out.push(line);
    } else {
      if (/^\s*[})\]]/.test(line) && out[out.length - 1] === '') out.pop();
      out.push(line);
    }
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}

function layoutOnce(text: string): string {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const laid = collapseBlankLines(layoutLines(lines));
  return laid.length === 0 ? '' : laid.join('\n') + '\n';
}

/**
 * Formats the text of a rule or scenario file (both share the lexical rules). Laid out again
 * until nothing moves (a re-indented line can stop being aligned with its neighbour), so the
 * result is a fixed point: formatting it again changes nothing.
 */
export function layout(text: string): string {
  let out = layoutOnce(text);
  for (let i = 0; i < 4; i++) {
    const again = layoutOnce(out);
    if (again === out) break;
    out = again;
  }
  return out;
}
