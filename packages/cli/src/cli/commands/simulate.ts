// `decksmith simulate <game|file.rules> --games N`: balance statistics over many bot games.
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Command } from 'commander';
import { SingleBar } from 'cli-progress';
import { loadRuntime, type GameDef, type OptionValue, type RuntimeApi } from '../../simulate/runtime.ts';
import { cappedWarning, formatComparison, formatSummary } from '../../simulate/format-text.ts';
import { loadGame, parseOptions, parseOptionValue, SimulateError } from '../../simulate/load-game.ts';
import { renderReport } from '../../simulate/report/html.ts';
import { comparisonEffect, DEFAULT_MAX_ACTIONS, parseCompare, runSimulation, type ComparisonSummary } from '../../simulate/simulate.ts';
import type { SimulationSummary } from '../../simulate/summary.ts';
import { expandGameArgs } from '../game-args.ts';
import { fairnessSection, formatFairness, measureFairness, parseLatencies, type FairnessRuntime, type FairnessSummary } from '../../simulate/fairness.ts';
import { keyValue, positiveInt, positiveNumber } from '../options.ts';

interface SimulateFlags {
  games: number;
  players?: number;
  bots: string;
  option?: Record<string, string>;
  seed: string;
  compare?: string;
  report?: string;
  json?: boolean;
  iterations: number;
  thinkMs?: number;
  rotate?: boolean;
  maxActions?: number;
  latency?: string;
}

export function registerSimulate(program: Command): void {
  program
    .command('simulate')
    .description('simulate many bot games and report balance statistics')
    .argument('<game>', 'game id, .rules file, or a folder holding one')
    .requiredOption('--games <n>', 'number of games to simulate', positiveInt)
    .option('--players <n>', 'number of seats', positiveInt)
    .option('--bots <levels>', 'bot level for every seat, or one per seat comma-separated (random, greedy, ismcts; easy, medium, hard)', 'random')
    .option('--option <key=value>', 'set a game option (repeatable)', keyValue)
    .option('--seed <seed>', 'seed of the run (game g uses <seed>/g)', 'decksmith')
    .option('--compare <key=v1,v2>', "compare an option's values (same seeds for each)")
    .option('--report <file.html>', 'write an HTML report with charts')
    .option('--json', 'print one JSON object with the figures')
    .option('--iterations <n>', 'ismcts iterations per decision', positiveInt, 200)
    .option('--think-ms <ms>', 'ismcts thinking time per decision instead (wall clock: not reproducible)', positiveNumber)
    .option('--rotate', 'rotate the bot levels around the table from game to game')
    .option('--latency <seat=ms,…>', 'one-way latency per seat (p1=10,p2=90): adds each seat\'s race win rate with and without latency compensation')
    .option('--max-actions <n>', `stop a game after this many accepted actions (default: ${DEFAULT_MAX_ACTIONS}); stopped games are reported as capped`, positiveInt)
    .action(async (game: string, flags: SimulateFlags) => {
      try {
        const specs = expandGameArgs('simulate', [game]);
        if (!Array.isArray(specs)) throw new SimulateError(specs.error);
        if (specs.length !== 1) throw new SimulateError(`${game} holds ${specs.length} rule files: name one of them.`);
        await simulateCommand(specs[0]!, flags);
      } catch (e) {
        if (!(e instanceof SimulateError)) throw e;
        process.stderr.write(`decksmith simulate: ${e.message}\n`);
        process.exitCode = 1;
      }
    });
}

function seatBots(rt: RuntimeApi, text: string, players: number): string[] {
  const names = text.split(',').map((s) => s.trim());
  const levels = names.map((n) => {
    const l = rt.parseBotLevel(n);
    if (l === null) throw new SimulateError(`unknown bot level "${n}" (use random, greedy, ismcts or easy, medium, hard).`);
    return l;
  });
  if (levels.length === 1) return new Array<string>(players).fill(levels[0]!);
  if (levels.length !== players) throw new SimulateError(`--bots names ${levels.length} levels for ${players} seats: give one, or one per seat.`);
  return levels;
}

function checkTable(rt: RuntimeApi, def: GameDef, players: number, options: Record<string, OptionValue>, seed: string): void {
  const bad = rt.checkSetup(def, { players, options, seed });
  if (bad !== null) throw new SimulateError(bad.message);
}

function withoutPerGame(s: SimulationSummary): Omit<SimulationSummary, 'actionsPerGame'> {
  const { actionsPerGame: _omit, ...rest } = s;
  return rest;
}

async function simulateCommand(game: string, flags: SimulateFlags): Promise<void> {
  const rt = await loadRuntime();
  const def = await loadGame(game);
  const players = flags.players ?? Math.min(def.maxPlayers, Math.max(2, def.minPlayers));
  const bots = seatBots(rt, flags.bots, players);
  const options = parseOptions(def, flags.option ?? {});
  checkTable(rt, def, players, options, flags.seed);
  const compare = flags.compare === undefined ? null : parseCompare(flags.compare);
  if (flags.compare !== undefined && compare === null) throw new SimulateError('--compare takes key=v1,v2[,…] with at least two values.');
  const variants = compare === null ? [{ value: '', options }] : compare.values.map((v) => ({ value: v, options: { ...options, [compare.option]: parseOptionValue(def, compare.option, v) } }));
  for (const v of variants) checkTable(rt, def, players, v.options, flags.seed);

  const total = flags.games * variants.length;
  const bar = process.stderr.isTTY && !flags.json ? new SingleBar({ stream: process.stderr, format: 'simulate {bar} {value}/{total} games | {duration_formatted} elapsed, ETA {eta_formatted}', hideCursor: true }) : null;
  bar?.start(total, 0);
  const budget = flags.thinkMs !== undefined ? { ms: flags.thinkMs, clock: () => performance.now(), iterations: 100_000 } : { iterations: flags.iterations };
  const results: (SimulationSummary & { value: string })[] = [];
  try {
    for (const [k, v] of variants.entries()) {
      const { summary } = await runSimulation({
        def, players, games: flags.games, seed: flags.seed, options: v.options, bots, rotate: flags.rotate ?? false, budget,
        maxActions: flags.maxActions,
        onGame: (done) => bar?.update(k * flags.games + done),
      });
      results.push({ ...summary, value: v.value });
    }
  } finally {
    bar?.stop();
  }
  let fairness: FairnessSummary | undefined;
  if (flags.latency !== undefined) {
    const latencies = parseLatencies(flags.latency, players);
    if (latencies === null) throw new SimulateError(`--latency takes p1=10,p2=90 (ms, seats 1–${players}).`);
    fairness = measureFairness(rt as unknown as FairnessRuntime, { def, players, games: flags.games, seed: flags.seed, options, latencies, level: bots[0]! });
  }
  const comparison: ComparisonSummary | undefined =
    compare === null ? undefined : { option: compare.option, variants: results, effect: comparisonEffect(results) };
  const main = results[0]!;
  if (flags.report !== undefined) {
    writeFileSync(flags.report, renderReport(main, comparison).replace('</body>', `${fairness ? fairnessSection(fairness) : ''}</body>`));
    if (!flags.json) process.stderr.write(`report written to ${flags.report}\n`);
  }
  if (flags.json) {
    const { value: _v, ...first } = main;
    const out = {
      ...(comparison === undefined
        ? withoutPerGame(first)
        : { ...withoutPerGame(first), compare: { option: comparison.option, variants: comparison.variants.map(withoutPerGame), effect: comparison.effect } }),
      ...(fairness ? { fairness } : {}),
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    // The JSON has endings.capped and maxActions; say what they mean where a person reads.
    for (const r of results) {
      const warning = cappedWarning(r);
      if (warning !== null) process.stderr.write(`decksmith simulate: warning: ${compare === null ? '' : `${compare.option}=${r.value}: `}${warning}\n`);
    }
  } else process.stdout.write(`${comparison === undefined ? formatSummary(main) : formatComparison(comparison)}\n${fairness ? `\n${formatFairness(fairness)}\n` : ''}`);
  // A game that sticks (no seat can act, no timer pending) is a fault of the rules: the run fails.
  for (const r of results) {
    if (r.endings.stuck === 0) continue;
    process.stderr.write(`decksmith simulate: ${compare === null ? '' : `${compare.option}=${r.value}: `}${r.endings.stuck} of ${r.games} games stuck `
      + '(no seat could act and no timer was pending): the rules can stall; `decksmith play` shows where.\n');
    process.exitCode = 1;
  }
}
