// The rules language: parse, check, diagnostics and the AST types.
export { parse, KEYWORDS, type ParseResult } from './parse/index.ts';
export { checkFile, passes, type CheckPass } from './check/index.ts';
export {
  formatDiagnostic, formatDiagnosticsJson, sortDiagnostics, DIAGNOSTIC_CODES,
  type Diagnostic, type DiagnosticNote, type DiagnosticCode, type Severity,
} from './diagnostics/index.ts';
export { formatRules, formatScenario, formatSource, type SourceKind } from './fmt/index.ts';
export type * from './ast/index.ts';
