// `decksmith scenario <files|dirs>... [--format json]`: run conformance scenarios and report each pass/fail.
import { Option, type Command } from 'commander';
import { formatDiagnostic } from '@decksmith/dsl/diagnostics/format.ts';
import { collectScenarioFiles, runScenarioFiles, type ScenarioResult } from '../../scenario/index.ts';
import { findRoot } from '@decksmith/dsl/node/pipeline.ts';
import { EXIT_USAGE } from '../exit-codes.ts';

const MARK: Record<ScenarioResult['status'], string> = { passed: 'ok  ', failed: 'FAIL', broken: 'BROKEN' };

/** Runs the scenarios and prints the report; returns the exit code (0 all passed, 1 a failure, 2 usage or a broken file). */
export async function scenarioCommand(paths: string[], opts: { format: 'text' | 'json' }): Promise<number> {
  const files = collectScenarioFiles(paths);
  if (!Array.isArray(files)) {
    process.stderr.write(`decksmith scenario: no such file or folder: ${files.missing}\n`);
    return EXIT_USAGE;
  }
  if (files.length === 0) {
    process.stderr.write(`decksmith scenario: no *.scenario file in ${paths.join(', ')}\n`);
    return EXIT_USAGE;
  }
  const { results, texts } = await runScenarioFiles(files, findRoot());
  const count = (s: ScenarioResult['status']): number => results.filter((r) => r.status === s).length;
  if (opts.format === 'json') {
    const out = { scenarios: results, passed: count('passed'), failed: count('failed'), broken: count('broken') };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } else {
    for (const r of results) {
      process.stdout.write(`${MARK[r.status]} ${r.name}  (${r.file})\n`);
      for (const d of r.diagnostics) process.stdout.write(`${indent(formatDiagnostic(d, texts.get(d.file)))}\n\n`);
    }
  }
  process.stderr.write(`scenarios: ${count('passed')} passed, ${count('failed')} failed, ${count('broken')} broken\n`);
  return count('broken') > 0 ? EXIT_USAGE : count('failed') > 0 ? 1 : 0;
}

function indent(text: string): string {
  return text.split('\n').map((l) => `    ${l}`).join('\n');
}

export function registerScenario(program: Command): void {
  program
    .command('scenario')
    .description('run scenario files (or every *.scenario under the given folders)')
    .argument('<paths...>', 'scenario files or folders')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (paths: string[], opts: { format: 'text' | 'json' }) => {
      process.exitCode = await scenarioCommand(paths, opts);
    });
}
