// `decksmith lsp [--stdio]`: the language server (@decksmith/lsp) on stdin/stdout, for editors.
// The server gets this package's scenario runner, so a saved scenario shows its run's diagnostics.
import { dirname } from 'node:path';
import type { Command } from 'commander';

export function registerLsp(program: Command): void {
  program
    .command('lsp')
    .description('run the language server for rule and scenario files on stdin/stdout (editors start it)')
    .option('--stdio', 'talk over stdin/stdout (the only transport; accepted because editors pass it)')
    .action(async () => {
      // Loaded only here: the other commands do not pay for the server's start-up.
      const [{ runStdio }, { runScenarioFiles }, { findRoot }] = await Promise.all([
        import('@decksmith/lsp'), import('../scenario/index.ts'), import('@decksmith/dsl/node/pipeline.ts'),
      ]);
      runStdio({
        runScenario: async (file) => (await runScenarioFiles([file], findRoot(dirname(file)))).results.flatMap((r) => r.diagnostics),
      });
    });
}
