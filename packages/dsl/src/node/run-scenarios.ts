// Runs scenarios on Node: the runtime module (the instance compiled games import) and the probed
// game loader, for `decksmith scenario` (files from disk) and the server's compiler thread (a
// draft's files in memory, `runScenarioTexts`).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNTIME_MODULE } from '../codegen/index.ts';
import { memoryGames, type MemoryFile } from '../scenario/in-memory.ts';
import { runScenarioSet, type GameFinder, type ScenarioDeps, type ScenarioRun } from '../scenario/run-set.ts';
import type { LoadGame } from '../scenario/probes.ts';
import type { Runtime } from '../scenario/runtime.ts';
import { loadProbedGame } from './load-probed-game.ts';
import { findRoot, toPosix } from './pipeline.ts';

let runtime: Runtime | null = null;

/** The runtime module and the loader the scenario runner needs on Node. */
export async function scenarioDeps(): Promise<ScenarioDeps> {
  // A variable specifier: the same module instance generated games import.
  const spec: string = RUNTIME_MODULE;
  runtime ??= (await import(spec)) as Runtime;
  return { runtime, load: loadProbedGame };
}

/** Runs scenario texts against games found by `finder`. */
export async function runScenarios(scenarios: readonly MemoryFile[], finder: GameFinder, options: ScenarioRunOptions = {}): Promise<ScenarioRun> {
  const deps = await scenarioDeps();
  const { fuel } = options;
  const load: LoadGame =
    fuel === undefined
      ? deps.load
      : async (model, probes) => {
          const loaded = await deps.load(model, probes);
          // The host's per-call budget (runtime core/fuel.ts), as its tables of the same game have.
          if ('def' in loaded) deps.runtime.setFuel(loaded.def, fuel);
          return loaded;
        };
  return runScenarioSet(scenarios.map((s) => ({ file: s.name, text: s.text })), finder, { ...deps, load });
}

/** How the games of a scenario run are hosted. */
export interface ScenarioRunOptions {
  /** Fuel per engine call of every game the scenarios load (a studio draft's: DRAFT_FUEL); unset, each game's own. */
  fuel?: number;
}

/**
 * Runs a draft's scenarios against its own rule files (all in memory; diagnostics name the
 * draft's file names). A variant's base not among them is looked up as a repository game
 * (`games/<id>/<id>.rules`), as the draft compiler does.
 *
 * @example
 * const run = await runScenarioTexts([{ name: 'scenarios/a.scenario', text }], [{ name: 'my-game.rules', text: rules }], { fuel: DRAFT_FUEL });
 */
export async function runScenarioTexts(scenarios: readonly MemoryFile[], rules: readonly MemoryFile[], options: ScenarioRunOptions = {}): Promise<ScenarioRun> {
  const root = findRoot(dirname(fileURLToPath(import.meta.url)));
  const repoGame = (id: string): { file: string; text: string } | null => {
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id)) return null;
    const path = join(root, 'games', id, `${id}.rules`);
    return existsSync(path) ? { file: toPosix(join('games', id, `${id}.rules`)), text: readFileSync(path, 'utf8') } : null;
  };
  return runScenarios(scenarios, memoryGames(rules, repoGame), options);
}
