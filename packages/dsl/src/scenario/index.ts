// The scenario runner, game-agnostic and without a file system: plan a parsed scenario against a
// checked game, compile its expressions as probes, run it on the runtime. `decksmith scenario`
// feeds it files from disk; the server feeds it a draft's files in its compiler thread.
export { runScenarioSet, type GameFinder, type ScenarioDeps, type ScenarioResult, type ScenarioRun, type ScenarioStatus } from './run-set.ts';
export { memoryGames, declaredGameId, type MemoryFile } from './in-memory.ts';
export { checkWithProbes, typeNode, type GameSource, type LoadGame, type LoadedGame, type Probe } from './probes.ts';
export type { Runtime } from './runtime.ts';
