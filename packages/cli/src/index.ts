// Public API of the decksmith command: the commander program (for embedding and tests).
export { createProgram } from './cli/program.ts';
