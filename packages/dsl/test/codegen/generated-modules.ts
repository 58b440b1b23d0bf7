// The committed generated game modules (games/*/generated/*.generated.ts), for tests that run every game.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's games folder. */
export const gamesDir = fileURLToPath(new URL('../../../../games', import.meta.url));

/** Absolute paths of every generated module, sorted by game then file. */
export function generatedModules(): string[] {
  const out: string[] = [];
  for (const dir of readdirSync(gamesDir).sort()) {
    const generated = join(gamesDir, dir, 'generated');
    if (!existsSync(generated)) continue;
    for (const f of readdirSync(generated).sort()) if (f.endsWith('.generated.ts')) out.push(join(generated, f));
  }
  return out;
}
