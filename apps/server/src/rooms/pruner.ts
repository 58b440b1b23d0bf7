// The retention policy: finished and expired rooms older than pruneAfterMs are deleted with their logs and seat links, a batch at a time.
import type { Logger } from 'pino';
import type { Storage } from '../storage/storage.ts';

export interface PruneSettings {
  /** Rooms whose game ended longer ago than this (wall-clock ms) are deleted. */
  pruneAfterMs: number;
  /** Rooms deleted per batch (one storage call); a run goes on while batches come back full. */
  pruneBatch: number;
}

/** Batches one run deletes at most, so one run never holds the storage for long. */
const MAX_BATCHES = 20;

/** Told the ids of each batch of deleted rooms: stores kept apart from the storage (in-memory ratings' seat links) forget them. */
export type OnPruned = (rooms: readonly string[]) => Promise<void>;

/**
 * Deletes the rooms that are past retention; resolves to how many were deleted.
 *
 * @example
 * await pruneOnce(storage, { pruneAfterMs: 30 * 86_400_000, pruneBatch: 500 }, Date.now(), (ids) => ratings.forgetRooms(ids));
 */
export async function pruneOnce(storage: Storage, settings: PruneSettings, now = Date.now(), onPruned?: OnPruned): Promise<number> {
  const before = now - settings.pruneAfterMs;
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const ids = await storage.pruneRooms(before, settings.pruneBatch);
    if (ids.length > 0) await onPruned?.(ids);
    total += ids.length;
    if (ids.length < settings.pruneBatch) break;
    // Let acks and frames through between batches.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return total;
}

/** Prunes every `everyMs` (and once shortly after start); returns a stop function. */
export function startPruning(storage: Storage, settings: PruneSettings & { pruneEveryMs: number }, log: Logger, onPruned?: OnPruned): () => void {
  let running = false;
  const run = (): void => {
    if (running) return;
    running = true;
    pruneOnce(storage, settings, Date.now(), onPruned)
      .then((n) => {
        if (n > 0) log.info({ pruned: n, olderThanMs: settings.pruneAfterMs }, 'old rooms pruned');
      })
      .catch((err: unknown) => log.error({ err }, 'prune failed'))
      .finally(() => (running = false));
  };
  const first = setTimeout(run, Math.min(10_000, settings.pruneEveryMs));
  const timer = setInterval(run, settings.pruneEveryMs);
  first.unref?.();
  timer.unref?.();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
