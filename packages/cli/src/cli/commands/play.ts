// `decksmith play <game|file.rules>`: play whole games headless with bots, checking invariants.
import { performance } from 'node:perf_hooks';
import type { Command } from 'commander';
import { loadGame } from '../../play/load-game.ts';
import { playGames, type GameRecord } from '../../play/play-games.ts';
import { loadRuntime, type GameDef, type OptionValue, type Runtime } from '../../play/runtime-api.ts';
import { expandGameArgs } from '../game-args.ts';
import { keyValue, positiveInt } from '../options.ts';
import { EXIT_USAGE } from '../exit-codes.ts';

interface PlayFlags {
  players?: number;
  seed: string;
  games: number;
  bots: string;
  option?: Record<string, string>;
  maxActions: number;
  invariants: boolean;
  json?: boolean;
}

/** `--option k=v` text → the option's value (numbers, durations as 4s/300ms, true/false, enum names). */
function optionValue(def: GameDef, key: string, text: string): OptionValue | string {
  const o = def.options.find((x) => x.name === key);
  if (o === undefined) return `unknown option "${key}" (options: ${def.options.map((x) => x.name).join(', ') || 'none'})`;
  if (o.kind === 'bool') return text === 'true' ? true : text === 'false' ? false : `option ${key} is true or false, not "${text}"`;
  if (o.kind === 'enum') return text;
  const m = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(text);
  if (m === null) return `option ${key} takes a ${o.kind === 'duration' ? 'duration such as 4s or 300ms' : 'whole number'}, not "${text}"`;
  const v = Number(m[1]);
  return o.kind === 'duration' ? Math.round(m[2] === 's' ? v * 1000 : v) : v;
}

function usage(message: string): number {
  process.stderr.write(`decksmith play: ${message}\n`);
  return EXIT_USAGE;
}

function line(g: GameRecord, i: number): string {
  const winners = g.winners.length === 0 ? 'none' : g.winners.map((p) => `p${p + 1}`).join(', ');
  const extra = g.violations > 0 ? ` · ${g.violations} invariant violation(s): ${g.firstViolation}` : '';
  return `game ${i + 1} (seed ${g.seed}): winners ${winners} · scores ${g.scores.join(', ')} · ${g.actions} actions · ${g.rounds} round(s) · ${seconds(g.time)} s logical · ${g.endedBy}${extra}\n`;
}

/** Logical ms as seconds with one decimal (`41.2`). */
function seconds(ms: number): string {
  return (ms / 1000).toFixed(1);
}

const mean = (xs: readonly number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

/** Runs the command; returns the exit code (0 every game ended cleanly, 1 violations or stuck games, 2 usage). */
export async function playCommand(game: string, flags: PlayFlags): Promise<number> {
  const seed = Number(flags.seed);
  if (!/^-?\d+$/.test(flags.seed) || !Number.isSafeInteger(seed)) return usage(`--seed takes a whole number, not "${flags.seed}"`);
  const loaded = await loadGame(game);
  if ('error' in loaded) {
    for (const e of loaded.error) process.stderr.write(`${e}\n\n`);
    return 1;
  }
  const def = loaded.def;
  const rt: Runtime = await loadRuntime();
  const players = flags.players ?? def.minPlayers;
  if (players < def.minPlayers || players > def.maxPlayers) return usage(`${def.title} is for ${def.minPlayers}..${def.maxPlayers} players, not ${players}`);
  const levels = flags.bots.split(',').map((b) => b.trim());
  for (const l of levels) if (rt.parseBotLevel(l) === null) return usage(`unknown bot level "${l}"`);
  if (levels.length !== 1 && levels.length !== players) return usage(`--bots gives ${levels.length} levels for ${players} players (give one, or one per seat)`);
  const bots = levels.length === 1 ? new Array<string>(players).fill(levels[0]!) : levels;
  const options: Record<string, OptionValue> = {};
  for (const [k, v] of Object.entries(flags.option ?? {})) {
    const value = optionValue(def, k, v);
    if (typeof value === 'string' && def.options.find((o) => o.name === k)?.kind !== 'enum') return usage(value);
    options[k] = value;
  }
  const refused = rt.checkSetup(def, { players, seed, options });
  if (refused !== null) return usage(refused.message);

  const report = playGames(rt, def, {
    players, seed, games: flags.games, bots, options, maxActions: flags.maxActions, invariants: flags.invariants,
    clock: () => performance.now(),
    onGame: flags.json === true ? undefined : (g, i) => process.stdout.write(line(g, i)),
  });
  if (flags.json === true) {
    const out = {
      games: report.games.map(({ seed: s, winners, scores, actions, rounds, time, endedBy }) => ({ seed: s, winners, scores, actions, rounds, time, endedBy })),
      invariantViolations: report.invariantViolations,
      stuckGames: report.stuckGames,
      movesPerSecond: report.movesPerSecond,
      meanActions: Math.round(report.meanActions * 10) / 10,
      meanRounds: Math.round(mean(report.games.map((g) => g.rounds)) * 10) / 10,
      meanTime: Math.round(mean(report.games.map((g) => g.time))),
      seconds: Math.round(report.ms) / 1000,
      invariantSeconds: Math.round(report.invariantMs) / 1000,
    };
    process.stdout.write(`${JSON.stringify(out)}\n`);
  }
  process.stderr.write(
    `played ${report.games.length} game(s) of ${def.title} with ${players} players: ${report.invariantViolations} invariant violation(s), `
    + `${report.stuckGames} stuck, ${report.meanActions.toFixed(1)} actions, ${mean(report.games.map((g) => g.rounds)).toFixed(1)} round(s) and `
    + `${seconds(mean(report.games.map((g) => g.time)))} s of logical time per game, ${report.movesPerSecond} moves/s\n`,
  );
  return report.invariantViolations > 0 || report.stuckGames > 0 ? 1 : 0;
}

export function registerPlay(program: Command): void {
  program
    .command('play')
    .description('play whole games headless with bots and print each result')
    .argument('<game>', 'game id, .rules file, or folder (every *.rules under it, each played in turn)')
    .option('--players <n>', 'number of seats (default: the fewest the game allows)', positiveInt)
    .option('--seed <seed>', 'seed of the first game (the next games use seed+1, ...)', '1')
    .option('--games <n>', 'number of games to play', positiveInt, 1)
    .option('--bots <levels>', 'bot level for every seat, or one per seat comma-separated (random, greedy, ismcts)', 'random')
    .option('--option <key=value>', 'set a game option (repeatable)', keyValue)
    .option('--max-actions <n>', 'accepted actions after which a game counts as stuck', positiveInt, 20_000)
    .option('--no-invariants', 'do not check the invariants after every action (to measure the engine alone)')
    .option('--json', 'print one JSON object: games [{ seed, winners, scores, actions, rounds, time (logical ms), endedBy }], '
      + 'invariantViolations, stuckGames, movesPerSecond, meanActions, meanRounds, meanTime (logical ms), seconds, invariantSeconds')
    .action(async (game: string, flags: PlayFlags) => {
      const specs = expandGameArgs('play', [game]);
      if (!Array.isArray(specs)) {
        process.exitCode = usage(specs.error);
        return;
      }
      let code = 0;
      for (const spec of specs) code = Math.max(code, await playCommand(spec, flags));
      process.exitCode = code;
    });
}
