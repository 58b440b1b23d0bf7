// `decksmith scenario <files|dirs>...`: run conformance scenarios and report each pass/fail.
import type { Command } from 'commander';
import { notImplemented } from '../not-implemented.ts';

export function registerScenario(program: Command): void {
  program
    .command('scenario')
    .description('run scenario files (or every scenario under the given folders)')
    .argument('<paths...>', 'scenario files or folders')
    .action(() => notImplemented('scenario', 4));
}
