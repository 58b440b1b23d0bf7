// Server limits and timings, with defaults; every one can be overridden by the app factory's caller.

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
  /** Close a connection after this many rate-limited messages in a row. */
  rateStrikes: number;
  /** Interval of WebSocket pings; a socket that missed one pong is closed. */
  heartbeatMs: number;
  /** Milliseconds a room without connections nor actions lives before it expires. */
  idleRoomMs: number;
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
}

export const DEFAULT_CONFIG: ServerConfig = {
  maxMessageBytes: 16 * 1024,
  maxFrameBytes: 1024 * 1024,
  ratePerSecond: 20,
  rateBurst: 40,
  rateStrikes: 200,
  heartbeatMs: 25_000,
  idleRoomMs: 30 * 60_000,
  finishedRoomMs: 5 * 60_000,
  sweepMs: 30_000,
  maxQueue: 512,
  maxRooms: 10_000,
  botDelay: { medianMs: 1200, sigma: 0.45, minMs: 350, maxMs: 6000 },
  botDelayByLevel: true,
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
