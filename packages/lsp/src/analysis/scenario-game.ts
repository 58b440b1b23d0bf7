// The rule file a scenario is for (`for <game-id>` or `for "path"`), found on disk as the runner
// finds it, and analysed once per text (a few kept: bounded).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { ScenarioAst } from '@decksmith/dsl/ast/scenario.ts';
import type { LoadBase } from '@decksmith/dsl/check/index.ts';
import { findRoot } from '@decksmith/dsl/node/pipeline.ts';
import { analyseSafely, type Analysis } from './analyse.ts';

/** The rule file's path: `games/<id>/<id>.rules` or a variant `games/*\/<id>.rules` above the scenario, or the quoted path. */
export function gameFileOf(scenario: ScenarioAst, scenarioFile: string): string | null {
  const root = findRoot(dirname(scenarioFile));
  if (scenario.game.kind === 'id') {
    const id = scenario.game.id.text;
    const own = join(root, 'games', id, `${id}.rules`);
    if (existsSync(own)) return own;
    const games = join(root, 'games');
    if (!existsSync(games)) return null;
    for (const dir of readdirSync(games).sort()) {
      const candidate = join(games, dir, `${id}.rules`);
      if (statSync(join(games, dir)).isDirectory() && existsSync(candidate)) return candidate;
    }
    return null;
  }
  const path = scenario.game.path.value;
  if (isAbsolute(path)) return existsSync(path) ? path : null;
  return [resolve(dirname(scenarioFile), path), resolve(path), resolve(root, path)].find((c) => existsSync(c)) ?? null;
}

/** Analyses of rule files by path, for the text they were made from; at most `limit` kept. */
export function gameAnalyses(loadBase: LoadBase, limit = 8): (file: string) => Analysis {
  const cache = new Map<string, { text: string; analysis: Analysis }>();
  return (file) => {
    const text = readFileSync(file, 'utf8');
    const hit = cache.get(file);
    if (hit && hit.text === text) return hit.analysis;
    const analysis = analyseSafely(text, file, loadBase);
    cache.delete(file);
    cache.set(file, { text, analysis });
    while (cache.size > limit) cache.delete(cache.keys().next().value!);
    return analysis;
  };
}
