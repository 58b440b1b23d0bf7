// parse(source, file): the rule file's AST and its syntax diagnostics, recovering after errors.
import type { FileAst, Item } from '../ast/file.ts';
import type { Loc, Position } from '../ast/loc.ts';
import * as d from '../diagnostics/catalogue.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { parse as peggyParse, SyntaxError as PeggySyntaxError } from '../grammar/generated/rules.js';
import { humaniseSyntaxError } from './humanise.ts';
import { lineStartsOf, topLevelStarts } from './top-level.ts';

/** The result of parsing one file: `file` is `null` only if the parser itself failed. */
export interface ParseResult {
  file: FileAst | null;
  diagnostics: Diagnostic[];
}

/** More syntax errors than this in one file are not reported (the rest is noise). */
const MAX_SYNTAX_ERRORS = 50;
/** A bound on parser runs during recovery, so that no input makes recovery quadratic. */
const MAX_ATTEMPTS = 400;

interface Context {
  source: string;
  file: string;
  lineStarts: number[];
}

type Attempt = { ok: true; items: Item[] } | { ok: false; offset: number; diagnostic: Diagnostic };

function position(ctx: Context, offset: number): Position {
  let lo = 0;
  let hi = ctx.lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((ctx.lineStarts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { offset, line: lo + 1, col: offset - (ctx.lineStarts[lo] ?? 0) + 1 };
}

function locOf(ctx: Context, start: number, end: number): Loc {
  return { file: ctx.file, start: position(ctx, start), end: position(ctx, end) };
}

/** Maps an error raised by the grammar's `error()` ("[code] message") to its catalogue entry. */
function customDiagnostic(ctx: Context, message: string, loc: Loc): Diagnostic {
  const m = /^\[([a-z_]+)\] (.*)$/s.exec(message);
  const code = m?.[1];
  const raw = ctx.source.slice(loc.start.offset, loc.end.offset);
  switch (code) {
    case 'string_unterminated': return d.stringUnterminated(loc);
    case 'string_escape_invalid': return d.stringEscapeInvalid(loc, raw.slice(-2));
    case 'duration_invalid': return d.durationInvalid(loc, raw);
    case 'clause_duplicate': return d.clauseDuplicate(loc, m?.[2] ?? message);
    default: return d.internalError(loc, message);
  }
}

/** Parses source[start, end) as a list of items. */
function attempt(ctx: Context, start: number, end: number): Attempt {
  try {
    const ast = peggyParse(ctx.source.slice(start, end), {
      file: ctx.file,
      baseOffset: start,
      lineStarts: ctx.lineStarts,
      source: ctx.source,
    }) as FileAst;
    return { ok: true, items: ast.items };
  } catch (error) {
    if (!(error instanceof PeggySyntaxError)) throw error;
    const from = start + error.location.start.offset;
    const to = start + error.location.end.offset;
    const diagnostic = error.expected === null || error.expected === undefined
      ? customDiagnostic(ctx, error.message, locOf(ctx, from, Math.max(from, to)))
      : humaniseSyntaxError(error.expected, ctx.source, locOf(ctx, from, from));
    return { ok: false, offset: from, diagnostic };
  }
}

/**
 * Recovery: the file is cut into chunks at lines starting (column 1) with a top-level keyword.
 * A chunk that fails at its very end may continue into the next (a `card` block inside `layout`),
 * so it is retried merged with the following chunks; otherwise its error is reported and parsing
 * resumes at the next chunk starting at or after the error.
 */
function recover(ctx: Context): { items: Item[]; diagnostics: Diagnostic[] } {
  const cuts = [...new Set([0, ...topLevelStarts(ctx.source), ctx.source.length])].sort((a, b) => a - b);
  const chunks = cuts.slice(0, -1).map((start, i) => ({ start, end: cuts[i + 1] ?? ctx.source.length }));
  if (chunks.length === 0) chunks.push({ start: 0, end: ctx.source.length });
  const items: Item[] = [];
  const diagnostics: Diagnostic[] = [];
  let attempts = 0;
  let i = 0;
  while (i < chunks.length && diagnostics.length < MAX_SYNTAX_ERRORS && attempts < MAX_ATTEMPTS) {
    const start = chunks[i]!.start;
    let first: Attempt | null = null;
    for (let j = i; ; j++) {
      const end = chunks[j]!.end;
      const result = attempt(ctx, start, end);
      attempts++;
      if (result.ok) {
        items.push(...result.items);
        i = j + 1;
        break;
      }
      const atEnd = result.offset >= end && result.diagnostic.code === 'syntax_error';
      if (atEnd && j + 1 < chunks.length && attempts < MAX_ATTEMPTS) {
        first ??= result;
        continue;
      }
      // Merging ran to the end of the file without closing the item: blame the first chunk.
      const report = atEnd && first !== null ? first : result;
      diagnostics.push(report.diagnostic);
      const offset = (report as { offset: number }).offset;
      let next = chunks.findIndex((c) => c.start >= offset);
      if (next === -1) next = chunks.length;
      i = Math.max(i + 1, next);
      break;
    }
  }
  return { items, diagnostics };
}

/**
 * Parses a rule file. Never throws: every problem is a diagnostic. After a syntax error, parsing
 * resumes at the next top-level item, so one run reports every broken item; the items that
 * parsed are kept in `file.items`.
 *
 * @example
 * const { file, diagnostics } = parse(text, 'games/super-taki/super-taki.rules');
 * for (const d of diagnostics) console.error(formatDiagnostic(d, text));
 */
export function parse(source: string, file: string): ParseResult {
  const ctx: Context = { source, file, lineStarts: lineStartsOf(source) };
  try {
    const whole = attempt(ctx, 0, source.length);
    const { items, diagnostics } = whole.ok ? { items: whole.items, diagnostics: [] } : recover(ctx);
    const ast: FileAst = { kind: 'file', file, items, loc: locOf(ctx, 0, source.length) };
    return { file: ast, diagnostics };
  } catch (error) {
    // Only a bug (or a stack overflow on absurd nesting) gets here; report it, never crash.
    const detail = error instanceof Error ? error.message : String(error);
    return { file: null, diagnostics: [d.internalError(locOf(ctx, 0, 0), detail)] };
  }
}
