// Prints how much the SQLite database grows per finished game, for each launch game: N bot games played through the real rooms (manual clock) into a fresh file.
//
//   node --import tsx apps/server/scripts/storage-growth.ts [--games 20] [--only tiv-miv,super-taki] [--bots random]
//
// Each game is a room of bots created, played to its end and finished exactly as the server does
// it (every accepted action appended, timer firings stored as the room clock, the result written),
// on a manual clock advanced 50 ms at a time so timed games need no wall-clock waiting. The figure
// is the file size after a final checkpoint (WAL merged) minus that of the empty database, per game.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { buildApp } from '../src/app.ts';
import { discoverWorkspaceGames } from '../src/games/discover.ts';
import type { HostedGame } from '../src/games/types.ts';
import { ManualClock } from '../src/rooms/clock.ts';
import { openDatabase, SqliteStorage } from '../src/storage/sqlite.ts';

const { values: args } = parseArgs({
  options: {
    games: { type: 'string', default: '20' },
    only: { type: 'string' },
    bots: { type: 'string', default: 'random' },
  },
});
const GAMES = Number(args.games);
/** Steps of 50 ms a game may take before it is given up (it is then reported as unfinished). */
const MAX_STEPS = 200_000;

const silent = pino({ level: 'silent' });

async function measure(game: HostedGame): Promise<{ bytesPerGame: number; actionsPerGame: number; bytesPerAction: number; unfinished: number; clockWrites: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'decksmith-growth-'));
  const file = join(dir, 'growth.db');
  try {
    const empty = new SqliteStorage(openDatabase(file));
    await empty.close();
    const base = statSync(file).size;
    const storage = new SqliteStorage(openDatabase(file));
    let clockWrites = 0;
    const update = storage.updateRoom.bind(storage);
    storage.updateRoom = async (id, patch) => {
      if (patch.clockAt !== undefined) clockWrites++;
      return update(id, patch);
    };
    const clock = new ManualClock();
    const app = await buildApp({
      games: [game],
      storage,
      clock,
      config: { botThreads: 0, botDelay: { medianMs: 50, sigma: 0, minMs: 50, maxMs: 50 }, maxRooms: 1_000_000, botOnlyRoomsPerClient: 1_000_000, maxBotOnlyRooms: 1_000_000 },
      recover: false,
    });
    const manager = app.decksmith.manager;
    let actions = 0;
    let unfinished = 0;
    for (let g = 0; g < GAMES; g++) {
      const r = await manager.create({ game: game.id, seats: Array.from({ length: game.minPlayers === 1 ? 2 : Math.max(2, game.minPlayers) }, () => ({ kind: 'bot' as const, level: args.bots })) });
      if ('rejected' in r) throw new Error(`${game.id}: ${r.rejected.message}`);
      const room = r.room;
      for (let i = 0; i < MAX_STEPS && room.status !== 'finished'; i++) {
        clock.advance(50);
        await room.idle();
      }
      if (room.status !== 'finished') unfinished++;
      actions += room.height;
      await room.idle();
    }
    await app.close(); // closes the storage: a last checkpoint merges the WAL into the file
    const grown = statSync(file).size - base;
    return { bytesPerGame: grown / GAMES, actionsPerGame: actions / GAMES, bytesPerAction: actions ? grown / actions : 0, unfinished, clockWrites: clockWrites / GAMES };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const only = args.only?.split(',');
const games = (await discoverWorkspaceGames(silent)).filter((g) => !only || only.includes(g.id));
process.stdout.write(`storage growth per finished game (SQLite, ${GAMES} games of ${args.bots} bots each, ${games[0] ? 'seats = max(2, minPlayers)' : 'no game found'})\n`);
process.stdout.write(`load: ${execFileSync('uptime').toString().trim()}\n`);
for (const game of games) {
  const m = await measure(game);
  process.stdout.write(
    `${game.id.padEnd(18)} ${Math.round(m.bytesPerGame).toLocaleString('en').padStart(9)} bytes/game  ${m.actionsPerGame.toFixed(0).padStart(5)} actions/game  ${m.bytesPerAction.toFixed(0).padStart(4)} bytes/action  ${m.clockWrites.toFixed(1).padStart(6)} clock writes/game${m.unfinished ? `  (${m.unfinished} unfinished)` : ''}\n`,
  );
}
process.stdout.write(`load: ${execFileSync('uptime').toString().trim()}\n`);
