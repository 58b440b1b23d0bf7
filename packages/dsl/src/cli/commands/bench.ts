// `decksmith bench [<game|file.rules>...]`: engine throughput figures, side by side with a peer.
import type { Command } from 'commander';
import { notImplemented } from '../not-implemented.ts';
import { positiveNumber } from '../options.ts';

export function registerBench(program: Command): void {
  program
    .command('bench')
    .description('measure moves/s, playouts/s, legal-action generation and bot iterations per game')
    .argument('[games...]', 'game ids or .rules files (default: every game)')
    .option('--seconds <s>', 'seconds per measurement', positiveNumber)
    .option('--json', 'print one JSON object with the figures')
    .action(() => notImplemented('bench', 13));
}
