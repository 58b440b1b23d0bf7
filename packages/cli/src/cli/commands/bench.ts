// `decksmith bench [<game|file.rules>...]`: engine throughput figures, side by side with a peer.
import type { Command } from 'commander';
import { SingleBar } from 'cli-progress';
import { formatBench } from '../../bench/format-text.ts';
import { runBench } from '../../bench/run-bench.ts';
import { SimulateError } from '../../simulate/load-game.ts';
import { expandGameArgs } from '../game-args.ts';
import { positiveInt, positiveNumber } from '../options.ts';

interface BenchFlags {
  seconds: number;
  runs: number;
  players?: number;
  fidelity: number;
  json?: boolean;
}

export function registerBench(program: Command): void {
  program
    .command('bench')
    .description('measure moves/s, playouts/s, legal-action generation and bot iterations per game, beside a boardgame.io peer and a hand-written baseline')
    .argument('[games...]', 'game ids, .rules files or folders (every *.rules under them; default: every game)')
    .option('--seconds <s>', 'seconds per measurement', positiveNumber, 1)
    .option('--runs <n>', 'runs per figure (the median is reported, with min and max)', positiveInt, 5)
    .option('--players <n>', 'seats per table (clamped to each game; default 4)', positiveInt)
    .option('--fidelity <games>', 'Tiv-Miv games per implementation for the fidelity check (the timed ones, topped up)', positiveInt, 30)
    .option('--json', 'print one JSON object with the figures')
    .action(async (games: string[], flags: BenchFlags) => {
      try {
        const specs = expandGameArgs('bench', games);
        if (!Array.isArray(specs)) throw new SimulateError(specs.error);
        await benchCommand(specs, flags);
      } catch (e) {
        if (!(e instanceof SimulateError)) throw e;
        process.stderr.write(`decksmith bench: ${e.message}\n`);
        process.exitCode = 1;
      }
    });
}

async function benchCommand(games: string[], flags: BenchFlags): Promise<void> {
  const bar = process.stderr.isTTY ? new SingleBar({ stream: process.stderr, format: 'bench {bar} {value}/{total} | {what}', hideCursor: true }) : null;
  let started = false;
  try {
    const report = await runBench({
      games, seconds: flags.seconds, runs: flags.runs, players: flags.players, fidelityGames: flags.fidelity,
      onStep: (done, total, what) => {
        if (bar === null) return;
        if (!started) bar.start(total, 0, { what });
        started = true;
        bar.update(done, { what });
      },
    });
    bar?.stop();
    process.stdout.write(flags.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatBench(report)}\n`);
    // A game that could not be measured is a failure of the run, said on stderr too.
    for (const [id, why] of Object.entries(report.unmeasured)) process.stderr.write(`decksmith bench: ${id} not measured: ${why}\n`);
    if (Object.keys(report.unmeasured).length > 0) process.exitCode = 1;
  } finally {
    bar?.stop();
  }
}
