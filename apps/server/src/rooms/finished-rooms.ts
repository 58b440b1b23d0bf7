// A small LRU of games that are over, rebuilt from storage on demand so a late join or spectator sees the final table.
import type { Logger } from 'pino';
import type { GameRegistry } from '../games/registry.ts';
import { isOver, type LogEntry, type RoomRecord, type Storage } from '../storage/storage.ts';
import { rebuildStored, type HostGame } from './rebuild.ts';
import type { Room } from './room.ts';

export interface FinishedRoomsDeps {
  storage: Storage;
  registry: GameRegistry;
  log: Logger;
  /** How many rebuilt rooms stay loaded; the least recently used is unloaded past it. */
  capacity: number;
  /** Makes a (not resumed, not registered) room of a record and its rebuilt state. */
  build: (record: RoomRecord, state: unknown, entries: readonly LogEntry[]) => Room;
  /** Hosts a game not hosted yet (a draft's, recompiled). */
  hostGame?: HostGame;
}

/**
 * Finished and expired rooms that are no longer loaded, rebuilt from their record and log (the
 * final state: actions, then the stored clock) when someone joins or spectates them. Bounded:
 * at most `capacity` are loaded, and concurrent opens of one room share one rebuild.
 *
 * @example
 * const room = await finished.open(id); // null: unknown, not over, or its log does not replay
 */
export class FinishedRooms {
  private readonly loaded = new Map<string, Room>();
  private readonly opening = new Map<string, Promise<Room | null>>();

  constructor(private readonly deps: FinishedRoomsDeps) {}

  get size(): number {
    return this.loaded.size;
  }

  /** The loaded room, marking it recently used; undefined when it is not loaded. */
  get(id: string): Room | undefined {
    const room = this.loaded.get(id);
    if (room) {
      this.loaded.delete(id);
      this.loaded.set(id, room);
    }
    return room;
  }

  /** The room of a game that is over, rebuilt from storage if needed; null when there is none. */
  open(id: string): Promise<Room | null> {
    const here = this.get(id);
    if (here) return Promise.resolve(here);
    let p = this.opening.get(id);
    if (!p) {
      p = this.load(id).finally(() => this.opening.delete(id));
      this.opening.set(id, p);
    }
    return p;
  }

  private async load(id: string): Promise<Room | null> {
    const record = await this.deps.storage.getRoom(id);
    if (!record || !isOver(record.status)) return null;
    const r = await rebuildStored(this.deps.registry, this.deps.storage, record, this.deps.hostGame);
    if ('error' in r) {
      this.deps.log.error({ room: id, reason: r.error }, 'finished room not rebuilt');
      return null;
    }
    const room = this.deps.build(record, r.state, r.entries);
    this.loaded.set(id, room);
    while (this.loaded.size > Math.max(1, this.deps.capacity)) {
      const [oldest, old] = this.loaded.entries().next().value as [string, Room];
      this.loaded.delete(oldest);
      void old.close('room/archived', 'The game is over and archived.');
    }
    return room;
  }

  /** Unloads every room (shutdown). */
  async close(code: string, message: string): Promise<void> {
    const rooms = [...this.loaded.values()];
    this.loaded.clear();
    await Promise.all(rooms.map((r) => r.close(code, message)));
  }
}
