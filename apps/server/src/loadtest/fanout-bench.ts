// `node --import tsx apps/server/src/loadtest/fanout-bench.ts [--game five-crowns] [--rooms 500] [--players 4] [--actions 20000] [--trials 8] [--protocol 2] [--spectators 0] [--breakdown]`:
// the server's CPU per accepted action without sockets — real rooms (RoomManager, in-memory
// storage) whose subscribers take frames as the WebSocket transport does (encoded text), each
// seat playing a random action from the `legal` list of its latest frame, rooms in turn. Prints
// process CPU µs per accepted action (`process.cpuUsage`, robust on a loaded machine) and bytes
// per frame, over several spans (min and median), and the GC pauses of those spans by kind (what
// survives a scavenge costs time: issue 18). Run with `node --cpu-prof` to see where the time goes;
// `--breakdown` also times the fan-out's parts per action (view patches, legal lists, events, JSON
// text) by wrapping them, which adds its own cost to the CPU figure.
import { execFileSync } from 'node:child_process';
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { resolveConfig } from '../config.ts';
import { discoverWorkspaceGames } from '../games/discover.ts';
import { GameRegistry } from '../games/registry.ts';
import { systemClock } from '../rooms/clock.ts';
import { RoomManager } from '../rooms/manager.ts';
import type { Room } from '../rooms/room.ts';
import type { Subscriber } from '../rooms/subscriber.ts';
import { MemoryStorage } from '../storage/memory.ts';
import { hashToken } from '../tokens.ts';
import type { ServerMessage } from '@decksmith/protocol';
import type { WireAction } from '../games/types.ts';

const { values: args } = parseArgs({
  options: {
    game: { type: 'string', default: 'five-crowns' },
    rooms: { type: 'string', default: '500' },
    players: { type: 'string', default: '4' },
    actions: { type: 'string', default: '20000' },
    warmup: { type: 'string', default: '3000' },
    protocol: { type: 'string', default: '2' },
    spectators: { type: 'string', default: '0' },
    seed: { type: 'string', default: '1' },
    trials: { type: 'string', default: '8' },
    breakdown: { type: 'boolean', default: false },
  },
});
const ROOMS = Number(args.rooms);
const PLAYERS = Number(args.players);
const PROTOCOL = Number(args.protocol);

/** A seeded stream (mulberry32), so two runs play the same games. */
let rngState = Number(args.seed) >>> 0;
function random(): number {
  rngState = (rngState + 0x6d2b79f5) >>> 0;
  let t = rngState;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

interface Seat {
  sub: Subscriber;
  legal: readonly WireAction[];
  seq: number;
  tokenHash: string;
}
interface Table {
  room: Room;
  seats: Seat[];
}

let frames = 0;
let bytes = 0;

function subscriber(viewer: number | 'spectator', seat: { legal: readonly WireAction[] } | null): Subscriber {
  return {
    viewer,
    protocol: PROTOCOL,
    send(msg: ServerMessage) {
      frames++;
      bytes += JSON.stringify(msg).length;
      if (seat && 'legal' in msg && msg.legal) seat.legal = msg.legal as WireAction[];
    },
    sendText(text: string, msg: ServerMessage) {
      frames++;
      bytes += text.length;
      if (seat && 'legal' in msg && msg.legal) seat.legal = msg.legal as WireAction[];
      return true;
    },
    close() {},
  };
}

const log = pino({ level: 'silent' });
const games = await discoverWorkspaceGames(log);
const game = games.find((g) => g.id === args.game);
if (!game) throw new Error(`no game ${args.game} (have ${games.map((g) => g.id).join(', ')})`);
/** Milliseconds spent in each timed part of the fan-out (`--breakdown`). */
const parts = new Map<string, number>();
function timed<A extends unknown[], R>(name: string, f: (...a: A) => R): (...a: A) => R {
  parts.set(name, 0);
  return (...a) => {
    const t0 = performance.now();
    try {
      return f(...a);
    } finally {
      parts.set(name, parts.get(name)! + performance.now() - t0);
    }
  };
}
if (args.breakdown) {
  const e = game.engine;
  game.engine = {
    ...e,
    legalActions: timed('legal lists', e.legalActions.bind(e)),
    eventsFor: timed('events', e.eventsFor.bind(e)),
    ...(e.viewPatch ? { viewPatch: timed('view patches', e.viewPatch.bind(e)) } : {}),
    view: timed('views', e.view.bind(e)),
  };
  // Frames are encoded by JSON.stringify in the fan-out (rooms/subscriber.ts); this process encodes nothing else while it runs.
  JSON.stringify = timed('JSON text', JSON.stringify.bind(JSON)) as typeof JSON.stringify;
}
const config = resolveConfig({ maxRooms: 1e9, botDelay: { medianMs: 1, sigma: 0, minMs: 1, maxMs: 1 } });
const manager = new RoomManager({ registry: new GameRegistry([game]), storage: new MemoryStorage(), clock: systemClock, config, log });

async function newTable(): Promise<Table> {
  const made = await manager.create({ game: game!.id, seats: Array.from({ length: PLAYERS }, () => ({ kind: 'human' as const })) });
  if (!('room' in made)) throw new Error(made.rejected.message);
  const room = made.room;
  const seats: Seat[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const c = await manager.claim(room.id, i, undefined);
    if (!('token' in c)) throw new Error(c.rejected.message);
    const seat = { legal: [] as readonly WireAction[], seq: 0, tokenHash: hashToken(c.token) } as Seat;
    seat.sub = subscriber(i, seat);
    seats.push(seat);
  }
  for (const s of seats) await room.connect(s.sub);
  for (let k = 0; k < Number(args.spectators); k++) await room.connect(subscriber('spectator', null));
  return { room, seats };
}

const tables: Table[] = [];
for (let i = 0; i < ROOMS; i++) tables.push(await newTable());

let accepted = 0;
/** One action in one room: a random seat with something to do plays a random action of its latest frame. */
async function step(t: number): Promise<void> {
  const table = tables[t]!;
  if (table.room.status !== 'playing') {
    await manager.unload(table.room.id, 'room/archived', 'done');
    tables[t] = await newTable();
    return;
  }
  const ready = table.seats.filter((s) => s.legal.length > 0);
  if (ready.length === 0) return;
  const seat = ready[Math.floor(random() * ready.length)]!;
  const action = seat.legal[Math.floor(random() * seat.legal.length)]!;
  const index = table.seats.indexOf(seat);
  await table.room.submit({ seat: index, tokenHash: seat.tokenHash }, ++seat.seq, action, (o) => {
    if (o.ok) accepted++;
  });
}

async function run(actions: number): Promise<void> {
  const start = accepted;
  let t = 0;
  // Rooms in turn, a batch of them at once (as a tick of many rooms would be).
  while (accepted - start < actions) {
    const batch: Promise<void>[] = [];
    for (let k = 0; k < 50; k++) batch.push(step(t++ % tables.length));
    await Promise.all(batch);
  }
}

const uptime = (): string => execFileSync('uptime', { encoding: 'utf8' }).trim();
await run(Number(args.warmup));
const load0 = uptime();
// Several measured spans: on a shared machine the least disturbed one (the minimum) is the figure, the median says how noisy it was.
const perAction: number[] = [];
const per = Math.ceil(Number(args.actions) / Number(args.trials));
frames = 0;
bytes = 0;
let measured = 0;
// GC pauses by kind over the measured spans (the observer is on only while they run).
const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};
const gc = new Map<string, { count: number; ms: number }>();
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[]) {
    const kind = GC_KINDS[entry.detail?.kind ?? -1] ?? 'other';
    const g = gc.get(kind) ?? { count: 0, ms: 0 };
    g.count++;
    g.ms += entry.duration;
    gc.set(kind, g);
  }
});
for (const k of parts.keys()) parts.set(k, 0);
const wall0 = performance.now();
observer.observe({ entryTypes: ['gc'] });
for (let t = 0; t < Number(args.trials); t++) {
  const a0 = accepted;
  const cpu0 = process.cpuUsage();
  await run(per);
  const cpu = process.cpuUsage(cpu0);
  measured += accepted - a0;
  perAction.push((cpu.user + cpu.system) / (accepted - a0));
}
// Entries are delivered on a later timer turn, not the next immediate: wait for the last ones.
await new Promise((resolve) => setTimeout(resolve, 50));
observer.disconnect();
const wall = performance.now() - wall0;
const sorted = [...perAction].sort((a, b) => a - b);
console.log(
  `fanout-bench ${game.id}: ${ROOMS} rooms × ${PLAYERS} players (protocol ${PROTOCOL}, ${args.spectators} spectators), ${measured} accepted actions in ${perAction.length} spans: ` +
    `CPU per action min ${sorted[0]!.toFixed(1)} µs, median ${sorted[sorted.length >> 1]!.toFixed(1)} µs; ` +
    `${(frames / measured).toFixed(2)} frames and ${Math.round(bytes / frames)} B per frame`,
);
const gcLine = [...gc]
  .sort((a, b) => b[1].ms - a[1].ms)
  .map(([kind, g]) => `${kind} ${g.count} pauses, ${((100 * g.ms) / wall).toFixed(1)} % of the spans' wall time, mean ${(g.ms / g.count).toFixed(2)} ms, ${((1000 * g.ms) / measured).toFixed(1)} µs per action`);
if (args.breakdown) console.log(`fan-out parts, µs per action (wall time inside each): ${[...parts].map(([k, ms]) => `${k} ${((1000 * ms) / measured).toFixed(1)}`).join(', ')}`);
console.log(`GC: ${gcLine.join('; ') || 'none'}`);
console.log(`before: ${load0}`);
console.log(`after:  ${uptime()}`);
await manager.close();
process.exit(0);
