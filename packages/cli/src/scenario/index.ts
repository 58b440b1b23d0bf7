// `decksmith scenario`'s file side: finds scenario files, reads them, and finds the games they
// name on disk; the runner itself (plan, probes, run) is @decksmith/dsl's (src/scenario/).
import { readFileSync } from 'node:fs';
import { findFiles } from '@decksmith/dsl/node/find-rules.ts';
import { runScenarios } from '@decksmith/dsl/node/run-scenarios.ts';
import type { GameFinder, ScenarioRun } from '@decksmith/dsl/scenario/index.ts';
import { readGameSource } from './read-game-source.ts';
import { ruleFileOfId, ruleFileOfPath } from './game-file.ts';

export { parseScenario } from '@decksmith/dsl/parse/parse-scenario.ts';
export type { ScenarioResult, ScenarioRun, ScenarioStatus } from '@decksmith/dsl/scenario/index.ts';

/** The scenario files of the arguments (folders recursively, as games are found), or the first path that does not exist. */
export function collectScenarioFiles(paths: readonly string[]): string[] | { missing: string } {
  return findFiles(paths, '.scenario');
}

/** Games on disk: an id under `root`'s games/, a quoted path beside the scenario, in the working directory or under `root`. */
function diskGames(root: string): GameFinder {
  return {
    find: (g, fromFile) => (g.kind === 'id' ? ruleFileOfId(root, g.id.text) : ruleFileOfPath(root, g.path.value, fromFile)),
    read: (path) => readGameSource(root, path),
  };
}

/**
 * Runs scenario files (paths as given; `root` is the repository root where game ids are
 * looked up). Never throws for an author's mistake: a broken file is a result with diagnostics.
 *
 * @example
 * const { results, texts } = await runScenarioFiles(['games/super-taki/scenarios'], findRoot());
 */
export async function runScenarioFiles(files: readonly string[], root: string): Promise<ScenarioRun> {
  return runScenarios(files.map((name) => ({ name, text: readFileSync(name, 'utf8') })), diskGames(root));
}
