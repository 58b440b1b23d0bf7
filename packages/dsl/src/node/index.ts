// The compiler's Node edge: reads rule files from disk and imports compiled modules. The rest of
// the compiler (the package's main entry) touches no file system and runs in a browser worker too.
export { compileRulesFile, findRoot, toPosix, type CompiledFile } from './pipeline.ts';
export { compileRulesInMemory, importCompiled, type InMemoryResult } from './compile-in-memory.ts';
export { describeFound, findRuleFiles } from './find-rules.ts';
export { loadProbedGame } from './load-probed-game.ts';
export { runScenarioTexts, runScenarios, scenarioDeps } from './run-scenarios.ts';
