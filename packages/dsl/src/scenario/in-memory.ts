// A GameFinder over rule files held in memory (a studio draft's files): a scenario's `for <id>`
// is the rule file whose `game` line declares that id (or that is named `<id>.rules`); a quoted
// path is a file name, relative to the scenario's folder (`../my-game.rules`) or to the draft.
import type { LoadBase } from '../check/index.ts';
import type { GameFinder } from './run-set.ts';

export interface MemoryFile {
  name: string;
  text: string;
}

/** The game id a rule file declares on its `game` line (the first such line), or null. */
export function declaredGameId(text: string): string | null {
  return /^\s*game\s+([a-z0-9]+(?:-[a-z0-9]+)*)\b/m.exec(text)?.[1] ?? null;
}

/** Joins a relative posix path onto a folder, resolving `.` and `..` (never above the top: null then). */
function joinPosix(folder: string, path: string): string | null {
  const parts = folder === '' ? [] : folder.split('/');
  for (const p of path.split('/')) {
    if (p === '' || p === '.') continue;
    if (p === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(p);
  }
  return parts.join('/');
}

/**
 * Finds games among `files` (only `.rules` files count). `fallback` loads a variant's base that
 * is not among them (the server passes the repository's games).
 *
 * @example
 * const finder = memoryGames([{ name: 'my-game.rules', text }]);
 * finder.find({ kind: 'id', id }, 'scenarios/basic.scenario'); // { path: 'my-game.rules', tried: [] }
 */
export function memoryGames(files: readonly MemoryFile[], fallback: LoadBase = () => null): GameFinder {
  const rules = files.filter((f) => f.name.endsWith('.rules'));
  const byId = (id: string): MemoryFile | undefined => rules.find((f) => declaredGameId(f.text) === id) ?? rules.find((f) => f.name === `${id}.rules`);
  return {
    find(game, fromFile) {
      if (game.kind === 'id') {
        const f = byId(game.id.text);
        return f ? { path: f.name, tried: [] } : { path: null, tried: [`a rule file of the draft whose game line says "game ${game.id.text}"`] };
      }
      const folder = fromFile.includes('/') ? fromFile.slice(0, fromFile.lastIndexOf('/')) : '';
      const candidates = [...new Set([joinPosix(folder, game.path.value), joinPosix('', game.path.value)].filter((c): c is string => c !== null))];
      const f = rules.find((r) => candidates.includes(r.name));
      return f ? { path: f.name, tried: [] } : { path: null, tried: candidates.length > 0 ? candidates : [game.path.value] };
    },
    read(path) {
      const own = rules.find((f) => f.name === path)!;
      const texts = new Map([[own.name, own.text]]);
      const loadBase: LoadBase = (id, fromFile) => {
        const f = byId(id);
        const base = f && f.name !== own.name ? { file: f.name, text: f.text } : fallback(id, fromFile);
        if (base) texts.set(base.file, base.text);
        return base;
      };
      return { file: own.name, text: own.text, texts, loadBase };
    },
  };
}
