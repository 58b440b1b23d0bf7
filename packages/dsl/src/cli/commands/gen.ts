// `decksmith gen [--check]`: regenerate every game's module from its rule file.
import type { Command } from 'commander';
import { notImplemented } from '../not-implemented.ts';

export function registerGen(program: Command): void {
  program
    .command('gen')
    .description('generate games/<id>/generated/<id>.generated.ts for every game')
    .option('--check', 'write nothing; exit 1 and name the files that would change')
    .action(() => notImplemented('gen', 3));
}
