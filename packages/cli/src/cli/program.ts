// Builds the commander program with one sub-command per file under ./commands.
import { Command } from 'commander';
import { registerBench } from './commands/bench.ts';
import { registerBotRatings } from './commands/bot-ratings.ts';
import { registerCheck } from './commands/check.ts';
import { registerFmt } from './fmt-command.ts';
import { registerGen } from './commands/gen.ts';
import { registerLsp } from './lsp-command.ts';
import { registerNew } from './new-command.ts';
import { registerPlay } from './commands/play.ts';
import { registerReplay } from './commands/replay.ts';
import { registerScenario } from './commands/scenario.ts';
import { registerServe } from './commands/serve.ts';
import { registerSimulate } from './commands/simulate.ts';

/** Every sub-command, in the order `--help` lists them. */
const registrations = [
  registerCheck,
  registerGen,
  registerFmt,
  registerLsp,
  registerPlay,
  registerScenario,
  registerSimulate,
  registerBench,
  registerReplay,
  registerServe,
  registerNew,
  registerBotRatings,
] as const;

/**
 * Creates a fresh `decksmith` program. Commander errors are thrown (exitOverride) rather than
 * exiting, so `run()` can map them to exit code 2 and tests can call it in-process.
 */
export function createProgram(): Command {
  const program = new Command('decksmith')
    .description('Write card games as rule files; check, generate, play, simulate and serve them.')
    .version('0.0.0', '-V, --version')
    .showHelpAfterError()
    .showSuggestionAfterError()
    .exitOverride();
  for (const register of registrations) {
    // Sub-commands inherit exitOverride and the help-after-error setting via copyInheritedSettings.
    register(program);
  }
  return program;
}
