// `decksmith gen [--check]`: regenerate every game's module from its rule file.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { describeFound, findRuleFiles } from '@decksmith/dsl/node/find-rules.ts';
import { compileRulesFile, findRoot, toPosix } from '@decksmith/dsl/node/pipeline.ts';

export interface GenOptions {
  check?: boolean;
  /** Only these rule files and the rule files under these folders, at any depth (relative to the working directory). */
  paths?: string[];
  /** Repository root (default: found from the working directory). */
  root?: string;
}

/** Every `games/<id>/*.rules` (a variant beside its base too), sorted. */
export function ruleFiles(root: string): string[] {
  const games = join(root, 'games');
  if (!existsSync(games)) return [];
  const out: string[] = [];
  for (const dir of readdirSync(games).sort()) {
    const folder = join(games, dir);
    if (!statSync(folder).isDirectory()) continue;
    for (const f of readdirSync(folder).sort()) if (f.endsWith('.rules')) out.push(join(folder, f));
  }
  return out;
}

/** `games/<id>/x.rules` → `games/<id>/generated/x.generated.ts`. */
export function generatedPath(rulesPath: string): string {
  return join(dirname(rulesPath), 'generated', `${basename(rulesPath, '.rules')}.generated.ts`);
}

/**
 * Generates every game; returns the exit code (0 ok, 1 a file has errors or, with `check`,
 * would change). Broken files are reported and nothing is written for them.
 */
export async function gen(opts: GenOptions = {}): Promise<number> {
  const root = opts.root ?? findRoot();
  let failed = 0;
  const changed: string[] = [];
  // Named paths are found like every command finds games (files, folders searched recursively).
  let files = ruleFiles(root);
  if ((opts.paths ?? []).length > 0) {
    const found = findRuleFiles(opts.paths!);
    if (!Array.isArray(found)) {
      process.stderr.write(`decksmith gen: no such file or folder: ${found.missing}\n`);
      return 2;
    }
    process.stderr.write(`decksmith gen: ${describeFound(found, opts.paths!)}\n`);
    files = found.map((f) => resolve(f));
  }
  for (const rules of files) {
    const result = compileRulesFile(root, rules);
    for (const line of result.report) process.stderr.write(`${line}\n\n`);
    if (result.text === null) {
      failed += 1;
      continue;
    }
    const target = generatedPath(rules);
    const shown = toPosix(target.slice(root.length + 1));
    const current = existsSync(target) ? readFileSync(target, 'utf8') : null;
    if (current === result.text) continue;
    changed.push(shown);
    if (!opts.check) {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, result.text);
      process.stdout.write(`decksmith gen: wrote ${shown}\n`);
    }
  }
  if (opts.check && changed.length > 0) {
    process.stdout.write(`decksmith gen --check: these files would change:\n${changed.map((c) => `  ${c}\n`).join('')}`);
  }
  if (failed > 0) process.stderr.write(`decksmith gen: ${failed} rule file(s) have errors; nothing written for them\n`);
  if (failed === 0 && changed.length === 0) process.stdout.write('decksmith gen: every generated module is up to date\n');
  return failed > 0 || (opts.check && changed.length > 0) ? 1 : 0;
}

export function registerGen(program: Command): void {
  program
    .command('gen')
    .description('generate games/<id>/generated/<id>.generated.ts for every game')
    .argument('[paths...]', 'only these rule files, and every *.rules under these folders (default: every games/*/*.rules)')
    .option('--check', 'write nothing; exit 1 and name the files that would change')
    .action(async (paths: string[], opts: { check?: boolean }) => {
      process.exitCode = await gen({ check: opts.check === true, paths });
    });
}
