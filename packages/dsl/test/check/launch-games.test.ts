// The five launch rule files and the variants check with no errors and no warnings.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkGame } from '../../src/check/index.ts';
import { formatDiagnostic } from '../../src/diagnostics/format.ts';
import { parse } from '../../src/parse/index.ts';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const games = readdirSync(join(repo, 'games'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(join(repo, 'games', d.name)).filter((f) => f.endsWith('.rules')).map((f) => `games/${d.name}/${f}`))
  .sort();

/** The CLI's lookup, in memory: `<id>.rules` beside the file, then games/<id>/<id>.rules. */
export function loadBase(id: string, from: string) {
  for (const path of [join(dirname(from), `${id}.rules`), `games/${id}/${id}.rules`]) {
    if (existsSync(join(repo, path))) return { file: path, text: readFileSync(join(repo, path), 'utf8') };
  }
  return null;
}

/** Parses and checks a rule file of the repository; returns every diagnostic, formatted. */
export function checkRepoFile(path: string) {
  const text = readFileSync(join(repo, path), 'utf8');
  const parsed = parse(text, path);
  const checked = parsed.file && parsed.diagnostics.length === 0
    ? checkGame(parsed.file, { sources: [{ file: path, text }], loadBase })
    : { game: null, diagnostics: [] };
  const all = [...parsed.diagnostics, ...checked.diagnostics];
  const texts = (f: string) => readFileSync(join(repo, f), 'utf8');
  return { game: checked.game, report: all.map((d) => formatDiagnostic(d, texts(d.file))) };
}

describe('launch rule files check clean', () => {
  it('finds the five launch games and at least one variant', () => {
    expect(games.length).toBeGreaterThanOrEqual(6);
  });
  for (const path of games) {
    it(path, () => {
      const { game, report } = checkRepoFile(path);
      expect(report).toEqual([]);
      expect(game).not.toBeNull();
    });
  }
});
