// Rebuilds a room's state from its seed, options, action log and stored clock: exactly the steps the live room took.
import type { GameRegistry } from '../games/registry.ts';
import type { HostedGame } from '../games/types.ts';
import type { LogEntry, RoomRecord, Storage } from '../storage/storage.ts';

/**
 * Replays a log: set-up, then for each entry the timers due by its time and the action itself,
 * then the timers due by the room's stored clock (`clockAt`: timer firings after the last action
 * whose effects were broadcast). Returns the state, or where and why the log stopped making sense.
 */
export function rebuild(game: HostedGame, room: RoomRecord, entries: readonly LogEntry[]): { state: unknown } | { error: string } {
  const engine = game.engine;
  const first = engine.setup({ players: room.players, options: room.options, seed: room.seed });
  if (typeof first === 'object' && first !== null && 'rejected' in first) {
    return { error: `set-up rejected: ${(first as { rejected: { message: string } }).rejected.message}` };
  }
  let state: unknown = first;
  let lastAt = 0;
  for (const e of entries) {
    state = engine.tick(state, e.at).state;
    const r = engine.apply(state, e.seat, e.action, e.at);
    if ('rejected' in r) return { error: `action ${e.n} (${e.action.type} by seat ${e.seat}) rejected on replay: ${r.rejected.code}` };
    state = r.state;
    lastAt = e.at;
  }
  if (room.clockAt !== undefined && room.clockAt > lastAt) state = engine.tick(state, room.clockAt).state;
  return { state };
}

/**
 * Hosts a game that is not hosted yet, if it can (a studio draft's, recompiled from its stored
 * text: drafts/draft-games.ts); true once it is in the registry.
 */
export type HostGame = (gameId: string) => Promise<boolean>;

/**
 * Reads a stored room's log and rebuilds its state with its hosted game (recovery, a cluster
 * takeover, a finished game opened for a late viewer); the error says why it could not be.
 * `hostGame` is asked for a game not hosted (yet) before giving up.
 */
export async function rebuildStored(
  registry: GameRegistry,
  storage: Storage,
  record: RoomRecord,
  hostGame?: HostGame,
): Promise<{ state: unknown; entries: LogEntry[] } | { error: string }> {
  if (!registry.get(record.game) && hostGame) await hostGame(record.game);
  const game = registry.get(record.game);
  const entries = await storage.getActions(record.id);
  const r = game ? rebuild(game, record, entries) : { error: `game "${record.game}" is not hosted` };
  return 'error' in r ? r : { state: r.state, entries };
}
