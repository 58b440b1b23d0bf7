// `decksmith lsp [--stdio]`: the language server (@decksmith/lsp) on stdin/stdout, for editors.
import type { Command } from 'commander';

export function registerLsp(program: Command): void {
  program
    .command('lsp')
    .description('run the language server for rule and scenario files on stdin/stdout (editors start it)')
    .option('--stdio', 'talk over stdin/stdout (the only transport; accepted because editors pass it)')
    .action(async () => {
      // Loaded only here: the other commands do not pay for the server's start-up.
      const { runStdio } = await import('@decksmith/lsp');
      runStdio();
    });
}
