// A live room: the authoritative state, its serial queue, the timer armed at the next deadline, bots and subscribers.
import type { Logger } from 'pino';
import type { ServerConfig } from '../config.ts';
import type { GameOutcome, HostedGame, WireAction } from '../games/types.ts';
import { isOver, type LogEntry, type RoomRecord, type SeatRecord, type Storage } from '../storage/storage.ts';
import type { ServerMessage } from '@decksmith/protocol';
import { BUDGET_EXCEEDED_CODE } from '@decksmith/runtime';
import { sameHash } from '../tokens.ts';
import { ThinkBudget } from '../bots/budget.ts';
import type { BotDecider } from '../bots/pool.ts';
import { Bots } from './bots.ts';
import type { Clock } from './clock.ts';
import { connectedSeats, seatDelays, seatWake } from './connected-seats.ts';
import { SerialQueue } from './queue.ts';
import { RaceBuffer, type DecideHeld } from './race-buffer.ts';
import { deliverWelcome, fanOut, presenceOf, welcomeFor, type Subscriber } from './subscriber.ts';
import { reject, takeoverLevel, type Actor, type LeaveOutcome, type Outcome } from './room-api.ts';

export { takeoverLevel, type Actor, type LeaveOutcome, type Outcome };

export interface RoomDeps {
  game: HostedGame;
  storage: Storage;
  clock: Clock;
  config: ServerConfig;
  log: Logger;
  /** Told about every accepted and rejected action (metrics). */
  onOutcome?: (accepted: boolean, code?: string) => void;
  /** Called once when the game ends. */
  onFinished?: (room: Room) => void;
  /** Where bots think (the worker pool); without it, on the event loop. */
  bots?: BotDecider;
  /** Called when a move ran out of the rules' fuel (`rules/budget_exceeded`): the manager closes the table. */
  onBroken?: (room: Room, code: string, message: string) => void;
}

/** A welcome stores the room clock only when it moved this far since it was last stored (bounds the writes joins and resyncs cause). */
const WELCOME_CLOCK_MS = 250;

export class Room {
  readonly id: string;
  readonly record: RoomRecord;
  readonly subscribers = new Set<Subscriber>();
  private readonly queue = new SerialQueue();
  /** Contested plays held for the compensation window (docs/fairness.md). */
  private readonly races: RaceBuffer;
  private st: unknown;
  private n = 0;
  private lastAt = 0;
  /** clock.now() at logical time 0 (shifted on restore so time resumes where the log and clock end). */
  private epoch = 0;
  /** The durable clock high-water mark (RoomRecord.clockAt): no frame shows a later `now` before it is stored. */
  private clockAt = 0;
  /** A game that is over keeps the time it ended at. */
  private frozenAt: number | undefined;
  private readonly lastSeq: number[];
  /** Each seat's one-way delay as its last action carried it (for connections that do not report theirs). */
  private readonly actedDelay: number[] = [];
  private cancelTimer: (() => void) | undefined;
  private readonly bots: Bots;
  /** Bot turns between their snapshot and their queued action (thinking in the pool meanwhile). */
  private readonly thinking = new Set<Promise<void>>();
  /** clock.now() of the last action, connection or start (idle expiry). */
  lastActivity: number;
  /** clock.now() when a human seat was last connected (or the room was loaded): how long a table has been abandoned. */
  lastHumanAt: number;
  closed = false;

  constructor(
    private readonly deps: RoomDeps,
    record: RoomRecord,
    state: unknown,
    entries: readonly LogEntry[] = [],
  ) {
    this.id = record.id;
    this.record = record;
    this.st = state;
    this.lastSeq = record.seats.map(() => 0);
    this.races = new RaceBuffer({ clock: deps.clock, now: () => this.now(), delays: () => seatDelays(this.record.seats, this.subscribers, this.actedDelay) });
    this.bots = new Bots({
      engine: deps.game.engine,
      clock: deps.clock,
      delay: deps.config.botDelay,
      delayByLevel: deps.config.botDelayByLevel,
      seed: record.seed,
      seats: record.seats,
      active: () => !this.closed && this.record.status === 'playing',
      state: () => this.st,
      now: () => this.now(),
      act: (seat, decide) => this.botTurn(seat, decide),
      game: deps.game,
      ...(deps.bots ? { decider: deps.bots } : {}),
      thinkMs: deps.config.botThinkMs,
      budget: new ThinkBudget(deps.config.botRoomBudgetMsPerSecond, () => deps.clock.now()),
      log: deps.log,
    });
    for (const e of entries) {
      this.n = e.n;
      this.lastAt = e.at;
      this.lastSeq[e.seat] = Math.max(this.lastSeq[e.seat] ?? 0, e.seq);
    }
    // Time resumes where the clients last saw it: the last action or the last stored clock, whichever is later.
    this.clockAt = record.clockAt ?? 0;
    const resumeAt = Math.max(this.lastAt, this.clockAt);
    this.epoch = deps.clock.now() - resumeAt;
    if (isOver(record.status)) this.frozenAt = resumeAt;
    this.lastActivity = deps.clock.now();
    this.lastHumanAt = this.lastActivity;
  }

  get status(): RoomRecord['status'] {
    return this.record.status;
  }
  /** The runtime state (tests compare it; never sent as is). */
  get state(): unknown {
    return this.st;
  }
  /** Whether plays here may race (the game has contested moments and compensation is on): only then do the seats' round trips matter, so only then are they probed. */
  get racing(): boolean {
    return this.deps.config.latencyCompensation && this.deps.game.engine.compensation !== undefined;
  }
  get height(): number {
    return this.n;
  }
  get pending(): number {
    return this.queue.length;
  }
  /** The room's logical time in ms (0 at the start, never going back). */
  now(): number {
    if (this.frozenAt !== undefined) return this.frozenAt;
    return Math.max(this.lastAt, this.clockAt, Math.floor(this.deps.clock.now() - this.epoch));
  }
  result(): GameOutcome | null {
    return this.deps.game.engine.result(this.st);
  }

  /** Starts the clock, timers and bots once every human seat is claimed. Queued. */
  maybeStart(): Promise<void> {
    return this.queue.run(async () => {
      if (this.closed || this.record.status !== 'waiting') return;
      if (this.record.seats.some((s) => s.kind === 'human' && !s.tokenHash)) return;
      this.record.status = 'playing';
      this.record.startedAt = Date.now();
      this.epoch = this.deps.clock.now();
      await this.deps.storage.updateRoom(this.id, { status: 'playing', startedAt: this.record.startedAt });
      this.deps.log.info({ room: this.id }, 'room started');
      this.broadcast([]);
      this.afterChange();
    });
  }

  /** Resumes timers and bots of a room rebuilt from its log. */
  resume(): void {
    if (this.record.status === 'playing') this.afterChange();
  }

  /** Records a claimed seat (storage already has it). Queued, so it never races an action. */
  seatClaimed(seat: number, tokenHash: string, name: string | undefined): Promise<void> {
    return this.queue.run(() => {
      const s = this.record.seats[seat];
      if (!s) return;
      s.tokenHash = tokenHash;
      if (name !== undefined) s.name = name;
      this.sendAll({ t: 'presence', seats: this.presence() });
    });
  }

  /** Finds the seat a token opens, or -1. */
  seatOfToken(tokenHash: string): number {
    return this.record.seats.findIndex((s) => sameHash(s.tokenHash, tokenHash));
  }

  /** Subscribes and sends the welcome (full view). Queued, so the view matches `n`. */
  connect(sub: Subscriber): Promise<void> {
    return this.queue.run(async () => {
      if (this.closed) return sub.close('room/closed', 'This room is closed.');
      this.subscribers.add(sub);
      this.lastActivity = this.deps.clock.now();
      await this.sendWelcome(sub);
      this.sendAll({ t: 'presence', seats: this.presence() });
      // A seat that cannot act yet but will (a rate limit) is now one to wake.
      if (this.record.status === 'playing') this.arm();
    });
  }

  /** Sends a subscriber its full view again (after it asked to resync). */
  resync(sub: Subscriber): Promise<void> {
    return this.queue.run(async () => {
      if (this.subscribers.has(sub)) await this.sendWelcome(sub);
    });
  }

  /**
   * Resolves once everything queued so far has run and no bot is thinking (tests on a manual
   * clock: a bot's decision in the pool and the action it queues are part of the room's work).
   */
  async idle(): Promise<void> {
    for (;;) {
      await this.queue.drain();
      if (this.thinking.size === 0 && this.queue.length === 0) return;
      await Promise.allSettled([...this.thinking]);
    }
  }

  /**
   * A bot's turn without holding the queue while it thinks: a snapshot (due timers fired first)
   * inside the queue, the decision outside it (in the pool), then the action queued like any
   * other — re-validated on the state as it is by then, so a stale decision is rejected and the
   * bot rescheduled (`acted`).
   */
  private botTurn(seat: number, decide: (state: unknown, now: number) => Promise<WireAction | null>): void {
    const turn = (async () => {
      try {
        const snap = await this.queue.run(async () => {
          if (this.closed || this.record.status !== 'playing') return null;
          const now = this.now();
          if ((await this.runTimers(this.settled(now))) === 'failed') return null;
          return this.record.status === 'playing' ? { state: this.st, now } : null;
        });
        const action = snap && (await decide(snap.state, snap.now));
        if (!action) return;
        // Through `submit`, so a bot's play in a race is held and ranked like a player's (delay 0).
        if (!this.closed && this.record.status === 'playing') await this.submit({ seat, bot: true }, 0, action, () => {});
      } finally {
        await this.queue.run(() => this.bots.acted(seat));
      }
    })();
    this.thinking.add(turn);
    const done = (): void => void this.thinking.delete(turn);
    turn.then(done, (err: unknown) => (done(), this.deps.log.error({ room: this.id, seat, err }, 'a bot turn failed')));
  }

  /** A viewer's view at a consistent point of the queue. */
  snapshot(viewer: number | 'spectator'): Promise<{ n: number; view: unknown }> {
    return this.queue.run(() => ({ n: this.n, view: this.deps.game.engine.view(this.st, viewer) }));
  }

  disconnect(sub: Subscriber): void {
    if (!this.subscribers.delete(sub)) return;
    this.lastActivity = this.deps.clock.now();
    if (sub.viewer !== 'spectator') this.lastHumanAt = this.lastActivity;
    if (!this.closed) this.sendAll({ t: 'presence', seats: this.presence() });
  }

  /**
   * Queues an action. `reply` gets the outcome exactly once, before the resulting update is
   * broadcast; an accepted action is durable in storage before `reply` is called.
   */
  submit(actor: Actor, seq: number, action: WireAction, reply: (o: Outcome) => void): Promise<void> {
    if (this.queue.length + this.races.size >= this.deps.config.maxQueue) {
      reply(reject('server/busy', 'The room is busy; try again.'));
      return Promise.resolve();
    }
    const window = this.window();
    if (!actor.bot && actor.delay !== undefined) this.actedDelay[actor.seat] = actor.delay;
    if (window > 0) return this.hold(actor, seq, action, reply, window);
    return this.queue.run(async () => {
      const o = await this.process(actor, seq, action);
      this.deps.onOutcome?.(o.ok, o.ok ? undefined : o.code);
      reply(o);
      if (!o.ok) return;
      // Acks first: storage resolves a whole group commit at once, so let every room of the
      // group send its ack before any of them computes and sends its views (still inside this
      // room's queue, so nothing of this room runs in between).
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      this.afterAccepted();
    });
  }

  /** The compensation window for a play arriving now: 0 (decided on arrival) outside contested moments or with compensation off. */
  private window(): number {
    return this.record.status === 'playing' && this.deps.config.latencyCompensation ? (this.deps.game.engine.compensation?.(this.st) ?? 0) : 0;
  }

  /** How far the room's deadlines may have fired by `now`: in a contested moment, less the largest connected delay (race-buffer.ts `lag`). */
  private settled(now = this.now()): number {
    return now - this.races.lag(this.window());
  }

  /** A contested play: held by the race buffer, then decided like any action at its estimated send time (the log keeps its `timing`). */
  private hold(actor: Actor, seq: number, action: WireAction, reply: (o: Outcome) => void, window: number): Promise<void> {
    const who = { seat: actor.seat, delay: actor.bot ? 0 : (actor.delay ?? 0), ...(actor.seen !== undefined ? { seen: actor.seen } : {}) };
    const decide: DecideHeld<Outcome> = (at, timing, told) =>
      this.queue.run(async () => {
        const o = await this.process(actor, seq, { ...action, timing } as WireAction, at);
        this.deps.onOutcome?.(o.ok, o.ok ? undefined : o.code);
        told(o);
        if (o.ok) this.afterAccepted();
        else this.arm();
        return o;
      });
    return this.races.hold(who, window, decide, reply, () => reply(reject('room/closed', 'This room is closed.')));
  }

  private pendingEvents: readonly unknown[] = [];

  private async process(actor: Actor, seq: number, action: WireAction, at?: number): Promise<Outcome> {
    const seat = this.record.seats[actor.seat];
    if (this.closed) return reject('room/closed', 'This room is closed.');
    if (!seat) return reject('seat/invalid', 'There is no such seat.');
    if (this.record.status === 'waiting') return reject('room/not_started', 'The game starts when every seat is taken.');
    if (this.record.status !== 'playing') return reject('game/over', 'The game is over.');
    if (actor.bot ? seat.kind !== 'bot' : !sameHash(seat.tokenHash, actor.tokenHash)) {
      return reject('auth/invalid_token', 'This connection does not hold this seat.');
    }
    if (!actor.bot && seq <= (this.lastSeq[actor.seat] ?? 0)) {
      return reject('seq/replayed', `Sequence number ${seq} was already used; the last accepted is ${this.lastSeq[actor.seat]}.`);
    }
    const now = at === undefined ? this.now() : Math.max(at, this.lastAt, this.clockAt);
    // Timers due by now fire first (their effects stored as the clock, then broadcast).
    if ((await this.runTimers(now)) === 'failed') return reject('server/storage', 'The room clock could not be saved; try again.');
    if (this.record.status !== 'playing') return reject('game/over', 'The game is over.');
    const engine = this.deps.game.engine;
    let r;
    try {
      r = engine.apply(this.st, actor.seat, action, now);
    } catch (error) {
      this.deps.log.error({ room: this.id, seat: actor.seat, err: error, action }, 'runtime threw on apply');
      return reject('server/internal', 'The server could not process this action.');
    }
    if ('rejected' in r) {
      // The rules could not finish this move within their fuel (runtime core/fuel.ts; a studio
      // draft's bug): refused, and the table is closed once this answer is out — a bot would pick it again.
      const { code, message } = r.rejected;
      if (code === BUDGET_EXCEEDED_CODE) queueMicrotask(() => this.deps.onBroken?.(this, code, message));
      return { ok: false, code, message };
    }
    const entry: LogEntry = { n: this.n + 1, at: now, seat: actor.seat, seq: actor.bot ? 0 : seq, action };
    try {
      await this.deps.storage.appendAction(this.id, entry);
    } catch (error) {
      // Cluster mode: this node lost the room's lease (cluster/lease-storage.ts) before the write or while it was under way; never acknowledged here.
      if ((error as { code?: unknown }).code === 'lease/lost') return reject('server/moved', 'This server no longer hosts the room; reconnect to resume (your welcome’s lastSeq says whether this action was stored).');
      this.deps.log.error({ room: this.id, seat: actor.seat, err: error }, 'could not append the action');
      return reject('server/storage', 'The action could not be saved; it was not applied.');
    }
    this.st = r.state;
    this.n = entry.n;
    this.lastAt = now;
    this.races.noteView(entry.n, now);
    if (!actor.bot) this.lastSeq[actor.seat] = seq;
    this.lastActivity = this.deps.clock.now();
    this.pendingEvents = r.events;
    return { ok: true, n: this.n };
  }

  private afterAccepted(): void {
    const events = this.pendingEvents;
    this.pendingEvents = [];
    this.broadcast(events, this.lastAt);
    this.afterChange();
  }

  /**
   * Fires every timer due by `now` (the runtime fires each at its own deadline). Their effects
   * are broadcast only once `now` is stored as the room's clock (`clockAt`), so a crash never
   * undoes what a seat has seen: recovery ticks the rebuilt state to it. `failed`: the clock
   * could not be stored, and nothing fired.
   */
  private async runTimers(now: number): Promise<'none' | 'fired' | 'failed'> {
    // Never past a held play's send time: it is decided before anything due after it.
    now = Math.max(Math.min(now, this.races.heldSince()), this.lastAt, this.clockAt);
    const t = this.deps.game.engine.tick(this.st, now);
    if (t.state === this.st && t.events.length === 0) return 'none';
    if (!(await this.holdClock(now))) return 'failed';
    this.st = t.state;
    this.broadcast(t.events, now);
    this.afterChange();
    return 'fired';
  }

  /**
   * Stores `now` as the room's clock high-water mark before a frame showing it goes out (timer
   * firings, welcomes, wake-ups); actions need not, their log entry carries their time.
   * False when storage failed (logged): the caller sends nothing.
   */
  private async holdClock(now: number): Promise<boolean> {
    if (this.record.status !== 'playing' || now <= Math.max(this.lastAt, this.clockAt)) return true;
    try {
      await this.deps.storage.updateRoom(this.id, { clockAt: now });
    } catch (error) {
      this.deps.log.error({ room: this.id, err: error }, 'could not store the room clock');
      return false;
    }
    this.clockAt = Math.max(this.clockAt, now);
    return true;
  }

  private afterChange(): void {
    if (this.record.status !== 'playing') return;
    const result = this.result();
    if (result) return void this.finish(result);
    this.arm();
    this.bots.schedule();
  }

  private finish(result: GameOutcome): void {
    this.record.status = 'finished';
    this.record.result = result;
    this.record.endedAt = Date.now();
    // The time of the event that ended it (an action or a stored timer firing), as a rebuild will have it.
    this.frozenAt = Math.max(this.lastAt, this.clockAt);
    this.stopTimers();
    this.deps.log.info({ room: this.id, result }, 'game over');
    // Inside the queue already (called from a queued task): the next task waits for this write.
    void this.queue.run(() => this.deps.storage.updateRoom(this.id, { status: 'finished', endedAt: this.record.endedAt!, result }));
    this.deps.onFinished?.(this);
  }

  /**
   * Arms the room's one timer at the earlier of the game's next deadline and the earliest time
   * a connected seat with nothing to do now could act (a `rate` limit lapsing): that seat is
   * then sent a fresh update, since its `legal` list was computed before.
   */
  private arm(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    const deadline = this.deps.game.engine.nextDeadline(this.st);
    const wake = seatWake(this.deps.game.engine, this.st, connectedSeats(this.record.seats, this.subscribers), this.now());
    // In a contested moment a deadline fires only once every play sent before it has arrived.
    const at = Math.min(deadline === null ? Infinity : deadline + this.races.lag(this.window()), wake?.at ?? Infinity);
    if (at === Infinity) return;
    this.cancelTimer = this.deps.clock.setTimer(Math.max(0, at - this.now()), () => {
      this.cancelTimer = undefined;
      void this.queue.run(async () => {
        if (this.closed || this.record.status !== 'playing') return;
        const now = this.now();
        // A timer that fires sends every viewer an update (legal lists included) and re-arms.
        const fired = await this.runTimers(this.settled(now));
        if (fired === 'fired') return;
        if (fired === 'failed') {
          // Storage refused the clock: nothing was shown; try again in a second.
          this.cancelTimer = this.deps.clock.setTimer(1000, () => this.arm());
        } else if (wake && now >= wake.at) {
          if (await this.holdClock(now)) this.refresh(wake.seats, now);
          this.arm();
        } else if (deadline !== null && this.settled(now) >= deadline) {
          // Due but nothing fired (clock rounding): try again shortly rather than spin.
          this.cancelTimer = this.deps.clock.setTimer(5, () => this.arm());
        } else this.arm();
      }).catch((err: unknown) => this.deps.log.error({ room: this.id, err }, 'timer task failed'));
    });
  }

  /** Sends `seats` an update without events: same `n`, their legal actions as of `now`. */
  private refresh(seats: ReadonlySet<number>, now: number): void {
    const subs = [...this.subscribers].filter((s) => s.viewer !== 'spectator' && seats.has(s.viewer));
    if (subs.length === 0) return;
    fanOut(this.deps.game.engine, this.st, subs, [], { n: this.n, now, result: this.result() });
  }

  private stopTimers(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.bots.stop();
  }

  /** `now`: the time the frames show (the action's or the firing's, so it is never later than what is stored). */
  private broadcast(events: readonly unknown[], now = this.now()): void {
    if (this.subscribers.size === 0) return;
    fanOut(this.deps.game.engine, this.st, this.subscribers, events, { n: this.n, now, result: this.result() });
  }

  /** The welcome's `now` is stored first (a rejoin after a crash never sees time go back). */
  private async sendWelcome(sub: Subscriber): Promise<void> {
    const v = sub.viewer;
    // Never past a held play's send time or a play still on its way (those may land before it).
    let now = Math.min(this.settled(), this.races.heldSince());
    const stored = Math.max(this.lastAt, this.clockAt);
    // Welcomes (joins, resyncs: up to the rate limit per socket) store the clock at most every
    // WELCOME_CLOCK_MS; in between they show the stored time, a little behind, never ahead.
    if (now - stored < WELCOME_CLOCK_MS || !(await this.holdClock(now))) now = stored;
    const room = { id: this.id, record: this.record, n: this.n, now, lastSeq: v === 'spectator' ? 0 : (this.lastSeq[v] ?? 0) };
    deliverWelcome(sub, welcomeFor(this.deps.game.engine, this.st, room, v, this.presence()), this.st);
  }

  /** A game under way that has human seats but none of them connected (its players left or lost their connection). */
  get abandoned(): boolean {
    return this.record.status === 'playing' && this.record.seats.some((s) => s.kind === 'human') && connectedSeats(this.record.seats, this.subscribers).size === 0;
  }

  /**
   * The player holding `seat` (by its token hash) leaves. Before the game starts the seat is
   * freed for someone else; during the game the player resigns: a bot (`takeoverLevel`) plays
   * the seat on, so the others' game goes on, or, when no other human seat is left, the game
   * ends (`expired`: abandoned, its log complete and replayable). The seat's own connections are
   * told `seat/left` and closed. Queued; storage first, so nothing changes when it fails.
   */
  leave(seat: number, tokenHash: string): Promise<LeaveOutcome> {
    const fail = (status: number, code: string, message: string): LeaveOutcome => ({ ok: false, status, code, message });
    return this.queue.run(async (): Promise<LeaveOutcome> => {
      const s = this.record.seats[seat];
      if (this.closed) return fail(409, 'room/closed', 'This room is closed.');
      if (!s || s.kind !== 'human' || !sameHash(s.tokenHash, tokenHash)) return fail(403, 'auth/invalid_token', 'This token does not hold a seat in this room.');
      if (this.record.status !== 'waiting' && this.record.status !== 'playing') return fail(409, 'game/over', 'The game is over: there is nothing to leave.');
      const waiting = this.record.status === 'waiting';
      const othersLeft = this.record.seats.some((o, i) => i !== seat && o.kind === 'human');
      const level = takeoverLevel(this.deps.game.botLevels);
      const replacement: SeatRecord = waiting ? { kind: 'human' } : { kind: 'bot', level, ...(s.name ? { name: s.name } : {}), resigned: true };
      if (!(await this.deps.storage.releaseSeat(this.id, seat, s.tokenHash!, replacement))) return fail(409, 'seat/taken', 'This seat changed hands meanwhile.');
      this.record.seats[seat] = replacement;
      this.deps.log.info({ room: this.id, seat, outcome: waiting ? 'freed' : othersLeft ? 'resigned' : 'abandoned' }, 'seat left');
      for (const sub of [...this.subscribers]) {
        if (sub.viewer !== seat) continue;
        this.subscribers.delete(sub);
        sub.close('seat/left', waiting ? 'You left the table; your seat is free again.' : 'You resigned; a bot plays your seat on.');
      }
      if (!waiting && !othersLeft) {
        this.record.status = 'expired';
        this.record.endedAt = Date.now();
        this.frozenAt = Math.max(this.lastAt, this.clockAt);
        this.stopTimers();
        await this.deps.storage.updateRoom(this.id, { status: 'expired', endedAt: this.record.endedAt });
        return { ok: true, seat, outcome: 'abandoned' };
      }
      this.sendAll({ t: 'presence', seats: this.presence() });
      if (waiting) return { ok: true, seat, outcome: 'freed' };
      this.afterChange();
      return { ok: true, seat, outcome: 'resigned', level };
    });
  }

  presence(): ReturnType<typeof presenceOf> {
    return presenceOf(this.record.seats, this.subscribers);
  }

  private sendAll(msg: ServerMessage): void {
    for (const s of this.subscribers) s.send(msg);
  }

  /** Stops timers and bots, waits for queued work, and closes every subscription. */
  async close(code: string, message: string): Promise<void> {
    this.closed = true;
    this.stopTimers();
    this.races.clear();
    await this.queue.drain();
    for (const s of [...this.subscribers]) s.close(code, message);
    this.subscribers.clear();
  }
}
