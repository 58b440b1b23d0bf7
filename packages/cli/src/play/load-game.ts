// Loads a game for `play`: a game id (its rule file under games/) or a .rules path, compiled in memory.
import { existsSync } from 'node:fs';
import { compileRulesInMemory, importCompiled } from '@decksmith/dsl/node/compile-in-memory.ts';
import { findRoot } from '@decksmith/dsl/node/pipeline.ts';
import { ruleFileOfId } from '../scenario/game-file.ts';
import type { GameDef } from './runtime-api.ts';

/** The game's definition, or the printed diagnostics that stop it from compiling. */
export async function loadGame(game: string): Promise<{ def: GameDef } | { error: string[] }> {
  let path = game;
  if (!game.endsWith('.rules') || !existsSync(game)) {
    const found = ruleFileOfId(findRoot(), game);
    if (found.path === null) {
      return { error: [`decksmith play: no game "${game}" (looked for ${found.tried.join(' and ')}) and no such .rules file`] };
    }
    path = found.path;
  }
  const compiled = await compileRulesInMemory(path);
  if (compiled.js === null) return { error: compiled.report };
  const mod = await importCompiled<{ game: GameDef }>(compiled.js);
  return { def: mod.game };
}
