// Splits one line of a rule or scenario file into the tokens the formatter lays out.
// Strings, card faces and comments are opaque: their text is never changed.

/** A token of one line; `gap` is the number of spaces or tabs before it as written. */
export interface LineToken {
  readonly kind: 'comment' | 'string' | 'word' | 'punct';
  readonly text: string;
  readonly gap: number;
  /** Where it starts on its line as written (0-based). */
  readonly col: number;
}

/** Punctuation read as one token: the longest first. */
const PUNCTUATION = ['==', '!=', '<=', '>=', '..', '{{', '}}'];

/** Ends a string or card face that starts at `from` (the quote); strings may hold `{…}`. */
function quotedEnd(line: string, from: number): number {
  const quote = line[from];
  let i = from + 1;
  let depth = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === '\\') { i += 2; continue; }
    if (quote === '"' && depth === 0 && (line.startsWith('{{', i) || line.startsWith('}}', i))) { i += 2; continue; }
    if (quote === '"' && c === '{') depth++;
    else if (quote === '"' && c === '}' && depth > 0) depth--;
    else if (depth > 0 && (c === '"' || c === "'")) { i = quotedEnd(line, i); continue; }
    else if (c === quote && depth === 0) return i + 1;
    i++;
  }
  return line.length; // unterminated: the rest of the line (the parser reports it)
}

/**
 * Tokens of a line without its line break.
 * @example lineTokens('set x = 1  # one') // word set, word x, punct =, word 1, comment '# one' (gap 2)
 */
export function lineTokens(line: string): LineToken[] {
  const out: LineToken[] = [];
  let i = 0;
  while (i < line.length) {
    let gap = 0;
    while (i < line.length && (line[i] === ' ' || line[i] === '\t' || line[i] === '\r' || line[i] === '\uFEFF')) {
      gap += line[i] === ' ' || line[i] === '\t' ? 1 : 0;
      i++;
    }
    if (i >= line.length) break;
    const c = line[i]!;
    let end: number;
    let kind: LineToken['kind'];
    if (c === '#') { end = line.length; kind = 'comment'; }
    else if (c === '"' || c === "'") { end = quotedEnd(line, i); kind = 'string'; }
    else if (/[A-Za-z0-9_]/.test(c)) {
      end = i + 1;
      // Words run on through '.' between digits (2.5s) but not through '..' (2..5).
      while (end < line.length && (/[A-Za-z0-9_]/.test(line[end]!) || (line[end] === '.' && /[0-9]/.test(line[end - 1]!) && /[0-9]/.test(line[end + 1] ?? '') && /^[0-9.]+$/.test(line.slice(i, end))))) end++;
      kind = 'word';
    } else {
      const long = PUNCTUATION.find((p) => line.startsWith(p, i));
      end = i + (long?.length ?? 1);
      kind = 'punct';
    }
    out.push({ kind, text: kind === 'comment' ? line.slice(i, end).trimEnd() : line.slice(i, end), gap, col: i });
    i = end;
  }
  return out;
}

/** Leading whitespace of a line in columns (a tab counts as two). */
export function indentOf(line: string): number {
  let n = 0;
  for (const c of line) {
    if (c === ' ') n++;
    else if (c === '\t') n += 2;
    else if (c !== '\uFEFF') break;
  }
  return n;
}
