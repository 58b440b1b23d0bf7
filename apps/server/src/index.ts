// Public API of the Decksmith server.
export { buildApp, type AppOptions } from './app.ts';
export { start, type StartOptions, type RunningServer } from './start.ts';
export { openDatabase } from './storage/sqlite.ts';
