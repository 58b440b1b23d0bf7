// A game's README.md (its author's prose about the game) and its rule file, found beside the rule
// file or above its generated module; read once, bounded.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HostedGame } from '../games/types.ts';

/** Longer READMEs are cut here (the panel is a help text, not a book). */
export const README_MAX_BYTES = 64 * 1024;

const cache = new WeakMap<HostedGame, string>();

/** The folders to look in: the rule file's own, or the generated module's folder and its parent (the game's package). */
export function folders(game: HostedGame): string[] {
  const l = game.loader;
  if (!l) return [];
  if (l.kind === 'rules') return [dirname(l.file)];
  if (!l.url.startsWith('file:')) return [];
  const dir = dirname(fileURLToPath(l.url));
  return [dir, dirname(dir)];
}

/**
 * The Markdown text of `game`'s README.md, or '' when it has none. Served as text: the client
 * renders it as plain text, never as HTML.
 */
export function readmeOf(game: HostedGame): string {
  const known = cache.get(game);
  if (known !== undefined) return known;
  let text = '';
  for (const dir of folders(game)) {
    const file = join(dir, 'README.md');
    if (!existsSync(file) || !statSync(file).isFile()) continue;
    const buf = readFileSync(file);
    text = buf.subarray(0, README_MAX_BYTES).toString('utf8');
    break;
  }
  cache.set(game, text);
  return text;
}

const rulesCache = new WeakMap<HostedGame, string | null>();

/**
 * The text of `game`'s rule file (`<id>.rules`) when the server hosts it from the repository's
 * games, else null. A studio draft's (`draft-…`) is never served: it is its author's.
 */
export function ruleTextOf(game: HostedGame): string | null {
  const known = rulesCache.get(game);
  if (known !== undefined) return known;
  let text: string | null = null;
  if (!game.id.startsWith('draft-')) {
    for (const dir of folders(game)) {
      const file = join(dir, `${game.id}.rules`);
      if (!existsSync(file) || !statSync(file).isFile() || statSync(file).size > README_MAX_BYTES) continue;
      text = readFileSync(file, 'utf8');
      break;
    }
  }
  rulesCache.set(game, text);
  return text;
}
