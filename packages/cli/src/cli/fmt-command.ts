// `decksmith fmt [--check] <files|dirs>...`: lays rule and scenario files out in the canonical style.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { formatSource } from '@decksmith/dsl/fmt/index.ts';
import { findFiles } from '@decksmith/dsl/node/find-rules.ts';
import { EXIT_USAGE } from './exit-codes.ts';

/** The rule and scenario files named or found under the given folders, or the first missing path. */
function filesToFormat(paths: readonly string[]): string[] | { missing: string } {
  const rules = findFiles(paths, '.rules');
  if (!Array.isArray(rules)) return rules;
  const scenarios = findFiles(paths, '.scenario');
  if (!Array.isArray(scenarios)) return scenarios;
  return [...new Set([...rules, ...scenarios])].sort();
}

/**
 * Formats each file in place, or with `check` only lists the files that would change (exit 1 if
 * any). A `.scenario` file is formatted as a scenario, anything else as a rule file.
 */
function runFmt(paths: string[], opts: { check?: boolean }): void {
  const files = filesToFormat(paths);
  if (!Array.isArray(files)) {
    process.stderr.write(`decksmith fmt: no such file or folder: ${files.missing}\n`);
    process.exitCode = EXIT_USAGE;
    return;
  }
  const changed: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const formatted = formatSource(text, file.endsWith('.scenario') ? 'scenario' : 'rules');
    if (formatted === text) continue;
    changed.push(file);
    if (!opts.check) writeFileSync(file, formatted);
    process.stdout.write(`${file}\n`);
  }
  const n = (k: number) => `${k} file${k === 1 ? '' : 's'}`;
  if (opts.check) {
    process.stderr.write(changed.length === 0
      ? `decksmith fmt: ${n(files.length)} already formatted\n`
      : `decksmith fmt: ${n(changed.length)} of ${files.length} not formatted (run decksmith fmt on them)\n`);
    process.exitCode = changed.length === 0 ? 0 : 1;
  } else {
    process.stderr.write(`decksmith fmt: formatted ${n(changed.length)} of ${files.length}\n`);
    process.exitCode = 0;
  }
}

export function registerFmt(program: Command): void {
  program
    .command('fmt')
    .description('lay rule and scenario files (or every *.rules and *.scenario under the given folders) out in the canonical style')
    .argument('<paths...>', 'rule or scenario files, or folders')
    .option('--check', 'change nothing: list the files that are not formatted and exit 1 if there are any')
    .action(runFmt);
}
