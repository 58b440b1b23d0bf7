// The command's exit codes, in a module of their own so the sub-commands need not import the runner.

/** Exit code for a usage error: unknown command, unknown or malformed flag, missing argument. */
export const EXIT_USAGE = 2;
