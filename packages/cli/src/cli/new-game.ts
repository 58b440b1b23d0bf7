// `decksmith new <id> [--from <game>]`: a new game folder (rule file, README, a scenario, package and nx wiring, generated module).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileRulesFile, toPosix } from '@decksmith/dsl/node/pipeline.ts';

/** The template of a game made from nothing (a Crazy Eights): `{{id}}` and `{{title}}` are filled in. */
export const TEMPLATE_DIR = fileURLToPath(new URL('../../templates/new-game/', import.meta.url));

/** Game ids: lower-case words joined by `-` (a package name, a folder name and an identifier of the language at once). */
export const GAME_ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
export const MAX_ID_LENGTH = 40;

export interface NewGameOptions {
  /** Repository root (the folder holding `games/`). */
  root: string;
  id: string;
  /** An existing game id to copy (its main rule file and its scenarios). */
  from?: string;
  title?: string;
}

export interface NewGameResult {
  /** Files written, relative to the root (posix), in the order written. */
  files: string[];
  /** What the author should do next. */
  next: string[];
}

/** `my-game` → `My Game`. */
export function titleOf(id: string): string {
  return id.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

/** A string as the rule language writes it between double quotes. */
function quoted(s: string): string {
  return s.replaceAll('\\', '\\\\').replaceAll('"', '\\"');
}

function fill(text: string, id: string, title: string): string {
  return text.replaceAll('{{id}}', id).replaceAll('{{title}}', quoted(title));
}

/** Why `id` cannot name a new game under `root`, or null. */
export function refuseId(root: string, id: string): string | null {
  if (!GAME_ID.test(id) || id.length > MAX_ID_LENGTH) {
    return `"${id}" is not a game id: lower-case letters and digits in words joined by "-", starting with a letter, at most ${MAX_ID_LENGTH} characters (e.g. crazy-eights).`;
  }
  if (existsSync(join(root, 'games', id))) return `games/${id} already exists; pick another id or remove the folder.`;
  return null;
}

/** Renames the game of a rule file: its `game <old> "Title"` line. */
export function renameGame(rules: string, from: string, id: string, title: string): string {
  const line = new RegExp(`^(\\s*game\\s+)${from.replaceAll('-', '\\-')}(\\s+)"(?:[^"\\\\]|\\\\.)*"`, 'm');
  if (!line.test(rules)) throw new Error(`games/${from}/${from}.rules has no line \`game ${from} "…"\` to rename.`);
  return rules.replace(line, (_m, pre: string, gap: string) => `${pre}${id}${gap}"${quoted(title)}"`);
}

/** Points a scenario at the new game: its header's `for <old>` (or `for "path"`). */
export function retargetScenario(text: string, from: string, id: string): string {
  const header = new RegExp(`^(\\s*scenario\\s+"(?:[^"\\\\]|\\\\.)*"\\s+for\\s+)(?:${from.replaceAll('-', '\\-')}\\b|"[^"\\n]*")`, 'm');
  return text.replace(header, (_m, pre: string) => `${pre}${id}`);
}

/** Every `*.scenario` under `dir`, relative to it (posix), sorted. */
function scenarioFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const f of readdirSync(dir).sort()) {
    const path = join(dir, f);
    if (statSync(path).isDirectory()) out.push(...scenarioFiles(path, `${prefix}${f}/`));
    else if (f.endsWith('.scenario')) out.push(`${prefix}${f}`);
  }
  return out;
}

function packageJson(id: string, title: string): string {
  return `${JSON.stringify(
    {
      name: `@decksmith/game-${id}`,
      version: '0.0.0',
      private: true,
      type: 'module',
      description: `${title}, compiled from ${id}.rules by decksmith gen.`,
      exports: { '.': `./generated/${id}.generated.ts`, './*': './generated/*.generated.ts' },
      dependencies: { '@decksmith/runtime': '*' },
    },
    null,
    2,
  )}\n`;
}

function projectJson(id: string): string {
  return `${JSON.stringify(
    {
      name: `game-${id}`,
      $schema: '../../node_modules/nx/schemas/project-schema.json',
      sourceRoot: `games/${id}`,
      projectType: 'library',
      tags: ['scope:game'],
      targets: {
        gen: {
          executor: 'nx:run-commands',
          dependsOn: [{ projects: ['dsl'], target: 'gen' }],
          inputs: ['{projectRoot}/*.rules', '{workspaceRoot}/packages/dsl/src/**/*', '{workspaceRoot}/packages/cli/src/cli/**/*', '{workspaceRoot}/packages/cli/bin/*'],
          outputs: ['{projectRoot}/generated'],
          options: { cwd: '{workspaceRoot}', command: `node packages/cli/bin/decksmith.js gen games/${id}` },
        },
        typecheck: {},
      },
    },
    null,
    2,
  )}\n`;
}

const TSCONFIG = `${JSON.stringify({ extends: '../../tsconfig.base.json', compilerOptions: { noUncheckedIndexedAccess: false }, include: ['generated/**/*.ts', 'test/**/*.ts'] }, null, 2)}\n`;

/**
 * Creates `games/<id>/` under `root`: the rule file (the template, or `--from`'s rule file
 * renamed), README, scenarios, package.json, project.json, tsconfig.json and the generated
 * module. Nothing is left behind when it fails (the folder is removed). Throws with a sentence
 * an author can act on.
 */
export function createGame(opts: NewGameOptions): NewGameResult {
  const { root, id } = opts;
  const refused = refuseId(root, id);
  if (refused) throw new Error(refused);
  if (!existsSync(join(root, 'games'))) throw new Error(`${root} has no games/ folder: run decksmith new at the repository root.`);
  const title = opts.title ?? titleOf(id);
  if (/[\n\r\u2028\u2029]/.test(title) || title.length > 80) throw new Error('--title must be one line of at most 80 characters.');
  let rules: string;
  const scenarios: [string, string][] = [];
  if (opts.from !== undefined) {
    const source = join(root, 'games', opts.from, `${opts.from}.rules`);
    if (!GAME_ID.test(opts.from) || !existsSync(source)) throw new Error(`--from ${opts.from}: there is no games/${opts.from}/${opts.from}.rules to start from.`);
    rules = renameGame(readFileSync(source, 'utf8'), opts.from, id, title);
    const dir = join(root, 'games', opts.from, 'scenarios');
    for (const f of scenarioFiles(dir)) scenarios.push([f, retargetScenario(readFileSync(join(dir, f), 'utf8'), opts.from, id)]);
  } else {
    rules = fill(readFileSync(join(TEMPLATE_DIR, 'game.rules'), 'utf8'), id, title);
    for (const f of scenarioFiles(TEMPLATE_DIR)) scenarios.push([f, fill(readFileSync(join(TEMPLATE_DIR, f), 'utf8'), id, title)]);
  }
  let readme = fill(readFileSync(join(TEMPLATE_DIR, 'README.md'), 'utf8'), id, title);
  if (opts.from !== undefined) readme = readme.replace(`\`decksmith new ${id}\``, `\`decksmith new ${id} --from ${opts.from}\``);

  const folder = join(root, 'games', id);
  const files: string[] = [];
  const write = (rel: string, text: string): void => {
    const path = join(folder, rel);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
    files.push(toPosix(relative(root, path)));
  };
  try {
    write(`${id}.rules`, rules);
    write('README.md', readme);
    for (const [f, text] of scenarios) write(join('scenarios', f), text);
    write('package.json', packageJson(id, title));
    write('project.json', projectJson(id));
    write('tsconfig.json', TSCONFIG);
    const compiled = compileRulesFile(root, join(folder, `${id}.rules`));
    if (compiled.text === null) throw new Error(`the new rule file does not compile:\n${compiled.report.join('\n')}`);
    write(join('generated', `${id}.generated.ts`), compiled.text);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  const linked = existsSync(join(root, 'node_modules', '@decksmith', `game-${id}`));
  return {
    files,
    next: [
      ...(linked ? [] : [`npm install   (once, at the repository root: links @decksmith/game-${id} into the workspace so the server and the web client host it)`]),
      `npx decksmith check games/${id}`,
      `npx decksmith scenario games/${id}`,
      `npx decksmith play games/${id}`,
    ],
  };
}
