// Prints the bytes of an update frame per viewer with whole views (protocol v1) and with view patches (v2), per launch game, over random playouts; and the server's CPU to encode each.
//
//   node --import tsx apps/server/scripts/patch-bytes.ts [--games 20] [--steps 400] [--players 4] [--only five-crowns,tiv-miv]
//
// Every step of a playout (a random legal action of any seat, or a timer) is one update; every
// seat and the spectator is sent one frame; the CPU columns time what the server does per frame
// beyond computing the new view (v1: encode it; v2: recompute the held view from its state, diff,
// encode the patch). For comparison it also prints what an RFC 6902 patch
// (fast-json-patch's compare) of the same views weighs, and the legal list alone and patched.
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { diffView } from '@decksmith/runtime';
import fastJsonPatch from 'fast-json-patch';
import pino from 'pino';
import { discoverWorkspaceGames } from '../src/games/discover.ts';

const { values: args } = parseArgs({
  options: {
    games: { type: 'string', default: '20' },
    steps: { type: 'string', default: '400' },
    players: { type: 'string', default: '4' },
    only: { type: 'string' },
  },
});
const GAMES = Number(args.games);
const STEPS = Number(args.steps);
const only = args.only?.split(',');

const uptime = (): string => execFileSync('uptime', { encoding: 'utf8' }).trim();
console.log(`patch bytes: ${GAMES} random playouts per game, at most ${STEPS} steps each, ${args.players} players where the game seats them`);
console.log(`start: ${uptime()}`);

interface Sums {
  frames: number;
  updates: number;
  v1: number;
  v2: number;
  view: number;
  patch: number;
  rfc6902: number;
  legal: number;
  legalPatch: number;
  v1Us: number;
  v2Us: number;
}

/** Bytes on the wire (UTF-8: card notations such as 7♥ take more than one). */
const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

const cpuSince = (at: NodeJS.CpuUsage): number => {
  const d = process.cpuUsage(at);
  return d.user + d.system;
};

const rows: string[][] = [];
const games = (await discoverWorkspaceGames(pino({ level: 'silent' }))).filter((g) => !only || only.includes(g.id));
for (const game of games) {
  const engine = game.engine;
  const players = Math.max(game.minPlayers, Math.min(game.maxPlayers, Number(args.players)));
  const viewers = [...Array.from({ length: players }, (_, i) => i), 'spectator' as const];
  const t: Sums = { frames: 0, updates: 0, v1: 0, v2: 0, view: 0, patch: 0, rfc6902: 0, legal: 0, legalPatch: 0, v1Us: 0, v2Us: 0 };
  for (let g = 0; g < GAMES; g++) {
    const s0 = engine.setup({ players, options: {}, seed: `bytes-${g}` });
    if (typeof s0 === 'object' && s0 !== null && 'rejected' in s0) throw new Error(`${game.id}: ${JSON.stringify(s0.rejected)}`);
    let state = s0;
    let views = viewers.map((v) => engine.view(state, v));
    let legals = viewers.map((v) => (v === 'spectator' ? [] : engine.legalActions(state, v, 0)));
    let r = g + 1;
    const random = (n: number) => ((r = (Math.imul(r, 1103515245) + 12345) >>> 0) % n);
    let now = 0;
    let n = 0;
    for (let step = 0; step < STEPS && !engine.result(state); step++) {
      now += 50 + random(1500);
      const due = engine.nextDeadline(state);
      const moves = viewers.slice(0, players).flatMap((seat) => engine.legalActions(state, seat as number, now).map((a) => [seat as number, a] as const));
      let events: readonly unknown[];
      const prev = state;
      if (due !== null && (due <= now || moves.length === 0)) {
        now = Math.max(now, due);
        ({ state, events } = engine.tick(state, now));
      } else if (moves.length > 0) {
        const [seat, action] = moves[random(moves.length)]!;
        const next = engine.apply(state, seat, action, now);
        if ('rejected' in next) throw new Error(`${game.id}: legal action rejected: ${next.rejected.code}`);
        ({ state, events } = next);
        n++;
      } else break;
      t.updates++;
      const result = engine.result(state);
      const nextViews = viewers.map((v) => engine.view(state, v));
      const nextLegals = viewers.map((v) => (v === 'spectator' ? [] : engine.legalActions(state, v, now)));
      for (const [i, v] of viewers.entries()) {
        const common = { t: 'update', n, now, events: engine.eventsFor(state, events, v), ...(v !== 'spectator' ? { legal: nextLegals[i] } : {}), ...(result ? { result } : {}) };
        // CPU time (not wall time: other processes share the cores), in µs.
        let at = process.cpuUsage();
        const v1 = JSON.stringify({ ...common, view: nextViews[i] });
        t.v1Us += cpuSince(at);
        at = process.cpuUsage();
        // The server recomputes the view the connection holds from the state it was computed from.
        const patch = diffView(engine.view(prev, v), nextViews[i]);
        const v2 = JSON.stringify({ ...common, base: step + 1, ver: step + 2, patch });
        t.v2Us += cpuSince(at);
        t.frames++;
        t.v1 += bytes(v1);
        t.v2 += bytes(v2);
        t.view += bytes(JSON.stringify(nextViews[i]));
        t.patch += bytes(JSON.stringify(patch));
        t.rfc6902 += bytes(JSON.stringify(fastJsonPatch.compare(views[i] as object, nextViews[i] as object)));
        t.legal += bytes(JSON.stringify(nextLegals[i]));
        t.legalPatch += bytes(JSON.stringify(diffView(legals[i], nextLegals[i])));
      }
      views = nextViews;
      legals = nextLegals;
    }
  }
  const per = (x: number) => Math.round(x / t.frames).toLocaleString('en');
  rows.push([
    game.id, String(players), t.updates.toLocaleString('en'), t.frames.toLocaleString('en'), per(t.v1), per(t.v2), `${(t.v1 / t.v2).toFixed(1)}×`,
    per(t.view), per(t.patch), per(t.rfc6902), per(t.legal), per(t.legalPatch),
    (t.v1Us / t.frames).toFixed(1), (t.v2Us / t.frames).toFixed(1),
  ]);
}

const head = ['game', 'players', 'updates', 'frames', 'v1 B/frame', 'v2 B/frame', 'v1/v2', 'view B', 'patch B', 'RFC 6902 B', 'legal B', 'legal patch B', 'v1 encode CPU µs', 'v2 old view+diff+encode CPU µs'];
console.log(`| ${head.join(' | ')} |`);
console.log(`|${head.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
console.log(`end: ${uptime()}`);
