// The storage interface: rooms and their append-only action logs (SQLite now; PostgreSQL later).
import type { ChatLine } from '@decksmith/protocol';
import type { GameOutcome, OptionValue, WireAction } from '../games/types.ts';

export type RoomStatus = 'waiting' | 'playing' | 'finished' | 'expired';

export interface SeatRecord {
  kind: 'human' | 'bot';
  /** Bot level (`random` …); absent for humans. */
  level?: string;
  /** SHA-256 of the seat token (hex), once a human has claimed the seat. The token itself is never stored. */
  tokenHash?: string;
  name?: string;
  /** A human's seat a bot took over when its player resigned (`level` is the bot's, `name` the player's). */
  resigned?: boolean;
}

export interface RoomRecord {
  id: string;
  game: string;
  /** The runtime's RNG seed: secret until the game is over (it deals every hand). */
  seed: string;
  /** Hex SHA-256 of the UTF-8 seed: the commitment shown to everyone from the start (see `hashSeed`). */
  seedHash: string;
  /** True when the client chose the seed (only allowed on a server started with client seeds allowed). */
  practice?: boolean;
  players: number;
  /** Options by name as the room was created with (the runtime fills defaults). */
  options: Record<string, OptionValue>;
  seats: SeatRecord[];
  status: RoomStatus;
  /** Wall-clock ms. */
  createdAt: number;
  startedAt?: number;
  endedAt?: number;
  result?: GameOutcome;
  /**
   * The room's logical-time high-water mark: the largest `now` of a timer firing whose effects
   * were broadcast. Recovery resumes the clock at max(last action at, clockAt), never going back.
   */
  clockAt?: number;
}

/** The fields `updateRoom` may change. */
export type RoomPatch = Partial<Pick<RoomRecord, 'status' | 'startedAt' | 'endedAt' | 'result' | 'clockAt'>>;

/** One accepted action: `n` is its 1-based position in the room's log, `at` the room's logical time. */
export interface LogEntry {
  n: number;
  at: number;
  seat: number;
  /** The client's sequence number (0 for bots). */
  seq: number;
  action: WireAction;
}

/**
 * The downloadable replay log. Complete (with `seed` and `actions`, the runtime's
 * `replay(def, log)` input) only once the game can no longer go on; while it runs both are
 * withheld, since seed + actions replay the game with every hidden card face up.
 */
export interface ReplayLog {
  v: 1;
  game: string;
  status: RoomStatus;
  complete: boolean;
  players: number;
  options: Record<string, OptionValue>;
  n: number;
  /** The seed's commitment (hex SHA-256), present from the start: check `sha256(seed) === seedHash` once `seed` is revealed. */
  seedHash: string;
  /** True when the room's creator chose the seed (practice rooms: the deal proves nothing). */
  practice?: boolean;
  seed?: string;
  actions?: { at: number; seat: number; action: WireAction }[];
  /** In a complete log, when the room's stored clock passed the last action: replay ticks to it (timers that fired after the last action, e.g. the one that ended the game). */
  clockAt?: number;
}

/**
 * Durable storage of rooms. Every method may be remote (a database server), hence async;
 * `appendAction` resolves only once the entry is durable, and the server acknowledges an
 * action only after that. Nothing here may rely on being in the same process as the room.
 */
export interface Storage {
  createRoom(room: RoomRecord): Promise<void>;
  /** Claims a free human seat atomically; false when it is taken (or not a human seat). */
  claimSeat(roomId: string, seat: number, tokenHash: string, name: string | undefined): Promise<boolean>;
  /**
   * Replaces a claimed seat atomically while `tokenHash` still holds it: freed before the game
   * starts (`{ kind: 'human' }`), or taken over by a bot when its player resigns. False when the
   * token no longer holds the seat (or there is no such seat).
   */
  releaseSeat(roomId: string, seat: number, tokenHash: string, replacement: SeatRecord): Promise<boolean>;
  updateRoom(roomId: string, patch: RoomPatch): Promise<void>;
  /** Appends one accepted action; rejects if `n` is not the next position (a lost race between writers). */
  appendAction(roomId: string, entry: LogEntry): Promise<void>;
  getRoom(roomId: string): Promise<RoomRecord | null>;
  getActions(roomId: string): Promise<LogEntry[]>;
  /** Rooms whose status is one of `statuses`, oldest first. */
  listRooms(statuses: readonly RoomStatus[], limit?: number): Promise<RoomRecord[]>;
  /**
   * Deletes up to `limit` rooms whose status is finished or expired and whose `endedAt` (wall-clock
   * ms) is before `endedBefore`, with their actions, chat and — where this engine's database
   * holds them (SQLite, PostgreSQL) — their seats' player links (`room_players`), in one
   * transaction; resolves to the ids of the rooms deleted (so that stores kept apart, such as
   * in-memory ratings, can forget them too).
   */
  pruneRooms(endedBefore: number, limit: number): Promise<string[]>;
  /** Appends one chat line or reaction of a room (plain text and who wrote it); deleted with the room. */
  appendChat(roomId: string, line: ChatLine): Promise<void>;
  /** A room's chat lines, oldest first (at most `limit`, the oldest ones). */
  getChat(roomId: string, limit?: number): Promise<ChatLine[]>;
  close(): Promise<void>;
}

/** The `code` of the error an append rejects with when its position is not the next one (a second writer, or a gap). */
export const NOT_NEXT = 'storage/not_next';

/** The error every storage rejects a non-next append with: code `storage/not_next`, a message saying "is not next". */
export function notNext(roomId: string, n: number, next: number | string, cause?: unknown): Error & { code: string } {
  const message = `log position ${n} of room ${roomId} is not next (${next})`;
  return Object.assign(new Error(message, cause === undefined ? undefined : { cause }), { code: NOT_NEXT });
}

/** Whether a room's game can no longer go on, so its whole log (seed included) is safe to publish. */
export function isOver(status: RoomStatus): boolean {
  return status === 'finished' || status === 'expired';
}

/** Builds the replay log of a room from its record and entries (withholding seed and actions while the game can go on). */
export function toReplayLog(room: RoomRecord, entries: readonly LogEntry[]): ReplayLog {
  const head = {
    v: 1 as const,
    game: room.game,
    status: room.status,
    players: room.players,
    options: room.options,
    n: entries.length,
    seedHash: room.seedHash,
    ...(room.practice ? { practice: true } : {}),
  };
  if (!isOver(room.status)) return { ...head, complete: false };
  const lastAt = entries.at(-1)?.at ?? 0;
  return {
    ...head,
    complete: true,
    seed: room.seed,
    actions: entries.map((e) => ({ at: e.at, seat: e.seat, action: e.action })),
    ...(room.clockAt !== undefined && room.clockAt > lastAt ? { clockAt: room.clockAt } : {}),
  };
}
