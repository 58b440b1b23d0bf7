// SQLite shared by several processes (`--workers`): a seat claim (read, then write) holds while another process keeps committing.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, SqliteStorage } from '../src/storage/sqlite.ts';
import { hashSeed } from '../src/tokens.ts';

const dir = mkdtempSync(join(tmpdir(), 'decksmith-sqlite-procs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sqlite from several processes', () => {
  it('claims every seat while another process group-commits appends to the same file', { timeout: 60_000 }, async () => {
    const file = join(dir, 'shared.db');
    const storage = new SqliteStorage(openDatabase(file));
    const hammer = fork(fileURLToPath(new URL('./fixtures/append-hammer.ts', import.meta.url)), [file], { execArgv: ['--import', 'tsx'] });
    try {
      await new Promise((res) => hammer.once('message', res));
      const rooms = 200;
      for (let i = 0; i < rooms; i++) {
        await storage.createRoom({ id: `r${i}`, game: 'shed', seed: 's', seedHash: hashSeed('s'), players: 2, options: {}, seats: [{ kind: 'human' }, { kind: 'human' }], status: 'waiting', createdAt: i });
      }
      // A deferred transaction that reads and then writes gets SQLITE_BUSY at once when the other
      // process committed in between (the busy timeout does not apply to it): claims must not.
      const claims = await Promise.allSettled(Array.from({ length: rooms * 2 }, (_, k) => storage.claimSeat(`r${k >> 1}`, k & 1, `hash${k}`, undefined)));
      expect(claims.filter((c) => c.status === 'rejected').map((c) => String((c as PromiseRejectedResult).reason)).slice(0, 3)).toEqual([]);
      expect(claims.every((c) => c.status === 'fulfilled' && c.value === true)).toBe(true);
      expect((await storage.getActions('hammer')).length).toBeGreaterThan(0);
    } finally {
      hammer.kill('SIGKILL');
      await storage.close();
    }
  });
});
