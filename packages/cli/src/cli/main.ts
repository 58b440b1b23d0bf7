// Entry point of the `decksmith` command: runs the program and turns usage errors into exit code 2.
import { run } from './run.ts';

process.exitCode = await run(process.argv);
