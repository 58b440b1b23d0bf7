// How the server finds a variant's base game: beside the file, then games/<id>/<id>.rules in a folder above it.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { LoadBase } from '@decksmith/dsl/check/index.ts';

/** A LoadBase that reads from disk (the same search as `decksmith check`). */
export function diskLoadBase(): LoadBase {
  const upward = (from: string, id: string): string | null => {
    for (let dir = resolve(from); ; dir = dirname(dir)) {
      const candidate = join(dir, 'games', id, `${id}.rules`);
      if (existsSync(candidate)) return candidate;
      if (dirname(dir) === dir) return null;
    }
  };
  return (id, fromFile) => {
    const beside = join(dirname(fromFile), `${id}.rules`);
    const found = existsSync(beside) ? beside : upward(dirname(fromFile), id) ?? upward(process.cwd(), id);
    return found ? { file: found, text: readFileSync(found, 'utf8') } : null;
  };
}
