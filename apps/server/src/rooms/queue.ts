// A serial queue: the room's one-at-a-time executor, so no two actions of a room ever interleave.

export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  /** Tasks queued or running. */
  get length(): number {
    return this.waiting;
  }

  /** Runs `task` after every task queued before it; its failure does not stop the queue. */
  run<T>(task: () => T | Promise<T>): Promise<T> {
    this.waiting++;
    const result = this.tail.then(task);
    this.tail = result.then(
      () => this.waiting--,
      () => this.waiting--,
    );
    return result;
  }

  /** Resolves once everything queued so far has run. */
  drain(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}
