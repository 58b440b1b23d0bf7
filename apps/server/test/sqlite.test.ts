// SQLite storage: appends of one event-loop turn are committed together, each resolving only once it is in the database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, SqliteStorage } from '../src/storage/sqlite.ts';
import type { RoomRecord } from '../src/storage/storage.ts';
import { hashSeed } from '../src/tokens.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function room(id: string): RoomRecord {
  return { id, game: 'shed', seed: 's', seedHash: hashSeed('s'), players: 2, options: {}, seats: [{ kind: 'bot' }, { kind: 'bot' }], status: 'playing', createdAt: 0 };
}

describe('sqlite appends', () => {
  it('group-commits concurrent appends, rejects only a duplicate position, and each resolved append is readable from another connection', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'decksmith-sqlite-'));
    dirs.push(dir);
    const file = join(dir, 'db.sqlite');
    const storage = new SqliteStorage(openDatabase(file));
    await storage.createRoom(room('a'));
    await storage.createRoom(room('b'));
    const entry = (n: number) => ({ n, at: n * 10, seat: n % 2, seq: n, action: { type: 'play', args: { c: n } } });
    // Another connection to the same file sees what a resolved append wrote.
    const reader = openDatabase(file);
    const count = (id: string) => (reader.prepare('select count(*) as c from actions where room = ?').get(id) as { c: number }).c;
    const results = await Promise.allSettled([
      storage.appendAction('a', entry(1)).then(() => count('a')),
      storage.appendAction('b', entry(1)),
      storage.appendAction('a', entry(2)),
      storage.appendAction('a', entry(2)), // a second writer of position 2
      storage.appendAction('b', entry(2)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[0] as PromiseFulfilledResult<number>).value).toBeGreaterThanOrEqual(1);
    expect((await storage.getActions('a')).map((e) => e.n)).toEqual([1, 2]);
    expect(await storage.getActions('b')).toEqual([entry(1), entry(2)]);
    expect(count('a') + count('b')).toBe(4);
    reader.close();
    await storage.close();
  });

  it('waits for a write lock another connection holds without blocking the event loop', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'decksmith-sqlite-'));
    dirs.push(dir);
    const file = join(dir, 'db.sqlite');
    const storage = new SqliteStorage(openDatabase(file));
    await storage.createRoom(room('a'));
    await storage.createRoom({ ...room('h'), status: 'waiting', seats: [{ kind: 'human' }, { kind: 'human' }] });
    await storage.appendAction('a', { n: 1, at: 1, seat: 0, seq: 1, action: { type: 'x' } });
    // Another worker process committing, as seen from this one: the file's write lock is taken.
    const other = openDatabase(file);
    other.exec('begin immediate');
    const t0 = performance.now();
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 10);
    // Were the commit on the event loop, SQLite's busy handler would sleep on it until the lock's
    // release, which a timer of this loop does: nothing would run for the 5 s busy timeout.
    setTimeout(() => other.exec('commit'), 300);
    // Seat claims, like every other write of the storage, wait the same way.
    const [, claimed] = await Promise.all([storage.appendAction('a', { n: 2, at: 2, seat: 0, seq: 2, action: { type: 'x' } }), storage.claimSeat('h', 0, 'hash', 'Ann')]);
    const waited = performance.now() - t0;
    clearInterval(ticking);
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(2000);
    expect(ticks).toBeGreaterThanOrEqual(10);
    expect(claimed).toBe(true);
    expect((await storage.getRoom('h'))?.seats[0]).toMatchObject({ tokenHash: 'hash', name: 'Ann' });
    expect((await storage.getActions('a')).map((e) => e.n)).toEqual([1, 2]);
    other.close();
    await storage.close();
  });

  it('keeps the order of writes when the first one had to wait for the lock and the second did not', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'decksmith-sqlite-'));
    dirs.push(dir);
    const file = join(dir, 'db.sqlite');
    const storage = new SqliteStorage(openDatabase(file));
    await storage.createRoom({ ...room('r'), status: 'waiting' });
    const other = openDatabase(file);
    other.exec('begin immediate');
    const first = storage.updateRoom('r', { status: 'playing', startedAt: 5 });
    other.exec('commit');
    // The lock is free now: run at once, this write would land before the first one's retry.
    const second = storage.updateRoom('r', { status: 'finished', endedAt: 9 });
    await Promise.all([first, second]);
    expect(await storage.getRoom('r')).toMatchObject({ status: 'finished', startedAt: 5, endedAt: 9 });
    other.close();
    await storage.close();
  });
});
