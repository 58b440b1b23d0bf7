// One way to name games: check, gen, play, simulate, bench and serve --games take rule files and
// folders, folders searched at any depth by one function (findRuleFiles), and say what they found.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findRuleFiles } from '@decksmith/dsl/node/find-rules.ts';
import { runCliCaptured } from './run-cli.ts';

const tally = fileURLToPath(new URL('./simulate/tally.rules', import.meta.url));

/** A folder of game folders: shelf/one/one.rules, shelf/two/deep/two.rules, plus what is skipped. */
function shelf(): string {
  const root = mkdtempSync(join(tmpdir(), 'decksmith-shelf-'));
  const text = readFileSync(tally, 'utf8');
  mkdirSync(join(root, 'one', 'generated'), { recursive: true });
  mkdirSync(join(root, 'two', 'deep'), { recursive: true });
  mkdirSync(join(root, 'node_modules', 'x'), { recursive: true });
  writeFileSync(join(root, 'one', 'one.rules'), text.replace(/^game [a-z0-9-]+/m, 'game one'));
  writeFileSync(join(root, 'two', 'deep', 'two.rules'), text.replace(/^game [a-z0-9-]+/m, 'game two'));
  writeFileSync(join(root, 'one', 'generated', 'stale.rules'), 'not a game');
  writeFileSync(join(root, 'node_modules', 'x', 'dep.rules'), 'not a game');
  return root;
}

describe('findRuleFiles', () => {
  it('takes files as they are and folders at any depth, skipping generated, node_modules and dot-folders', () => {
    const root = shelf();
    mkdirSync(join(root, '.hidden'));
    writeFileSync(join(root, '.hidden', 'h.rules'), 'x');
    expect(findRuleFiles([root])).toEqual([join(root, 'one', 'one.rules'), join(root, 'two', 'deep', 'two.rules')]);
    expect(findRuleFiles([join(root, 'one', 'one.rules'), root])).toEqual([join(root, 'one', 'one.rules'), join(root, 'two', 'deep', 'two.rules')]);
    expect(findRuleFiles([join(root, 'nope')])).toEqual({ missing: join(root, 'nope') });
  });
});

describe('every command that takes games', () => {
  it('check: a folder of game folders, and what it found', async () => {
    const root = shelf();
    const r = await runCliCaptured('check', root);
    expect(r.code).toBe(0);
    expect(r.err).toContain('found 2 rule files in');
    expect(r.err).toContain('one/one.rules');
    expect(r.err).toContain('two/deep/two.rules');
    expect(r.err).toContain('checked 2 files: 0 errors');
  });

  it('gen: a folder writes the generated module beside each rule file found', async () => {
    const root = shelf();
    const r = await runCliCaptured('gen', root);
    expect(r.err).toContain('found 2 rule files');
    expect(r.code).toBe(0);
    expect(readFileSync(join(root, 'two', 'deep', 'generated', 'two.generated.ts'), 'utf8')).toContain("id: 'two'");
  }, 60_000);

  it('play: a folder plays every game found in it', async () => {
    const root = shelf();
    const r = await runCliCaptured('play', root, '--games', '1');
    expect(r.err).toContain('found 2 rule files');
    expect(r.code).toBe(0);
    expect(r.err.match(/played 1 game\(s\) of/g)?.length).toBe(2);
  }, 60_000);

  it('simulate: a folder holding one game is that game; holding two, it asks for one', async () => {
    const root = shelf();
    const one = await runCliCaptured('simulate', join(root, 'one'), '--games', '2', '--json');
    expect(one.err).toContain('found 1 rule file');
    expect(JSON.parse(one.out)).toMatchObject({ games: 2 });
    const two = await runCliCaptured('simulate', root, '--games', '2');
    expect(two.code).toBe(1);
    expect(two.err).toContain('holds 2 rule files: name one of them');
  }, 60_000);

  it('a path that does not exist is a clear error, not an empty run', async () => {
    const r = await runCliCaptured('play', 'no/such/game.rules');
    expect(r.code).toBe(2);
    expect(r.err).toContain('no such rule file: no/such/game.rules');
  });
});
