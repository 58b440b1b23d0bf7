// `decksmith replay <log.json>`: verifies a downloaded game log's seed against its commitment, replays it with the runtime and prints the result.
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { loadGame, SimulateError } from '../../simulate/load-game.ts';
import type { GameDef } from '../../simulate/runtime.ts';
import { ReplayError, verifyLog, type CompleteLog } from '../../replay/verify-log.ts';

interface ReplayFlags {
  game?: string;
  json?: boolean;
}

interface Outcome {
  winners: number[];
  scores: number[];
  endedBy: string;
}

/** The slice of @decksmith/runtime replay uses (imported through a variable, as simulate does). */
interface ReplayRuntime {
  replay(def: GameDef, log: CompleteLog): { state: unknown; rejected: { index: number; rejection: { code: string; message: string } }[] };
  result(def: GameDef, state: unknown): Outcome | null;
}
const runtimeModule: string = '@decksmith/runtime';

export function registerReplay(program: Command): void {
  program
    .command('replay')
    .description("verify a finished game's downloaded log (its seed against the commitment shown at the start) and replay it")
    .argument('<log>', 'the log file (GET /api/rooms/<id>/log, or "Download log" in the client)')
    .option('--game <game>', 'game id or .rules file to replay with (default: the log\'s game)')
    .option('--json', 'print one JSON object')
    .action(async (file: string, flags: ReplayFlags) => {
      try {
        await replayCommand(file, flags);
      } catch (e) {
        if (!(e instanceof ReplayError) && !(e instanceof SimulateError)) throw e;
        process.stderr.write(`decksmith replay: ${e.message}\n`);
        process.exitCode = 1;
      }
    });
}

async function replayCommand(file: string, flags: ReplayFlags): Promise<void> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ReplayError(`Cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
  }
  const log = await verifyLog(text);
  const def = await loadGame(flags.game ?? log.game);
  if (def.id !== log.game) throw new ReplayError(`The log is of ${log.game}, not ${def.id}.`);
  const rt = (await import(runtimeModule)) as ReplayRuntime;
  const replayed = rt.replay(def, log);
  const bad = replayed.rejected[0];
  if (bad) {
    throw new ReplayError(`Action ${bad.index + 1} of ${log.actions.length} is refused on replay (${bad.rejection.code}: ${bad.rejection.message}): the log does not match this game's rules.`);
  }
  // The runtime's replay also runs the timers that fired after the last action (the log's clockAt).
  const result = rt.result(def, replayed.state);
  if (flags.json) {
    process.stdout.write(`${JSON.stringify({ game: log.game, verified: true, seedHash: log.seedHash, practice: log.practice === true, actions: log.actions.length, result })}\n`);
    return;
  }
  const lines = [
    `Deal verified: the seed matches the commitment shown at the start (sha256 ${log.seedHash}).`,
    ...(log.practice ? ['Practice room: the creator chose this seed, so the deal was known to them; the check only shows the log is consistent.'] : []),
    `${def.title}: ${log.players} players, ${log.actions.length} actions replayed.`,
    result
      ? `Result: ${result.winners.length > 0 ? `seat${result.winners.length > 1 ? 's' : ''} ${result.winners.join(', ')} won` : 'no winner'} (${result.endedBy}); scores ${result.scores.join(', ')}.`
      : 'Result: the replayed game is not over (the log ends before its end).',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
