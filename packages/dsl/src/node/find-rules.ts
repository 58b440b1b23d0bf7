// One way to name games on the command line and to the server: rule files and folders, folders
// searched recursively (every command that takes games uses this, so they all find the same).
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

/** Folders never searched: dependencies, generated modules, dot-folders (`.git`, `.nx`). */
function skipped(name: string): boolean {
  return name === 'node_modules' || name === 'generated' || name.startsWith('.');
}

/** Every file ending in `ext` under `dir`, depth first in name order. */
function filesUnder(dir: string, ext: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && !skipped(entry.name)) found.push(...filesUnder(path, ext));
    else if (entry.isFile() && entry.name.endsWith(ext)) found.push(path);
  }
  return found;
}

/**
 * The rule files named by `paths`: a file as it is, a folder as every `*.rules` file under it
 * at any depth (skipping node_modules, generated and dot-folders), in order, each once.
 * Returns the first path that does not exist as `{ missing }`.
 *
 * @example
 * findRuleFiles(['games'])            // every game's rule files, variants included
 * findRuleFiles(['games/tiv-miv'])    // ['games/tiv-miv/tiv-miv.rules']
 */
export function findRuleFiles(paths: readonly string[]): string[] | { missing: string } {
  return findFiles(paths, '.rules');
}

/** The same search for files ending in `ext` (the scenario runner finds `.scenario` files with it). */
export function findFiles(paths: readonly string[], ext: string): string[] | { missing: string } {
  const files: string[] = [];
  for (const path of paths) {
    let isDir: boolean;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      return { missing: path };
    }
    files.push(...(isDir ? filesUnder(path, ext) : [path]));
  }
  const seen = new Set<string>();
  return files.filter((f) => {
    const key = resolve(f);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** "found 2 rule files in games/super-taki: games/super-taki/super-taki.rules, …" (paths relative to `cwd`). */
export function describeFound(files: readonly string[], paths: readonly string[], cwd: string = process.cwd()): string {
  const show = (p: string): string => {
    const r = relative(cwd, resolve(p));
    return (r === '' || r.startsWith('..') ? resolve(p) : r).split(sep).join('/');
  };
  const what = `${files.length} rule file${files.length === 1 ? '' : 's'}`;
  return `found ${what} in ${paths.map(show).join(', ')}${files.length === 0 ? '' : `: ${files.map(show).join(', ')}`}`;
}
