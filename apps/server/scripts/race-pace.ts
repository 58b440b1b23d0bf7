// How fast a real-time game goes with latency compensation on and off: bot-only Wackee Six rooms on
// the real clock (the held plays wait for real timers), all run at once so they share the machine's
// load, printing per window the accepted actions per second and how long the game took.
//
//   node --import tsx apps/server/scripts/race-pace.ts [--windows 0,150] [--seeds 3] [--budget 120] [--watcher 40]
//
// Bots react as in the browser tests (QUICK_BOTS: median 120 ms). A held play is decided at its
// estimated send time + what the other seats' measured delays could still bring (docs/fairness.md).
// `--watcher ms`: one more seat, a player connected that far away who never plays (every bot play
// then waits that long, and so do the deadlines).
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { buildApp } from '../src/app.ts';
import { discoverWorkspaceGames } from '../src/games/discover.ts';
import { hashToken } from '../src/tokens.ts';

const { values: args } = parseArgs({
  options: {
    windows: { type: 'string', default: '0,150' },
    seeds: { type: 'string', default: '3' },
    budget: { type: 'string', default: '120' },
    game: { type: 'string', default: 'wackee-six' },
    players: { type: 'string', default: '2' },
    watcher: { type: 'string' },
  },
});
const QUICK_BOTS = { medianMs: 120, sigma: 0.3, minMs: 40, maxMs: 300 };
const OPTIONS = { target: 10, deadlock_time: 10_000, countdown: 0, out_bonus: 50 };

const games = (await discoverWorkspaceGames(pino({ level: 'silent' }))).filter((g) => g.id === args.game);
if (games.length === 0) throw new Error(`no game ${args.game}`);
const app = await buildApp({
  games,
  logger: false,
  config: { botDelay: QUICK_BOTS, allowClientSeeds: true, maxBotOnlyRooms: 1000, botOnlyRoomsPerClient: 1000 },
  recover: false,
});
const windows = args.windows.split(',').map(Number);
const seeds = Array.from({ length: Number(args.seeds) }, (_, i) => `pace-${i + 1}`);
process.stdout.write(`${args.game}: ${args.players} bots (median reaction ${QUICK_BOTS.medianMs} ms)${args.watcher ? ` and a player ${args.watcher} ms away who never plays` : ''}, options ${JSON.stringify(OPTIONS)}\n`);
process.stdout.write(`load: ${execFileSync('uptime').toString().trim()}\n`);

const runs = await Promise.all(
  windows.flatMap((compensation) =>
    seeds.map(async (seed) => {
      const bots = Array.from({ length: Number(args.players) }, () => ({ kind: 'bot' as const }));
      const watched = args.watcher !== undefined;
      const r = await app.decksmith.manager.create({ game: args.game, seed, options: { ...OPTIONS, compensation }, seats: watched ? [...bots, { kind: 'human' as const }] : bots });
      if ('rejected' in r) throw new Error(r.rejected.message);
      if (watched) {
        const c = await app.decksmith.manager.claim(r.room.id, bots.length, 'watcher');
        if ('rejected' in c) throw new Error(c.rejected.message);
        const delay = Number(args.watcher);
        await r.room.connect({ viewer: bots.length, tokenHash: hashToken(c.token), send: () => undefined, close: () => undefined, delay: () => delay });
        await r.room.maybeStart();
      }
      const t0 = performance.now();
      while (r.room.status === 'playing' && performance.now() - t0 < Number(args.budget) * 1000) await new Promise((res) => setTimeout(res, 50));
      return { compensation, seed, ms: performance.now() - t0, actions: r.room.height, finished: r.room.status === 'finished' };
    }),
  ),
);
for (const w of windows) {
  const mine = runs.filter((r) => r.compensation === w);
  const secs = mine.reduce((s, r) => s + r.ms, 0) / 1000;
  const actions = mine.reduce((s, r) => s + r.actions, 0);
  const each = mine.map((r) => `${r.seed} ${(r.ms / 1000).toFixed(1)} s/${r.actions}${r.finished ? '' : ' (unfinished)'}`).join(', ');
  process.stdout.write(`compensation ${String(w).padStart(3)} ms: ${(actions / secs).toFixed(2)} actions/s, ${(secs / mine.length).toFixed(1)} s/game  [${each}]\n`);
}
process.stdout.write(`load: ${execFileSync('uptime').toString().trim()}\n`);
await app.close();
