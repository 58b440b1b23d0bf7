// Finds the rule file a scenario (or `decksmith play`) names: a game id or a path.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/**
 * The rule file of game `id` under `root`: `games/<id>/<id>.rules`, else a variant file
 * `games/*\/<id>.rules`. Returns the absolute path, or null with the places looked at.
 */
export function ruleFileOfId(root: string, id: string): { path: string | null; tried: string[] } {
  const own = join(root, 'games', id, `${id}.rules`);
  if (existsSync(own)) return { path: own, tried: [] };
  const games = join(root, 'games');
  if (existsSync(games)) {
    for (const dir of readdirSync(games).sort()) {
      const candidate = join(games, dir, `${id}.rules`);
      if (statSync(join(games, dir)).isDirectory() && existsSync(candidate)) return { path: candidate, tried: [] };
    }
  }
  return { path: null, tried: [`games/${id}/${id}.rules`, `games/*/${id}.rules`] };
}

/**
 * A quoted rule-file path: relative to the scenario's folder first, then to the working
 * directory and the repository root.
 */
export function ruleFileOfPath(root: string, path: string, fromFile: string | null): { path: string | null; tried: string[] } {
  if (isAbsolute(path)) return existsSync(path) ? { path, tried: [] } : { path: null, tried: [path] };
  const candidates = [...(fromFile === null ? [] : [resolve(dirname(fromFile), path)]), resolve(path), resolve(root, path)];
  for (const c of candidates) if (existsSync(c)) return { path: c, tried: [] };
  return { path: null, tried: [...new Set(candidates)] };
}
