// Finds the games to host: generated `@decksmith/game-*` packages under games/, and rule files from `--games` folders.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import { hostGameDef, isGameDef } from './runtime-engine.ts';
import type { HostedGame } from './types.ts';

export const WORKSPACE_GAMES = fileURLToPath(new URL('../../../../games', import.meta.url));

interface PackageJson {
  name?: string;
  main?: string;
  exports?: string | Record<string, unknown>;
}

function entryOf(pkg: PackageJson): string | undefined {
  const e = pkg.exports;
  if (typeof e === 'string') return e;
  const dot = e?.['.'];
  if (typeof dot === 'string') return dot;
  if (dot && typeof dot === 'object') {
    const d = dot as Record<string, unknown>;
    for (const k of ['import', 'default', 'types']) if (typeof d[k] === 'string') return d[k];
  }
  return pkg.main;
}

/**
 * Imports every `games/<id>/package.json` package that exports `game`. Problems are logged and
 * the game skipped: one broken package never stops the server.
 */
export async function discoverWorkspaceGames(log: Logger, root = WORKSPACE_GAMES): Promise<HostedGame[]> {
  if (!existsSync(root)) return [];
  const found: HostedGame[] = [];
  for (const dir of readdirSync(root).sort()) {
    const file = join(root, dir, 'package.json');
    if (!existsSync(file)) continue;
    let pkg: PackageJson;
    try {
      pkg = JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
    } catch (err) {
      log.warn({ file, err }, 'skipping a game whose package.json does not parse');
      continue;
    }
    const entry = entryOf(pkg);
    if (!entry) continue;
    // The package's main game, then its variants (`./*` subpath exports of other generated files).
    const files = [resolve(root, dir, entry)];
    const variants = typeof pkg.exports === 'object' && typeof pkg.exports['./*'] === 'string' ? (pkg.exports['./*'] as string) : undefined;
    if (variants?.includes('*')) {
      const [prefix, suffix] = variants.split('*') as [string, string];
      const folder = resolve(root, dir, prefix.slice(0, prefix.lastIndexOf('/') + 1));
      if (existsSync(folder)) {
        for (const f of readdirSync(folder).sort()) {
          const file = resolve(folder, f);
          const matches = f.startsWith(prefix.slice(prefix.lastIndexOf('/') + 1)) && f.endsWith(suffix);
          if (matches && !files.includes(file)) files.push(file);
        }
      }
    }
    for (const file of files) {
      try {
        const { game } = (await import(pathToFileURL(file).href)) as { game?: unknown };
        if (!isGameDef(game)) {
          log.warn({ game: pkg.name, file }, 'skipping a module that does not export `game: GameDef`');
          continue;
        }
        if (found.some((g) => g.id === game.id)) continue;
        found.push(hostGameDef(game, pkg.name ?? dir, { kind: 'module', url: pathToFileURL(file).href, name: 'game' }));
      } catch (err) {
        log.warn({ game: pkg.name, file, err }, 'skipping a game that failed to load');
      }
    }
  }
  return found;
}

/** What `@decksmith/dsl` offers for hosting an author's rule file without writing into the repository. */
interface DslModule {
  compileRulesInMemory: (file: string) => Promise<{ js: string | null; report: string[] }>;
  importCompiled: (js: string) => Promise<Record<string, unknown>>;
  findRuleFiles: (paths: readonly string[]) => string[] | { missing: string };
}

// A variable specifier: the DSL is only loaded when `--games` asks for it.
const DSL = '@decksmith/dsl/node';

/**
 * Compiles the rule files named by `--games` in memory and hosts the games: files, and every
 * `*.rules` under the folders at any depth (a folder of game folders hosts them all), found as
 * every `decksmith` command finds games. Throws with the compiler's report when a file has errors.
 */
export async function loadRuleFolders(dirs: readonly string[]): Promise<HostedGame[]> {
  if (dirs.length === 0) return [];
  const dsl = (await import(DSL)) as DslModule;
  const { compileRulesInMemory, importCompiled } = dsl;
  const out: HostedGame[] = [];
  const found = dsl.findRuleFiles(dirs);
  if (!Array.isArray(found)) throw new Error(`--games: "${found.missing}" is neither a folder nor a rule file.`);
  if (found.length === 0) throw new Error(`--games: no *.rules file in ${dirs.join(', ')}.`);
  for (const name of found) {
    const file = resolve(name);
    const compiled = await compileRulesInMemory(file);
    if (compiled.js === null) throw new Error(`--games: ${file} does not compile:\n${compiled.report.join('\n')}`);
    const mod = await importCompiled(compiled.js);
    if (!isGameDef(mod['game'])) throw new Error(`--games: ${file} compiled, but its module exports no \`game\`.`);
    out.push(hostGameDef(mod['game'], file, { kind: 'rules', file }));
  }
  return out;
}
