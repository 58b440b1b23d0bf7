// The generated modules of games/ as `id/variant` specs for loadGame (a game's main module and its variants).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { findRoot } from '@decksmith/dsl/node/pipeline.ts';

/** Every `games/<id>/generated/<variant>.generated.ts` as `<id>/<variant>`, sorted. */
export function generatedGames(): string[] {
  const games = join(findRoot(), 'games');
  const out: string[] = [];
  for (const id of readdirSync(games, { withFileTypes: true })) {
    if (!id.isDirectory()) continue;
    let files: string[];
    try {
      files = readdirSync(join(games, id.name, 'generated'));
    } catch {
      continue;
    }
    for (const f of files) if (f.endsWith('.generated.ts')) out.push(`${id.name}/${f.slice(0, -'.generated.ts'.length)}`);
  }
  return out.sort();
}
