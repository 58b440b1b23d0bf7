// Runs the CLI program on an argv and returns the process exit code (0 ok, 1 failure, 2 usage).
import { CommanderError } from 'commander';
import { EXIT_USAGE } from './exit-codes.ts';
import { createProgram } from './program.ts';

export { EXIT_USAGE } from './exit-codes.ts';

/**
 * Parses `argv` (as in `process.argv`) and runs the chosen sub-command.
 *
 * @example
 * process.exitCode = await run(['node', 'decksmith', 'check', 'games']);
 */
export async function run(argv: readonly string[]): Promise<number> {
  const program = createProgram();
  if (argv.length <= 2) {
    // No sub-command: show the usage and treat it as a usage error.
    program.outputHelp({ error: true });
    return EXIT_USAGE;
  }
  try {
    await program.parseAsync([...argv]);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has already printed the message (and the usage, see showHelpAfterError).
      return error.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    throw error;
  }
  return typeof process.exitCode === 'number' ? process.exitCode : 0;
}
