// Registers `decksmith new <id> [--from <game>] [--title <title>]` (the work is in new-game.ts).
import type { Command } from 'commander';
import { findRoot } from '@decksmith/dsl/node/pipeline.ts';
import { createGame } from './new-game.ts';

export function registerNew(program: Command): void {
  program
    .command('new')
    .description('create games/<id>/: a rule file that checks, plays and passes its scenario, README, package and nx wiring, generated module')
    .argument('<id>', 'the new game id (lower-case words joined by -, e.g. my-game)')
    .option('--from <game>', 'start from a copy of this game (its rule file and scenarios) instead of the template')
    .option('--title <title>', 'the title players see (default: from the id)')
    .option('--root <dir>', 'repository root (default: found from the working directory)')
    .action((id: string, flags: { from?: string; title?: string; root?: string }) => {
      const root = flags.root ?? findRoot();
      try {
        const made = createGame({ root, id, ...(flags.from !== undefined ? { from: flags.from } : {}), ...(flags.title !== undefined ? { title: flags.title } : {}) });
        process.stdout.write(`created games/${id}/:\n${made.files.map((f) => `  ${f}\n`).join('')}next:\n${made.next.map((n) => `  ${n}\n`).join('')}`);
        process.exitCode = 0;
      } catch (error) {
        process.stderr.write(`decksmith new: ${(error as Error).message}\n`);
        process.exitCode = 1;
      }
    });
}
