// Public API of the Decksmith rules language (parser, checker, codegen land with the language issue).
export { createProgram } from './cli/program.ts';
// The rules language: parse, check, diagnostics and the AST types.
export { parse, KEYWORDS, type ParseResult } from './parse/index.ts';
export { checkFile, passes, type CheckPass } from './check/index.ts';
export {
  formatDiagnostic, formatDiagnosticsJson, sortDiagnostics, DIAGNOSTIC_CODES,
  type Diagnostic, type DiagnosticNote, type DiagnosticCode, type Severity,
} from './diagnostics/index.ts';
export type * from './ast/index.ts';
// An author's rule file compiled in memory (for `play`, `serve --games` and tools).
export { compileRulesInMemory, importCompiled, type InMemoryResult } from './cli/compile-in-memory.ts';
