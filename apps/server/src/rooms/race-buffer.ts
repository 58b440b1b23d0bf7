// Holds a room's contested plays for the game's compensation window, then hands them to the room in
// the order the runtime ranks them (docs/fairness.md). A play is credited with its seat's measured
// delay (capped by the runtime), so it is decided at its estimated send time + the window: by then
// every play sent before it has arrived, since no seat is credited more than the window. A play is
// thus held window − credit ms, never more than the window.
import { beatenBy, estimateSent, rankPlays, type ActionTiming, type DecidedPlay, type TimedPlay } from '@decksmith/runtime';
import type { Clock } from './clock.ts';

/** What deciding one play gave: accepted, or the rejection code. */
export interface Decision {
  accepted: boolean;
  code?: string;
}

export interface HeldPlay extends TimedPlay {
  /** Applies the play at logical time `at` with its timing record; resolves with the outcome. */
  decide(at: number, timing: ActionTiming, beaten: (code: string) => { by: number; ms: number } | null): Promise<Decision>;
  /** The room closed before the play was decided. */
  dropped(): void;
}

interface Held {
  play: HeldPlay;
  sentAt: number;
  due: number;
  window: number;
  done: () => void;
}

/** How many view versions (update numbers) are remembered with their time, and accepted plays for "beaten by". */
const REMEMBERED = 256;

export class RaceBuffer {
  private held: Held[] = [];
  private readonly lastDue = new Map<number, number>();
  private readonly views = new Map<number, number>();
  private readonly accepted: DecidedPlay[] = [];
  private cancel: (() => void) | undefined;

  constructor(
    private readonly clock: Clock,
    /** The room's logical time (ms). */
    private readonly now: () => number,
  ) {}

  /** Notes when view version `n` went out (the time of the action that made it). */
  noteView(n: number, at: number): void {
    if (!this.views.has(n)) this.views.set(n, at);
    if (this.views.size > REMEMBERED) this.views.delete(this.views.keys().next().value!);
  }

  /** When view version `n` went out, if remembered. */
  viewAt(n: number | undefined): number | undefined {
    return n === undefined ? undefined : this.views.get(n);
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

  /** Holds a play; resolves once it has been decided. */
  hold(play: HeldPlay, window: number): Promise<void> {
    const { sentAt } = estimateSent(play, window);
    // A seat's own plays keep their order even when its delay estimate moved in between.
    const due = Math.max(sentAt + window, this.lastDue.get(play.seat) ?? -Infinity);
    this.lastDue.set(play.seat, due);
    return new Promise<void>((done) => {
      this.held.push({ play, sentAt, due, window, done });
      this.arm();
    });
  }

  private arm(): void {
    this.cancel?.();
    this.cancel = undefined;
    if (this.held.length === 0) return;
    const due = Math.min(...this.held.map((h) => h.due));
    this.cancel = this.clock.setTimer(Math.max(0, due - this.now()), () => {
      this.cancel = undefined;
      void this.flush();
    });
  }

  /** Decides every play whose time has come, in the runtime's order. */
  private async flush(): Promise<void> {
    const now = this.now();
    const ready = this.held.filter((h) => h.due <= now);
    this.held = this.held.filter((h) => h.due > now);
    if (ready.length > 0) {
      const window = Math.max(...ready.map((h) => h.window));
      const ranked = rankPlays(ready.map((h) => ({ ...h.play, held: h })), window);
      for (const p of ranked) {
        const timing: ActionTiming = { sent: p.sentAt, arrived: p.arrivedAt, credited: p.credited, basis: p.basis, rank: p.rank };
        const loser = { seat: p.seat, sentAt: p.sentAt };
        try {
          const d = await p.held.play.decide(p.sentAt, timing, (code) => beatenBy(code, loser, this.accepted, window));
          if (d.accepted) {
            this.accepted.push(loser);
            if (this.accepted.length > REMEMBERED) this.accepted.shift();
          }
        } finally {
          p.held.done();
        }
      }
    }
    this.arm();
  }

  /** Drops every held play (the room is closing): each resolves undecided. */
  clear(): void {
    this.cancel?.();
    this.cancel = undefined;
    for (const h of this.held) {
      h.play.dropped();
      h.done();
    }
    this.held = [];
  }
}
