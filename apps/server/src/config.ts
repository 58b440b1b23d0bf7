// Server limits and timings, with defaults; every one can be overridden by the app factory's caller.
import { availableParallelism } from 'node:os';

/** Bots wait a log-normally distributed reaction time, clamped to [minMs, maxMs]. */
export interface BotDelay {
  medianMs: number;
  /** σ of the underlying normal: 0 is a fixed delay, 0.5 a human-like spread. */
  sigma: number;
  minMs: number;
  maxMs: number;
}

export interface ServerConfig {
  /** Largest accepted WebSocket text frame in bytes; larger ones get `input/too_large`. */
  maxMessageBytes: number;
  /** Hard cap at the socket level (the connection is closed above it). */
  maxFrameBytes: number;
  /** Per-connection token bucket: sustained messages per second and burst. */
  ratePerSecond: number;
  rateBurst: number;
  /** Close a connection after this many rate-limited messages since its bucket was last full (so a sustained flood at any rate above the limit is closed). */
  rateStrikes: number;
  /** Interval of WebSocket pings; a socket that missed one pong is closed. */
  heartbeatMs: number;
  /** Rank contested plays by estimated send time within the game's window (docs/fairness.md); off: first received wins. */
  latencyCompensation: boolean;
  /** Milliseconds a room without connections nor actions lives before it expires. */
  idleRoomMs: number;
  /** A game under way whose human seats have all been disconnected this long is ended (`expired`, shown as abandoned in the lobby meanwhile). */
  abandonedRoomMs: number;
  /** How long a finished room stays loaded (for the last frames and late viewers). */
  finishedRoomMs: number;
  /** Interval of the expiry sweep. */
  sweepMs: number;
  /** Actions waiting in one room's queue before new ones are refused with `server/busy`. */
  maxQueue: number;
  maxRooms: number;
  botDelay: BotDelay;
  /** Use each bot level's own reaction model from the game engine when it has one (off once `botDelay` is set). */
  botDelayByLevel: boolean;
  // --- fair seeds, durable time, storage bounds ---
  /** Accept a client-chosen `seed` on room creation (tests and practice only; such rooms are marked `practice`). */
  allowClientSeeds: boolean;
  /** Finished and expired rooms whose game ended longer ago than this are deleted with their logs. */
  pruneAfterMs: number;
  /** Interval of the prune (each run deletes at most `pruneBatch` rooms). */
  pruneEveryMs: number;
  pruneBatch: number;
  /** Finished rooms kept loaded after being rebuilt from storage for a late viewer (an LRU). */
  finishedRoomsLoaded: number;
  /** SQLite: a checkpoint truncates the -wal file once it is larger than this. */
  walLimitBytes: number;
  // --- admission & transport: quotas per client (IP, and seat token when a request carries one) ---
  /** Rooms one client may create per minute (HTTP 429 `quota/rate` above it). */
  createPerMinutePerClient: number;
  /** Open (waiting or playing) rooms one client may have created at a time (429 `quota/rooms`). */
  openRoomsPerClient: number;
  /** Open rooms without a human seat one client may have created at a time (429 `quota/rooms`). */
  botOnlyRoomsPerClient: number;
  /** Open rooms without a human seat on the whole server (429 `server/busy`). */
  maxBotOnlyRooms: number;
  /** A waiting room nobody is connected to is reclaimed (expired) this long after its last activity. */
  unjoinedRoomMs: number;
  /** Largest `limit` of one lobby page (`GET /api/rooms`); the default page is 50. */
  lobbyPageMax: number;
  /** Requests one client may make per minute to the HTTP API as a whole (429 `quota/rate`). */
  httpPerMinutePerClient: number;
  /** Open WebSocket connections on the whole server (503 `server/busy` at upgrade). */
  maxConnections: number;
  /** Open WebSocket connections from one IP address (429 `quota/connections` at upgrade). */
  maxConnectionsPerIp: number;
  /** A connection that has not joined a room this long after opening is closed (`protocol/join_deadline`). */
  joinDeadlineMs: number;
  /** Unsent bytes one socket may hold before it is closed as too slow (1013). */
  maxBufferedPerSocket: number;
  /** Unsent bytes over all sockets; above it a socket holding more than `rateBurst` small frames' worth is closed. */
  maxBufferedTotal: number;
  // --- bots off the event loop: where and how much bots think ---
  /** Worker threads bots think in (default: cores − 1, at least 1); 0 decides on the event loop (as before the pool). */
  botThreads: number;
  /** Thinking per decision of the search levels (ismcts), in ms. */
  botThinkMs: number;
  /** Thinking one room's bots may spend per second of the room's clock (a token bucket, burst one second's worth); a room that spent it waits. */
  botRoomBudgetMsPerSecond: number;
  /** Decisions that may wait for a bot thread beyond those running; more are deferred, and from half of it levels step down (ismcts → greedy → random). */
  botGlobalQueue: number;
  // --- many machines: a cluster of nodes on Redis (src/cluster/node.ts) ---
  /** Redis URL (`redis://host:6379/0`): with it this server is one node of a cluster (leases, relays, lobby in Redis); without it, a single server. */
  redis?: string;
  /** This node's id, unique in the cluster (letters, digits, `.`, `_`, `-`; default: hostname-pid). */
  nodeId?: string;
  /** How this node is reached from outside (informational: written to its presence key). */
  publicUrl?: string;
  /** Room lease length in ms: a dead or cut-off node's rooms pass to other nodes this long after its last renewal. */
  leaseMs: number;
  /** Prefix of every Redis key and channel of the cluster (one cluster per prefix). */
  redisPrefix: string;
}

export const DEFAULT_CONFIG: ServerConfig = {
  maxMessageBytes: 16 * 1024,
  maxFrameBytes: 1024 * 1024,
  ratePerSecond: 20,
  rateBurst: 40,
  rateStrikes: 200,
  heartbeatMs: 25_000,
  latencyCompensation: true,
  idleRoomMs: 30 * 60_000,
  abandonedRoomMs: 5 * 60_000,
  finishedRoomMs: 5 * 60_000,
  sweepMs: 30_000,
  maxQueue: 512,
  maxRooms: 10_000,
  botDelay: { medianMs: 1200, sigma: 0.45, minMs: 350, maxMs: 6000 },
  botDelayByLevel: true,
  // --- fair seeds, durable time, storage bounds ---
  allowClientSeeds: false,
  pruneAfterMs: 30 * 24 * 60 * 60_000,
  pruneEveryMs: 60 * 60_000,
  pruneBatch: 500,
  finishedRoomsLoaded: 64,
  walLimitBytes: 64 * 1024 * 1024,
  // --- admission & transport ---
  createPerMinutePerClient: 30,
  openRoomsPerClient: 10,
  botOnlyRoomsPerClient: 2,
  maxBotOnlyRooms: 40,
  unjoinedRoomMs: 3 * 60_000,
  lobbyPageMax: 200,
  httpPerMinutePerClient: 1200,
  maxConnections: 20_000,
  maxConnectionsPerIp: 64,
  joinDeadlineMs: 10_000,
  maxBufferedPerSocket: 1024 * 1024,
  maxBufferedTotal: 256 * 1024 * 1024,
  // --- bots off the event loop ---
  botThreads: Math.max(1, availableParallelism() - 1),
  botThinkMs: 15,
  botRoomBudgetMsPerSecond: 100,
  botGlobalQueue: 64,
  // --- many machines ---
  leaseMs: 5000,
  redisPrefix: 'decksmith:',
};

export function resolveConfig(partial: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...DEFAULT_CONFIG,
    ...partial,
    botDelay: { ...DEFAULT_CONFIG.botDelay, ...partial.botDelay },
    botDelayByLevel: partial.botDelayByLevel ?? partial.botDelay === undefined,
  };
}

/** One reaction time drawn from the delay distribution (Box–Muller on `random`). */
export function sampleBotDelay(d: BotDelay, random: () => number = Math.random): number {
  const u = 1 - random();
  const v = random();
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  const ms = d.medianMs * Math.exp(d.sigma * z);
  return Math.round(Math.min(d.maxMs, Math.max(d.minMs, ms)));
}
