// Public API of the Decksmith server.
export { buildApp, type AppOptions } from './app.ts';
export { start, type StartOptions, type RunningServer } from './start.ts';
export { openDatabase, SqliteStorage } from './storage/sqlite.ts';
export { MemoryStorage } from './storage/memory.ts';
export type { Storage, RoomRecord, LogEntry, ReplayLog } from './storage/storage.ts';
export type { HostedGame, GameEngine, WireAction } from './games/types.ts';
export { hostGameDef } from './games/runtime-engine.ts';
export { PROTOCOL_VERSION, type ServerMessage, type ClientMessage } from '@decksmith/protocol';
