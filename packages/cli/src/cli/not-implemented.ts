// Placeholder action for sub-commands whose issue has not landed yet.

/** Prints "decksmith <cmd>: not implemented yet (issue N)" to stderr and sets exit code 1. */
export function notImplemented(command: string, issue: number): void {
  process.stderr.write(`decksmith ${command}: not implemented yet (issue ${issue})\n`);
  process.exitCode = 1;
}
