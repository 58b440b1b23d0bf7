// All rooms of this server: creation, seat claims, lookup, recovery by replay, idle expiry and archiving.
import type { Logger } from 'pino';
import type { ServerConfig } from '../config.ts';
import type { GameRegistry } from '../games/registry.ts';
import type { OptionValue, Rejection } from '../games/types.ts';
import type { LogEntry, RoomRecord, SeatRecord, Storage } from '../storage/storage.ts';
import { hashSeed, hashToken, newRoomId, newSeed, newToken } from '../tokens.ts';
import type { BotDecider } from '../bots/pool.ts';
import type { Clock } from './clock.ts';
import { FinishedRooms } from './finished-rooms.ts';
import { startPruning, type OnPruned } from './pruner.ts';
import { rebuildStored, type HostGame } from './rebuild.ts';
import { Room, type LeaveOutcome } from './room.ts';

export interface CreateRoomInput {
  game: string;
  options?: Record<string, OptionValue>;
  seats: { kind: 'human' | 'bot'; level?: string }[];
  seed?: string;
}

export interface ManagerDeps {
  registry: GameRegistry;
  storage: Storage;
  clock: Clock;
  config: ServerConfig;
  log: Logger;
  onOutcome?: (accepted: boolean, code?: string) => void;
  /** Called once when a room's game ends (ratings). */
  onFinished?: (room: Room) => void;
  /** Told the rooms the retention prune deleted (ratings forget who sat there). */
  onPruned?: OnPruned;
  /** Where the rooms' bots think (the worker pool); without it, on the event loop. */
  bots?: BotDecider;
  /** `--workers`: the room ids this process owns; it creates and recovers only those (all when absent). */
  owns?: (roomId: string) => boolean;
  /** Hosts a stored room's game that is not hosted yet (a studio draft's, recompiled from its stored text) before it is rebuilt. */
  hostGame?: HostGame;
}

type Failure = { rejected: Rejection & { status: number } };
const fail = (status: number, code: string, message: string): Failure => ({ rejected: { status, code, message } });

export class RoomManager {
  readonly rooms = new Map<string, Room>();
  private sweepTimer: ReturnType<typeof setInterval> | undefined;
  private stopPruning: (() => void) | undefined;
  /** Games that are over, rebuilt from storage for a late join or spectator (a small LRU, apart from `rooms`). */
  readonly finished: FinishedRooms;

  constructor(private readonly deps: ManagerDeps) {
    this.finished = new FinishedRooms({
      storage: deps.storage,
      registry: deps.registry,
      log: deps.log,
      capacity: deps.config.finishedRoomsLoaded,
      build: (record, state, entries) => this.makeRoom(record, state, entries, false),
      ...(deps.hostGame ? { hostGame: deps.hostGame } : {}),
    });
  }

  /**
   * Creates a room, stores it, and starts it at once when it has no human seat. `practice`: the
   * seed may be chosen whatever the server's setting (a studio draft's table, whose deal the
   * author replays on purpose).
   */
  async create(input: CreateRoomInput, opts: { practice?: boolean } = {}): Promise<{ room: Room } | Failure> {
    const game = this.deps.registry.get(input.game);
    if (!game) return fail(404, 'game/unknown', `No game "${input.game}" is hosted here.`);
    const players = input.seats.length;
    if (players < game.minPlayers || players > game.maxPlayers) {
      return fail(400, 'seats/invalid', `${game.title} is for ${game.minPlayers}–${game.maxPlayers} players, not ${players}.`);
    }
    const seats: SeatRecord[] = [];
    for (const s of input.seats) {
      if (s.kind === 'bot') {
        const level = s.level ?? 'random';
        if (!game.botLevels.includes(level)) return fail(400, 'seats/invalid', `No bot level "${level}" (have: ${game.botLevels.join(', ')}).`);
        seats.push({ kind: 'bot', level });
      } else seats.push({ kind: 'human' });
    }
    if (this.rooms.size >= this.deps.config.maxRooms) return fail(503, 'server/full', 'This server hosts as many rooms as it can.');
    // A seed the creator chose would let them run `setup` locally and see every hand.
    if (input.seed !== undefined && !this.deps.config.allowClientSeeds && !opts.practice) {
      return fail(400, 'seed/not_allowed', 'This server draws every seed itself; a chosen seed is only accepted by a server started with --allow-client-seeds (practice).');
    }
    const options = input.options ?? {};
    const seed = input.seed ?? newSeed();
    const record: RoomRecord = {
      id: this.newId(),
      game: game.id,
      seed,
      seedHash: hashSeed(seed),
      ...(input.seed !== undefined ? { practice: true } : {}),
      players,
      options,
      seats,
      status: 'waiting',
      createdAt: Date.now(),
    };
    const state = game.engine.setup({ players, options, seed: record.seed });
    if (typeof state === 'object' && state !== null && 'rejected' in state) {
      const r = (state as { rejected: Rejection }).rejected;
      return fail(400, r.code, r.message);
    }
    await this.deps.storage.createRoom(record);
    const room = this.makeRoom(record, state, []);
    this.deps.log.info({ room: room.id, game: game.id, seats: seats.map((s) => s.kind) }, 'room created');
    await room.maybeStart();
    return { room };
  }

  /** A loaded room: live, or a game that is over rebuilt by `open`. */
  get(id: string): Room | undefined {
    return this.rooms.get(id) ?? this.finished.get(id);
  }

  /** Like `get`, but a finished or expired game that is not loaded is rebuilt from storage (its final table). */
  async open(id: string): Promise<Room | undefined> {
    return this.get(id) ?? (await this.finished.open(id)) ?? undefined;
  }

  /** Claims a free human seat (the given one, or the first free) and returns its token, shown once. */
  async claim(id: string, seat: number | undefined, name: string | undefined): Promise<{ seat: number; token: string } | Failure> {
    const room = this.rooms.get(id);
    if (!room) return fail(404, 'room/unknown', `No open room "${id}".`);
    if (room.status !== 'waiting') return fail(409, 'room/started', 'This game has started: every seat is taken.');
    const seats = room.record.seats;
    const index = seat ?? seats.findIndex((s) => s.kind === 'human' && !s.tokenHash);
    const s = seats[index];
    if (!s) return fail(index < 0 ? 409 : 400, index < 0 ? 'seat/none_free' : 'seat/invalid', index < 0 ? 'No seat is free.' : `There is no seat ${index}.`);
    if (s.kind !== 'human') return fail(409, 'seat/bot', `Seat ${index} is played by a bot.`);
    const token = newToken();
    const hash = hashToken(token);
    if (s.tokenHash || !(await this.deps.storage.claimSeat(id, index, hash, name))) {
      return fail(409, 'seat/taken', `Seat ${index} is taken.`);
    }
    await room.seatClaimed(index, hash, name);
    this.deps.log.info({ room: id, seat: index }, 'seat claimed');
    await room.maybeStart();
    return { seat: index, token };
  }

  /** The holder of `token` leaves the room (Room.leave); a game abandoned by its last player is closed and unloaded here. */
  async leave(id: string, token: string): Promise<LeaveOutcome> {
    const room = this.rooms.get(id);
    if (!room) {
      const over = await this.finished.open(id);
      return over ? { ok: false, status: 409, code: 'game/over', message: 'The game is over: there is nothing to leave.' } : { ok: false, status: 404, code: 'room/unknown', message: `No open room "${id}".` };
    }
    const hash = hashToken(token);
    const seat = room.seatOfToken(hash);
    if (seat < 0) return { ok: false, status: 403, code: 'auth/invalid_token', message: 'This token does not hold a seat in this room.' };
    const r = await room.leave(seat, hash);
    if (r.ok && r.outcome === 'abandoned') {
      this.rooms.delete(id);
      await room.close('room/abandoned', 'Every player left; the game ended.');
      this.deps.log.info({ room: id }, 'room abandoned');
    }
    return r;
  }

  /** A fresh room id this process owns (with `--workers`, ids hash to one worker: draw until it is ours). */
  private newId(): string {
    for (;;) {
      const id = newRoomId();
      if (!this.deps.owns || this.deps.owns(id)) return id;
    }
  }

  /** Rebuilds every unfinished room from its log and resumes it; a room whose log fails to replay is left out. */
  async recover(): Promise<{ restored: number; failed: number }> {
    let restored = 0;
    let failed = 0;
    for (const record of await this.deps.storage.listRooms(['waiting', 'playing'])) {
      if (this.deps.owns && !this.deps.owns(record.id)) continue; // another worker's room
      if (await this.restore(record)) restored++;
      else failed++;
    }
    if (restored + failed > 0) this.deps.log.info({ restored, failed }, 'rooms recovered');
    return { restored, failed };
  }

  /** Rebuilds one stored room from its log and resumes it; null when its log fails to replay. */
  private async restore(record: RoomRecord): Promise<Room | null> {
    const r = await rebuildStored(this.deps.registry, this.deps.storage, record, this.deps.hostGame);
    if ('error' in r) {
      this.deps.log.error({ room: record.id, reason: r.error }, 'room not restored');
      return null;
    }
    const room = this.makeRoom(record, r.state, r.entries);
    room.resume();
    return room;
  }

  // --- cluster mode: one room taken over from another node, or given up ---

  /** Loads one unfinished room from storage (a takeover: rebuilt from its log and resumed); the loaded room if already here, null if it is unknown, over or fails to replay. */
  async load(id: string): Promise<Room | null> {
    const here = this.rooms.get(id);
    if (here) return here;
    const record = await this.deps.storage.getRoom(id);
    if (!record || (record.status !== 'waiting' && record.status !== 'playing')) return null;
    return this.rooms.get(id) ?? (await this.restore(record));
  }

  /** Unloads a room without touching its stored record (its lease was lost or handed over): it stops, and its subscribers are told `code` (they reconnect). */
  async unload(id: string, code: string, message: string): Promise<void> {
    const room = this.rooms.get(id);
    if (!room) return;
    this.rooms.delete(id);
    await room.close(code, message);
  }

  private makeRoom(record: RoomRecord, state: unknown, entries: readonly LogEntry[], register = true): Room {
    const game = this.deps.registry.get(record.game)!;
    const room = new Room(
      {
        game,
        storage: this.deps.storage,
        clock: this.deps.clock,
        config: this.deps.config,
        log: this.deps.log.child({ room: record.id }),
        ...(this.deps.onOutcome ? { onOutcome: this.deps.onOutcome } : {}),
        ...(this.deps.onFinished ? { onFinished: this.deps.onFinished } : {}),
        ...(this.deps.bots ? { bots: this.deps.bots } : {}),
        onBroken: (r: Room, code: string, message: string) => void this.closeBroken(r, code, message),
      },
      record,
      state,
      entries,
    );
    if (register) this.rooms.set(record.id, room);
    return room;
  }

  /**
   * A table whose rules ran out of fuel on a move (runtime core/fuel.ts: a studio draft's bug,
   * never a shipped game's): unloaded, stored as expired, its players told why — not left for a
   * bot to try the same move again.
   */
  private async closeBroken(room: Room, code: string, message: string): Promise<void> {
    if (this.rooms.get(room.id) !== room) return;
    this.rooms.delete(room.id);
    this.deps.log.warn({ room: room.id, game: room.record.game, code }, 'room closed: a move ran out of the rules’ fuel');
    await room.close(code, `This table was closed: ${message}`);
    await this.deps.storage.updateRoom(room.id, { status: 'expired', endedAt: Date.now() }).catch((err: unknown) => this.deps.log.error({ err, room: room.id }, 'could not store the closed room'));
  }

  /** Expires idle rooms and unloads finished ones (their record and log stay in storage). */
  async sweep(): Promise<void> {
    const now = this.deps.clock.now();
    for (const room of [...this.rooms.values()]) {
      const idleFor = now - room.lastActivity;
      if (room.status === 'finished') {
        if (idleFor >= this.deps.config.finishedRoomMs || (room.subscribers.size === 0 && idleFor >= 1000)) {
          this.rooms.delete(room.id);
          await room.close('room/archived', 'The game is over and archived.');
        }
      } else if (room.abandoned && now - room.lastHumanAt >= this.deps.config.abandonedRoomMs) {
        // A game whose players all left (or lost their connection) is ended sooner than an idle one.
        this.rooms.delete(room.id);
        await room.close('room/abandoned', 'No player has been at this table for a while; it was closed.');
        await this.deps.storage.updateRoom(room.id, { status: 'expired', endedAt: Date.now() });
        this.deps.log.info({ room: room.id }, 'abandoned room expired');
      } else if (room.subscribers.size === 0 && idleFor >= (room.status === 'waiting' ? Math.min(this.deps.config.unjoinedRoomMs, this.deps.config.idleRoomMs) : this.deps.config.idleRoomMs)) {
        // A waiting room nobody is connected to is reclaimed sooner (unjoinedRoomMs), freeing its creator's quota.
        this.rooms.delete(room.id);
        await room.close('room/expired', 'The room expired after being idle.');
        await this.deps.storage.updateRoom(room.id, { status: 'expired', endedAt: Date.now() });
        this.deps.log.info({ room: room.id }, 'room expired');
      }
    }
  }

  startSweeping(): void {
    this.sweepTimer ??= setInterval(() => void this.sweep().catch((err: unknown) => this.deps.log.error({ err }, 'sweep failed')), this.deps.config.sweepMs);
    this.sweepTimer.unref?.();
    // Retention: games over for longer than pruneAfterMs are deleted with their logs.
    this.stopPruning ??= startPruning(this.deps.storage, this.deps.config, this.deps.log, this.deps.onPruned);
  }

  /** Graceful shutdown: every room finishes its queued work and its subscribers are told why. */
  async close(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.stopPruning?.();
    await this.finished.close('server/shutdown', 'The server is shutting down; reconnect shortly.');
    await Promise.all([...this.rooms.values()].map((r) => r.close('server/shutdown', 'The server is shutting down; reconnect shortly.')));
    this.rooms.clear();
  }
}
