// Holds a room's contested plays only as long as a play sent before them could still arrive, then
// hands them to the room in the order the runtime ranks them (docs/fairness.md). A play is credited
// with its seat's measured delay (capped by the runtime) and given its estimated send time S. Any
// play that outranks it was sent before S, and reaches the server within its own seat's credit of
// being sent: so once every other connected seat's largest possible credit (its measured one-way
// delay, capped at the window: its `reach`) has passed since S, nothing can outrank it any more and
// it is decided. Bots and seats without a connection reach 0: in a room of bots and near players a
// play is decided at once, and a far player's play, credited its own delay, arrives already due.
// The room's deadlines wait the same way (`lag`), so a play sent before a deadline is judged before it.
import { beatenBy, estimateSent, rankPlays, type ActionTiming, type DecidedPlay, type TimedPlay } from '@decksmith/runtime';
import type { Clock } from './clock.ts';

/** What deciding one play gave: accepted, or the rejection code. */
export interface Decision {
  ok: boolean;
  code?: string;
}

/** Who beat a rejected play and by how much (estimated send times), for the rejection the seat is sent. */
export type Beaten = { by: number; ms: number };

/**
 * Decides a held play: applies it at logical time `at` with its timing record, and calls `told`
 * with the outcome before anything else goes out (it adds "beaten by" to a lost race and replies).
 */
export type DecideHeld<O extends Decision> = (at: number, timing: ActionTiming, told: (o: O) => void) => Promise<O>;

export interface RaceHost {
  clock: Clock;
  /** The room's logical time (ms). */
  now(): number;
  /**
   * Each seat's measured one-way delay (ms, uncapped) if it is a connected player, else 0 (bots,
   * seats without a connection): how long after being sent a play of theirs may still arrive.
   */
  delays(): readonly number[];
}

/** The largest delay of a seat other than `seat` (any seat when undefined). */
function reach(delays: readonly number[], seat?: number): number {
  let most = 0;
  delays.forEach((d, i) => (i !== seat && d > most ? (most = d) : undefined));
  return most;
}

/** A contested play as the room hands it over: who, its seat's delay, the view it names. */
export interface Contender {
  seat: number;
  /** The seat's measured one-way delay (ms); bots 0. */
  delay: number;
  /** The view version the play was made on, and when the server sent it (if remembered). */
  seen?: number;
  seenAt?: number;
}

interface Held {
  play: TimedPlay;
  sentAt: number;
  /** Not before this (the seat's previous play's time: a seat's own plays keep their order). */
  after: number;
  window: number;
  decide: (at: number, timing: ActionTiming, beaten: (code: string) => Beaten | null) => Promise<Decision>;
  drop: () => void;
}

/** How many view versions (update numbers) are remembered with their time, and accepted plays for "beaten by". */
const REMEMBERED = 256;

export class RaceBuffer {
  private held: Held[] = [];
  private readonly lastDue = new Map<number, number>();
  private readonly views = new Map<number, number>();
  private readonly accepted: DecidedPlay[] = [];
  private cancel: (() => void) | undefined;
  /** Flushes run one after another: a later one never decides a play before an earlier one's. */
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly host: RaceHost) {}

  /** Notes when view version `n` went out (the time of the action that made it). */
  noteView(n: number, at: number): void {
    if (!this.views.has(n)) this.views.set(n, at);
    if (this.views.size > REMEMBERED) this.views.delete(this.views.keys().next().value!);
  }

  /** The earliest send time of a play still held (timers must not fire past it yet), or Infinity. */
  heldSince(): number {
    let t = Infinity;
    for (const h of this.held) t = Math.min(t, h.sentAt);
    return t;
  }

  get size(): number {
    return this.held.length;
  }

  /**
   * How long the room's deadlines wait in a contested moment with window `window`: a play sent
   * just before a deadline may arrive up to the largest connected seat's credit after it.
   */
  lag(window: number): number {
    return window > 0 ? Math.min(window, reach(this.host.delays())) : 0;
  }

  /**
   * Holds a play arriving now with `window` > 0; resolves once it has been decided (`decide`
   * has run) or dropped (`dropped`: the room closed first).
   */
  hold<O extends Decision>(who: Contender, window: number, decide: DecideHeld<O>, reply: (o: O & { beaten?: Beaten }) => void, dropped: () => void): Promise<void> {
    const seenAt = who.seen === undefined ? undefined : this.views.get(who.seen);
    const play: TimedPlay = { seat: who.seat, arrivedAt: this.host.now(), delay: who.delay, ...(who.seen !== undefined ? { seen: who.seen } : {}), ...(seenAt !== undefined ? { seenAt } : {}) };
    const { sentAt } = estimateSent(play, window);
    const after = this.lastDue.get(who.seat) ?? -Infinity;
    return new Promise<void>((done) => {
      const held: Held = {
        play,
        sentAt,
        after,
        window,
        decide: (at, timing, beaten) =>
          decide(at, timing, (o) => {
            const by = o.ok ? null : beaten(o.code ?? '');
            reply(by ? { ...o, beaten: by } : o);
          }).finally(done),
        drop: () => (dropped(), done()),
      };
      this.held.push(held);
      const due = this.due(held, this.host.delays());
      this.lastDue.set(who.seat, due);
      // Due already (no other seat could still outrank it): decided without waiting for a timer.
      if (due <= this.host.now()) this.flush();
      else this.arm();
    });
  }

  /** When a held play can be decided: its send time + the other seats' reach (re-read: estimates move), never before its seat's previous play. */
  private due(h: Held, delays: readonly number[]): number {
    return Math.max(h.after, h.sentAt + Math.min(h.window, reach(delays, h.play.seat)));
  }

  private arm(): void {
    this.cancel?.();
    this.cancel = undefined;
    if (this.held.length === 0) return;
    const delays = this.host.delays();
    const due = Math.min(...this.held.map((h) => this.due(h, delays)));
    this.cancel = this.host.clock.setTimer(Math.max(0, due - this.host.now()), () => {
      this.cancel = undefined;
      this.flush();
    });
  }

  private flush(): void {
    this.flushing = this.flushing.then(() => this.decideDue());
  }

  /**
   * Decides every play whose time has come, in the runtime's order, and with them every held
   * play ranked before one of them: a due play proves that everything sent before it has arrived.
   */
  private async decideDue(): Promise<void> {
    const now = this.host.now();
    if (this.held.length > 0) {
      const window = Math.max(...this.held.map((h) => h.window));
      const ranked = rankPlays(this.held.map((h) => ({ ...h.play, held: h })), window);
      const delays = this.host.delays();
      let last = -1;
      ranked.forEach((p, i) => (this.due(p.held, delays) <= now ? (last = i) : undefined));
      const ready = ranked.slice(0, last + 1);
      this.held = this.held.filter((h) => !ready.some((p) => p.held === h));
      for (const p of ready) {
        const timing: ActionTiming = { sent: p.sentAt, arrived: p.arrivedAt, credited: p.credited, basis: p.basis, rank: p.rank };
        const loser = { seat: p.seat, sentAt: p.sentAt };
        let d: Decision = { ok: false };
        try {
          d = await p.held.decide(p.sentAt, timing, (code) => beatenBy(code, loser, this.accepted, window));
        } catch {
          // The room reports its own failures; the plays after this one are still decided.
        }
        if (d.ok) {
          this.accepted.push(loser);
          if (this.accepted.length > REMEMBERED) this.accepted.shift();
        }
      }
    }
    this.arm();
  }

  /** Drops every held play (the room is closing): each resolves undecided. */
  clear(): void {
    this.cancel?.();
    this.cancel = undefined;
    for (const h of this.held) h.drop();
    this.held = [];
  }
}
