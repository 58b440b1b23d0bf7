// Public API of the Decksmith rules language (parser, checker, codegen land with the language issue).
export { createProgram } from './cli/program.ts';
