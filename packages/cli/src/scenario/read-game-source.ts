// Reads a rule file from disk as the scenario runner's GameSource: its text, and a base loader
// that looks for a variant's base beside it or under games/ (as `decksmith check` does).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { LoadBase } from '@decksmith/dsl/check/index.ts';
import { toPosix } from '@decksmith/dsl/node/pipeline.ts';
import type { GameSource } from '@decksmith/dsl/scenario/index.ts';

export function readGameSource(root: string, absPath: string): GameSource {
  const file = toPosix(relative(root, absPath)) || absPath;
  const text = readFileSync(absPath, 'utf8');
  const texts = new Map([[file, text]]);
  const loadBase: LoadBase = (id, fromFile) => {
    for (const c of [join(root, dirname(fromFile), `${id}.rules`), join(root, 'games', id, `${id}.rules`)]) {
      if (!existsSync(c)) continue;
      const base = { file: toPosix(relative(root, c)), text: readFileSync(c, 'utf8') };
      texts.set(base.file, base.text);
      return base;
    }
    return null;
  };
  return { file, text, texts, loadBase };
}
