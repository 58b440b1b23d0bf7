// Loads a hosted game's engine from its loader description, in a bot worker thread (no functions cross threads).
import { hostGameDef, isGameDef } from '../games/runtime-engine.ts';
import type { GameEngine, GameLoader, HostedGame } from '../games/types.ts';

/** What `@decksmith/dsl` offers for compiling a rule file in memory (as `loadRuleFolders` uses it). */
interface DslModule {
  compileRulesInMemory: (file: string) => Promise<{ js: string | null; report: string[] }>;
  importCompiled: (js: string) => Promise<Record<string, unknown>>;
}

// A variable specifier: the DSL is only loaded for a game that is a rule file.
const DSL = '@decksmith/dsl/node';

function isHostedGame(x: unknown): x is HostedGame {
  const g = x as Partial<HostedGame> | null;
  return !!g && typeof g.id === 'string' && typeof g.engine?.bot === 'function';
}

/**
 * The engine a loader describes: a module's export (a `GameDef`, hosted like the server does, or
 * a `HostedGame`), or a rule file compiled in memory. Throws when the loader finds no game.
 *
 * @example
 * const engine = await loadEngine({ kind: 'module', url: 'file:///…/games/shed/generated/shed.ts', name: 'game' });
 */
export async function loadEngine(loader: GameLoader): Promise<GameEngine> {
  if (loader.kind === 'rules') {
    const dsl = (await import(DSL)) as DslModule;
    const compiled = await dsl.compileRulesInMemory(loader.file);
    if (compiled.js === null) throw new Error(`${loader.file} does not compile:\n${compiled.report.join('\n')}`);
    const game = (await dsl.importCompiled(compiled.js))['game'];
    if (!isGameDef(game)) throw new Error(`${loader.file} compiled, but its module exports no \`game\`.`);
    return hostGameDef(game, loader.file).engine as GameEngine;
  }
  const x = ((await import(loader.url)) as Record<string, unknown>)[loader.name];
  if (isGameDef(x)) return hostGameDef(x, loader.url).engine as GameEngine;
  if (isHostedGame(x)) return x.engine;
  throw new Error(`${loader.url} exports no game named "${loader.name}".`);
}
