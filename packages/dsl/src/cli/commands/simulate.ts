// `decksmith simulate <game|file.rules> --games N`: balance statistics over many bot games.
import type { Command } from 'commander';
import { notImplemented } from '../not-implemented.ts';
import { keyValue, positiveInt } from '../options.ts';

export function registerSimulate(program: Command): void {
  program
    .command('simulate')
    .description('simulate many bot games and report balance statistics')
    .argument('<game>', 'game id or path to a .rules file')
    .requiredOption('--games <n>', 'number of games to simulate', positiveInt)
    .option('--players <n>', 'number of seats', positiveInt)
    .option('--bots <levels>', 'bot level for every seat, or one per seat comma-separated', 'random')
    .option('--option <key=value>', 'set a game option (repeatable)', keyValue)
    .option('--compare <key=v1,v2>', "compare an option's values")
    .option('--report <file.html>', 'write an HTML report with charts')
    .option('--json', 'print one JSON object with the figures')
    .action(() => notImplemented('simulate', 12));
}
