// Group commit batching (the appends of the PostgreSQL and SQLite storages): one batch per turn, one commit in flight, resolve after commit, one-by-one retry, a turn between commits on request.
import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../src/storage/group-commit.ts';

/** A writer whose commits the test completes by hand, recording each batch. */
function manualWriter(refuse: (item: number) => boolean = () => false) {
  const batches: number[][] = [];
  const ones: number[] = [];
  const open: (() => void)[] = [];
  return {
    batches,
    ones,
    inFlight: () => open.length,
    /** Completes the oldest commit in flight. */
    finishOne: () => open.shift()?.(),
    writer: {
      writeBatch: (items: readonly number[]) =>
        new Promise<void>((resolve, reject) => {
          batches.push([...items]);
          open.push(() => (items.some(refuse) ? reject(new Error('refused')) : resolve()));
        }),
      writeOne: async (item: number) => {
        ones.push(item);
        if (refuse(item)) throw new Error(`refused ${item}`);
      },
    },
  };
}

const turn = () => new Promise<void>((r) => setImmediate(r));

describe('GroupCommit', () => {
  it('puts the items of one turn in one batch and resolves none before that commit completes', async () => {
    const w = manualWriter();
    const gc = new GroupCommit(w.writer);
    const done: number[] = [];
    // Added across microtasks of one turn, as rooms' queues do (each after awaits of its own).
    const adds: Promise<unknown>[] = [];
    for (const i of [1, 2, 3]) {
      adds.push(gc.add(i).then(() => done.push(i)));
      await Promise.resolve();
    }
    await turn();
    expect(w.batches).toEqual([[1, 2, 3]]);
    await turn();
    expect(done).toEqual([]);
    w.finishOne();
    await Promise.all(adds);
    expect(done).toEqual([1, 2, 3]);
  });

  it('keeps one commit in flight: items of later turns wait and then share the next commit', async () => {
    const w = manualWriter();
    const gc = new GroupCommit(w.writer);
    const all = [gc.add(1)];
    await turn();
    all.push(gc.add(2));
    await turn();
    all.push(gc.add(3));
    await turn();
    expect(w.batches).toEqual([[1]]);
    expect(w.inFlight()).toBe(1);
    w.finishOne();
    await all[0];
    await turn();
    expect(w.batches).toEqual([[1], [2, 3]]);
    w.finishOne();
    await Promise.all(all);
  });

  it('caps a batch at maxBatch; the rest goes in the following commits', async () => {
    const w = manualWriter();
    const gc = new GroupCommit({ ...w.writer, maxBatch: 2 });
    const all = [1, 2, 3, 4, 5].map((i) => gc.add(i));
    for (let i = 0; i < 3; i++) {
      await turn();
      w.finishOne();
    }
    await Promise.all(all);
    expect(w.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('retries a refused batch item by item, in order, so only the refused items reject', async () => {
    const w = manualWriter((i) => i === 2);
    const gc = new GroupCommit(w.writer);
    const results = Promise.allSettled([1, 2, 3].map((i) => gc.add(i)));
    await turn();
    w.finishOne();
    expect((await results).map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(w.ones).toEqual([1, 2, 3]);
  });

  it('drain() waits for every queued item, including those not yet scheduled', async () => {
    const w = manualWriter();
    const gc = new GroupCommit(w.writer);
    const settled: number[] = [];
    [1, 2].forEach((i) => void gc.add(i).then(() => settled.push(i)));
    const drained = gc.drain().then(() => settled.push(0));
    await turn();
    w.finishOne();
    await drained;
    expect(settled).toEqual([1, 2, 0]);
    expect(gc.waiting).toBe(0);
  });

  it('with turnBetweenCommits, starts the next commit only after a turn, never as the previous one ends', async () => {
    for (const gap of [false, true]) {
      const w = manualWriter();
      const gc = new GroupCommit({ ...w.writer, turnBetweenCommits: gap });
      const first = gc.add(1);
      await turn();
      const second = gc.add(2);
      w.finishOne();
      await first;
      for (let i = 0; i < 10; i++) await Promise.resolve();
      // Microtasks only: a writer that commits again now holds SQLite's lock without a break.
      expect(w.batches.length).toBe(gap ? 1 : 2);
      await turn();
      expect(w.batches).toEqual([[1], [2]]);
      w.finishOne();
      await second;
    }
  });
});
