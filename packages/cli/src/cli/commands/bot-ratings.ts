// `decksmith bot-ratings <game…> --games N`: bot levels play each other headlessly; their Glicko-2 ratings go to games/<id>/bot-ratings.json (the server shows them).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Command } from 'commander';
import { findRoot } from '@decksmith/dsl/node/pipeline.ts';
import { measureBotRatings } from '../../ratings/bot-ratings.ts';
import { loadRuntime } from '../../simulate/runtime.ts';
import { loadGame, parseOptions, SimulateError } from '../../simulate/load-game.ts';
import { keyValue, positiveInt } from '../options.ts';

interface Flags {
  games: number;
  players?: number;
  seed: string;
  iterations: number;
  option?: Record<string, string>;
  write: boolean;
  maxActions?: number;
}

export function registerBotRatings(program: Command): void {
  program
    .command('bot-ratings')
    .description("rate each bot level from bot-vs-bot games (Glicko-2) and write games/<id>/bot-ratings.json")
    .argument('<games...>', 'game ids (launch games with a generated module)')
    .option('--games <n>', 'games per pairing of two levels', positiveInt, 20)
    .option('--players <n>', 'seats per game (default: the game\'s smallest table of 2 or more)', positiveInt)
    .option('--seed <seed>', 'seed of the run', 'bot-ratings')
    .option('--iterations <n>', 'ismcts iterations per decision (a fixed budget: the run is reproducible)', positiveInt, 100)
    .option('--option <key=value>', 'set a game option (repeatable)', keyValue)
    .option('--max-actions <n>', 'stop a game after this many actions (a capped game counts as a draw)', positiveInt)
    .option('--no-write', 'print the table only')
    .action(async (ids: string[], flags: Flags) => {
      try {
        for (const id of ids) await rateOne(id, flags);
      } catch (e) {
        if (!(e instanceof SimulateError)) throw e;
        process.stderr.write(`decksmith bot-ratings: ${e.message}\n`);
        process.exitCode = 1;
      }
    });
}

async function rateOne(id: string, flags: Flags): Promise<void> {
  if (!/^[a-z0-9-]+$/.test(id)) throw new SimulateError(`"${id}" is not a game id (bot ratings belong to a game folder).`);
  const rt = await loadRuntime();
  const def = await loadGame(id);
  const players = flags.players ?? Math.min(def.maxPlayers, Math.max(2, def.minPlayers));
  const t0 = performance.now();
  const file = measureBotRatings(rt, { def, levels: rt.BOT_LEVELS, players, games: flags.games, seed: flags.seed, options: parseOptions(def, flags.option ?? {}), iterations: flags.iterations, ...(flags.maxActions ? { maxActions: flags.maxActions } : {}) });
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  const lines = [
    `${id}: ${flags.games} games per pairing${flags.maxActions ? ` (capped at ${flags.maxActions} actions)` : ''} at ${players} seats, ismcts ${flags.iterations} iterations (${seconds} s)`,
    ...file.pairings.map((p) => `  ${p.levels[0]} vs ${p.levels[1]}: ${p.wins[0]}–${p.wins[1]}, ${p.draws} drawn`),
    ...file.levels.map((l) => `  ${l.level.padEnd(8)} ${l.rating} ± ${l.rd * 2}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (flags.write) {
    const out = join(findRoot(), 'games', id, 'bot-ratings.json');
    writeFileSync(out, `${JSON.stringify(file, null, 2)}\n`);
    process.stderr.write(`wrote ${out}\n`);
  }
}
