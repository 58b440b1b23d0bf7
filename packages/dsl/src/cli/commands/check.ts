// `decksmith check <files|dirs>... [--format json]`: report every diagnostic of the given rule files.
import { Option, type Command } from 'commander';
import { notImplemented } from '../not-implemented.ts';

export function registerCheck(program: Command): void {
  program
    .command('check')
    .description('check rule files (or every *.rules under the given folders) and print diagnostics')
    .argument('<paths...>', 'rule files or folders to check')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(() => notImplemented('check', 3));
}
