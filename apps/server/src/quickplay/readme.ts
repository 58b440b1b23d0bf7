// A game's README.md (its author's prose about the game), found beside its rule file or above its generated module; read once, bounded.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HostedGame } from '../games/types.ts';

/** Longer READMEs are cut here (the panel is a help text, not a book). */
export const README_MAX_BYTES = 64 * 1024;

const cache = new WeakMap<HostedGame, string>();

/** The folders to look in: the rule file's own, or the generated module's folder and its parent (the game's package). */
function folders(game: HostedGame): string[] {
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
