// Storage seen through the leases: a room is created only with its lease, and an action is stored and acknowledged only while this node's lease on the room is provably valid.
import { NOT_NEXT, type Storage } from '../storage/storage.ts';
import type { LeaseKeeper } from './lease.ts';

/** Thrown by the fenced storage when this node no longer holds a room; the room replies `lease/lost` and is unloaded. */
export class LeaseLostError extends Error {
  readonly code = 'lease/lost';
  constructor(readonly room: string) {
    super(`This node no longer holds room ${room}.`);
  }
}

/**
 * Wraps a storage so that every write for a room is checked against this node's lease:
 * `createRoom` first takes the new room's lease; `appendAction` checks the lease before
 * the write and again once it is durable (so an action whose write outlived the lease is
 * never acknowledged here: the room replies an error and is fenced); a chat line is checked the
 * same way (before, and again once stored: a line whose write outlived the lease is not sent by
 * this node); seat claims and room updates check it before writing. Other methods pass through. The storage's own unique
 * (room, n) key stays the last fence: two writers can never store two different actions at
 * one position; when it refuses a write of ours, `onConflict` reloads the room from the log.
 */
export function fencedStorage(inner: Storage, leases: LeaseKeeper, onConflict: (room: string) => void = () => {}): Storage {
  const assert = (room: string): void => {
    if (leases.valid(room)) return;
    leases.fence(room, 'expired');
    throw new LeaseLostError(room);
  };
  const overrides: Partial<Storage> = {
    async createRoom(room) {
      if (!(await leases.acquire(room.id))) throw new LeaseLostError(room.id);
      try {
        await inner.createRoom(room);
      } catch (error) {
        await leases.release(room.id, 'over');
        throw error;
      }
    },
    async appendAction(room, entry) {
      assert(room);
      try {
        await inner.appendAction(room, entry);
      } catch (error) {
        // Position taken: a previous owner's last write landed after this node read the log. The
        // log is the truth: the room is reloaded from it (its clients reconnect).
        const e = error as { code?: unknown; message?: unknown };
        if (leases.valid(room) && (e.code === NOT_NEXT || /is not next/.test(String(e.message)))) onConflict(room);
        throw error;
      }
      assert(room);
    },
    async appendChat(room, line) {
      assert(room);
      await inner.appendChat(room, line);
      assert(room);
    },
    async claimSeat(room, seat, tokenHash, name) {
      assert(room);
      return inner.claimSeat(room, seat, tokenHash, name);
    },
    async releaseSeat(room, seat, tokenHash, replacement) {
      assert(room);
      return inner.releaseSeat(room, seat, tokenHash, replacement);
    },
    async updateRoom(room, patch) {
      // An idle room is marked expired after it was unloaded (and its lease given up): that write needs no lease.
      if (patch.status !== 'expired') assert(room);
      await inner.updateRoom(room, patch);
    },
  };
  return new Proxy(inner, {
    get(target, prop, receiver) {
      if (Object.hasOwn(overrides, prop)) return overrides[prop as keyof Storage];
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
