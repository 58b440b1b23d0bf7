// `serve --games <folder of game folders>` hosts every game under it: rule files are found at any
// depth, as every decksmith command finds them (findRuleFiles); a path that is not there is an error.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadRuleFolders } from '../src/games/discover.ts';

const tally = readFileSync(fileURLToPath(new URL('../../../packages/cli/test/simulate/tally.rules', import.meta.url)), 'utf8');

describe('--games with a folder of game folders', () => {
  it('hosts the games of every sub-folder, at any depth', async () => {
    const root = mkdtempSync(join(tmpdir(), 'decksmith-games-'));
    mkdirSync(join(root, 'one'));
    mkdirSync(join(root, 'two', 'deep'), { recursive: true });
    writeFileSync(join(root, 'one', 'one.rules'), tally.replace(/^game [a-z0-9-]+/m, 'game one'));
    writeFileSync(join(root, 'two', 'deep', 'two.rules'), tally.replace(/^game [a-z0-9-]+/m, 'game two'));
    const hosted = await loadRuleFolders([root]);
    expect(hosted.map((g) => g.id).sort()).toEqual(['one', 'two']);
  }, 60_000);

  it('a single rule file is accepted too; a missing path or an empty folder is an error', async () => {
    const root = mkdtempSync(join(tmpdir(), 'decksmith-games-'));
    writeFileSync(join(root, 'solo.rules'), tally.replace(/^game [a-z0-9-]+/m, 'game solo'));
    expect((await loadRuleFolders([join(root, 'solo.rules')])).map((g) => g.id)).toEqual(['solo']);
    await expect(loadRuleFolders([join(root, 'nope')])).rejects.toThrow('is neither a folder nor a rule file');
    mkdirSync(join(root, 'empty'));
    await expect(loadRuleFolders([join(root, 'empty')])).rejects.toThrow('no *.rules file');
  }, 60_000);
});
