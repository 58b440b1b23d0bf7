// `decksmith play <game|file.rules>`: play whole games headless with bots, checking invariants.
import type { Command } from 'commander';
import { notImplemented } from '../not-implemented.ts';
import { keyValue, positiveInt } from '../options.ts';

export function registerPlay(program: Command): void {
  program
    .command('play')
    .description('play whole games headless with bots and print each result')
    .argument('<game>', 'game id or path to a .rules file')
    .option('--players <n>', 'number of seats', positiveInt)
    .option('--seed <seed>', 'seed of the first game (the next games use seed+1, ...)')
    .option('--games <n>', 'number of games to play', positiveInt, 1)
    .option('--bots <levels>', 'bot level for every seat, or one per seat comma-separated', 'random')
    .option('--option <key=value>', 'set a game option (repeatable)', keyValue)
    .option('--json', 'print one JSON object with every game, invariant violations and stuck games')
    .action(() => notImplemented('play', 4));
}
