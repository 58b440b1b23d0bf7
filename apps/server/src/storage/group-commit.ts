// Group commit: every append queued in one event-loop turn (and while the previous commit is in flight) goes to the database in one statement.

interface Pending<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface GroupCommitOptions<T> {
  /** Writes a batch atomically (all or none); rejects when any item is refused. */
  writeBatch(items: readonly T[]): Promise<void>;
  /** Writes one item on its own (after a batch failed, so one bad item does not fail the others). */
  writeOne(item: T): Promise<void>;
  /** Largest batch per commit (default 1000); the rest waits for the next commit. */
  maxBatch?: number;
  /**
   * Let a turn of the event loop pass between back-to-back commits (default false: the next one
   * starts as the previous one ends). SQLite wants it: a writer that commits again within the
   * same turn holds the file's write lock almost without a break, and other processes' blocking
   * transactions (seat claims, checkpoints), which poll for the lock, could wait past their
   * timeout.
   */
  turnBetweenCommits?: boolean;
}

/**
 * Queues items and commits them in batches, one commit in flight at a time: items queued in the
 * same turn share a commit, and items queued while a commit is in flight share the next one (so
 * a slower database gets larger batches, not more round trips). Each `add` resolves only once
 * its item's commit succeeded. When a batch fails, its items are written one by one in order, so
 * only the refused ones reject.
 */
export class GroupCommit<T> {
  private queue: Pending<T>[] = [];
  private scheduled = false;
  private inFlight: Promise<void> | undefined;
  private readonly maxBatch: number;

  constructor(private readonly options: GroupCommitOptions<T>) {
    this.maxBatch = Math.max(1, options.maxBatch ?? 1000);
  }

  /** Items waiting for a commit (not counting the one in flight). */
  get waiting(): number {
    return this.queue.length;
  }

  /** Queues `item`; resolves once it is committed, rejects if it was refused or the write failed. */
  add(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves once every item queued so far is committed or rejected. */
  async drain(): Promise<void> {
    while (this.inFlight || this.queue.length > 0) {
      if (!this.inFlight) this.start();
      await this.inFlight;
    }
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight) return;
    this.scheduled = true;
    // setImmediate: after every append of this turn has been queued.
    setImmediate(() => {
      this.scheduled = false;
      if (!this.inFlight) this.start();
    });
  }

  private start(): void {
    if (this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.maxBatch);
    this.inFlight = this.commit(batch).finally(() => {
      this.inFlight = undefined;
      // What queued meanwhile came in earlier turns: commit it now (or on the next turn).
      if (this.options.turnBetweenCommits) this.schedule();
      else this.start();
    });
  }

  private async commit(batch: Pending<T>[]): Promise<void> {
    try {
      await this.options.writeBatch(batch.map((p) => p.item));
      for (const p of batch) p.resolve();
      return;
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
    }
    for (const p of batch) {
      try {
        await this.options.writeOne(p.item);
        p.resolve();
      } catch (error) {
        p.reject(error);
      }
    }
  }
}
