// Server-side bots of one room: each bot seat with something to do acts after a human-like reaction time.
import { sampleBotDelay, type BotDelay } from '../config.ts';
import type { GameEngine, WireAction } from '../games/types.ts';
import type { SeatRecord } from '../storage/storage.ts';
import type { Clock } from './clock.ts';

export interface BotHost {
  engine: GameEngine;
  clock: Clock;
  delay: BotDelay;
  /** Take each level's delay model from the engine (`engine.botDelay`) rather than `delay`. */
  delayByLevel: boolean;
  seed: string;
  seats: readonly SeatRecord[];
  /** Whether bots may act now (the room is playing and open). */
  active(): boolean;
  state(): unknown;
  /** The room's logical time: legality may depend on it (`rate` limits, time-reading guards). */
  now(): number;
  /** Runs a bot's turn inside the room's queue: `decide` is called there, on the current state and time. */
  act(seat: number, decide: (now: number) => WireAction | null): void;
}

/** How far ahead a bot that cannot act now looks for a time when it could (rate limits are at most seconds). */
const LOOKAHEAD_MS = 10_000;

interface SeatTimer {
  cancel: () => void;
  /** A wake-up at the time the seat becomes able to act (a rate limit lapsing), not a reaction. */
  wake: boolean;
}

export class Bots {
  private readonly timers: (SeatTimer | undefined)[];
  private readonly rngs: unknown[];

  constructor(private readonly host: BotHost) {
    this.timers = host.seats.map(() => undefined);
    this.rngs = host.seats.map((_, i) => host.engine.botRng(host.seed, i));
  }

  /**
   * Arms a timer for every bot seat that has, or will have, a legal action: a reaction timer
   * when it can act now; otherwise a wake-up at the earliest time it could act without anything
   * else happening (a `rate` limit lapsing) — so a bot is never forgotten while it may still act.
   * Anything else that changes legality (an action, a timer, a window opening) calls this again.
   * The bot decides when its timer fires, on the state and time as they are then.
   */
  schedule(): void {
    if (!this.host.active()) return;
    const { engine, seats } = this.host;
    const state = this.host.state();
    const now = this.host.now();
    seats.forEach((seat, i) => {
      const armed = this.timers[i];
      if (seat.kind !== 'bot' || (armed && !armed.wake)) return;
      if (canAct(engine, state, i, now)) {
        armed?.cancel();
        const level = seat.level ?? 'random';
        const model = (this.host.delayByLevel && engine.botDelay?.(level)) || this.host.delay;
        this.arm(i, sampleBotDelay(model), false);
        return;
      }
      if (armed) return;
      const at = this.earliestAct(state, i, now);
      if (at !== null) this.arm(i, at - now, true);
    });
  }

  private arm(i: number, delay: number, wake: boolean): void {
    const level = this.host.seats[i]!.level ?? 'random';
    const cancel = this.host.clock.setTimer(delay, () => {
      this.timers[i] = undefined;
      if (wake) return this.schedule();
      this.host.act(i, (now) => this.host.engine.bot(this.host.state(), i, level, this.rngs[i], now));
    });
    this.timers[i] = { cancel, wake };
  }

  /**
   * The earliest logical time, before the next timer is due and within LOOKAHEAD_MS, at which
   * `seat` could act on the current state; null when it cannot within that span. A bisection
   * on `canAct` (rate limits only ever lapse; a timer firing reschedules the bots anyway).
   */
  private earliestAct(state: unknown, seat: number, now: number): number | null {
    const { engine } = this.host;
    const deadline = engine.nextDeadline(state);
    let hi = Math.min(now + LOOKAHEAD_MS, deadline ?? Infinity);
    if (hi <= now || !canAct(engine, state, seat, hi)) return null;
    let lo = now;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (canAct(engine, state, seat, mid)) hi = mid;
      else lo = mid;
    }
    return hi;
  }

  stop(): void {
    this.timers.forEach((t, i) => {
      t?.cancel();
      this.timers[i] = undefined;
    });
  }
}

function canAct(engine: GameEngine, state: unknown, seat: number, now: number): boolean {
  return engine.canAct ? engine.canAct(state, seat, now) : engine.legalActions(state, seat, now).length > 0;
}
