// `decksmith new` end to end in a temporary copy of the repository's shape: the new game checks, passes its scenarios and plays at once; the repository gets no file.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/run-cli.ts';
import { renameGame, retargetScenario } from './new-game.ts';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/decksmith.js', import.meta.url));
let root = '';

/** Runs the real `decksmith` in the copy, as an author would (scenarios find their game from the working directory). */
function decksmith(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } }, (error, out, err) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, out, err });
    });
  });
}

beforeAll(() => {
  // The repository's shape without its games: root package.json (workspaces games/*), nx.json, the
  // base tsconfig, the packages and node_modules linked, and one game to copy from.
  root = mkdtempSync(join(tmpdir(), 'decksmith-new-'));
  for (const f of ['package.json', 'nx.json', 'tsconfig.base.json']) cpSync(join(REPO, f), join(root, f));
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'));
  symlinkSync(join(REPO, 'packages'), join(root, 'packages'));
  mkdirSync(join(root, 'games'));
  cpSync(join(REPO, 'games', 'go-fish'), join(root, 'games', 'go-fish'), { recursive: true });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('decksmith new', () => {
  const repoGames = readdirSync(join(REPO, 'games')).sort();

  it('makes a game that checks, passes its scenario, plays, and is a workspace package', async () => {
    const made = await decksmith('new', 'my-game');
    expect(made.code, made.err).toBe(0);
    const dir = join(root, 'games', 'my-game');
    for (const f of ['my-game.rules', 'README.md', 'package.json', 'project.json', 'tsconfig.json', 'generated/my-game.generated.ts']) expect(existsSync(join(dir, f)), f).toBe(true);
    expect(readdirSync(join(dir, 'scenarios')).filter((f) => f.endsWith('.scenario'))).toHaveLength(1);
    // Not linked in this copy: the output says to run npm install.
    expect(made.out).toContain('npm install');

    const check = await decksmith('check', 'games/my-game');
    expect(check.code, check.err + check.out).toBe(0);
    expect(check.out + check.err).toContain('0 errors, 0 warnings');
    const scenario = await decksmith('scenario', 'games/my-game');
    expect(scenario.code, scenario.out + scenario.err).toBe(0);
    expect(scenario.out + scenario.err).toMatch(/scenarios: 1 passed, 0 failed/);
    expect(scenario.out).toMatch(/^ok {3}an eight names the suit/m);
    const play = await decksmith('play', 'games/my-game', '--players', '3', '--games', '2');
    expect(play.code, play.err).toBe(0);
    expect(play.out + play.err).toMatch(/played 2 game\(s\) of My Game with 3 players: 0 invariant violation\(s\), 0 stuck/);

    // Workspace wiring: the root's workspace globs take games/<id>, the package is named like its
    // siblings, and its entry (the generated module) loads and exports the game.
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; exports: Record<string, string> };
    expect((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces).toContain('games/*');
    expect(pkg.name).toBe('@decksmith/game-my-game');
    const mod = (await import(pathToFileURL(join(dir, pkg.exports['.']!)).href)) as { game: { id: string; title: string } };
    expect(mod.game).toMatchObject({ id: 'my-game', title: 'My Game' });
    expect((JSON.parse(readFileSync(join(dir, 'project.json'), 'utf8')) as { name: string }).name).toBe('game-my-game');
  }, 120_000);

  it('--from copies a game under the new id, its scenarios pointed at it, and they pass', async () => {
    const made = await runCliCaptured('new', 'fishy', '--from', 'go-fish', '--title', 'Say "fish" \\ now', '--root', root);
    expect(made.code, made.err).toBe(0);
    const rules = readFileSync(join(root, 'games', 'fishy', 'fishy.rules'), 'utf8');
    expect(rules).toMatch(/^game fishy "Say \\"fish\\" \\\\ now"/m);
    const scenario = await decksmith('scenario', 'games/fishy');
    expect(scenario.code, scenario.out + scenario.err).toBe(0);
    expect(scenario.out).toMatch(/ok .*fishy/);
    const mod = (await import(pathToFileURL(join(root, 'games', 'fishy', 'generated', 'fishy.generated.ts')).href)) as { game: { id: string; title: string } };
    expect(mod.game).toMatchObject({ id: 'fishy', title: 'Say "fish" \\ now' });
  }, 120_000);

  it('refuses a bad id, an existing folder and an unknown --from with a sentence and exit 1, writing nothing', async () => {
    const before = readdirSync(join(root, 'games')).sort();
    for (const [args, says] of [
      [['My_Game'], 'is not a game id'],
      [['x'.repeat(41)], 'is not a game id'],
      [['go-fish'], 'already exists'],
      [['other', '--from', 'no-such-game'], 'no games/no-such-game/no-such-game.rules'],
      [['other', '--title', 'two\nlines'], 'one line'],
    ] as const) {
      const r = await runCliCaptured('new', ...args, '--root', root);
      expect(r.code).toBe(1);
      expect(r.err).toContain(says);
    }
    expect(readdirSync(join(root, 'games')).sort()).toEqual(before);
  });

  it('removes the half-made folder when the rule file does not compile', async () => {
    writeFileSync(join(root, 'games', 'go-fish', 'go-fish.rules'), `${readFileSync(join(root, 'games', 'go-fish', 'go-fish.rules'), 'utf8')}\nzone zone zone\n`);
    const r = await runCliCaptured('new', 'broken', '--from', 'go-fish', '--root', root);
    expect(r.code).toBe(1);
    expect(r.err).toContain('does not compile');
    expect(existsSync(join(root, 'games', 'broken'))).toBe(false);
  });

  it('renames only the game line and retargets only the scenario header', () => {
    expect(renameGame('# game a-b "x"\ngame a-b "Old"\nsummary "game a-b"', 'a-b', 'c', 'New')).toBe('# game a-b "x"\ngame c "New"\nsummary "game a-b"');
    expect(() => renameGame('game other "x"', 'a-b', 'c', 'C')).toThrow(/no line/);
    expect(retargetScenario('scenario "for a-b" for a-b\nexpect x', 'a-b', 'c')).toBe('scenario "for a-b" for c\nexpect x');
    expect(retargetScenario('scenario "t" for "games/a-b/a-b.rules"\n', 'a-b', 'c')).toBe('scenario "t" for c\n');
  });

  it('left no file in the repository', () => {
    expect(readdirSync(join(REPO, 'games')).sort()).toEqual(repoGames);
  });
});
