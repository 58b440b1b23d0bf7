// The parse phase: source text to AST plus syntax diagnostics.
export { parse, type ParseResult } from './parse.ts';
export { KEYWORDS } from './keywords.ts';
