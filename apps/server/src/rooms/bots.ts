// Server-side bots of one room: each bot seat with something to do acts after a human-like reaction time.
import { sampleBotDelay, type BotDelay } from '../config.ts';
import type { GameEngine, WireAction } from '../games/types.ts';
import type { SeatRecord } from '../storage/storage.ts';
import { canAct, earliestAct } from './availability.ts';
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
  /**
   * Runs a bot's turn inside the room's queue: `decide` is called there, on the current state
   * and time. The host calls `acted(seat)` once that task is over, whatever happened in it.
   */
  act(seat: number, decide: (now: number) => WireAction | null): void;
}

interface SeatTimer {
  cancel: () => void;
  /** A wake-up at the time the seat becomes able to act (a rate limit lapsing), not a reaction. */
  wake: boolean;
}

/** Marks a seat whose decision is queued: no new reaction is armed for it until it has acted. */
const DECIDING: SeatTimer = { cancel: () => undefined, wake: false };

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
      const at = earliestAct(engine, state, i, now);
      if (at !== null) this.arm(i, at - now, true);
    });
  }

  private arm(i: number, delay: number, wake: boolean): void {
    const level = this.host.seats[i]!.level ?? 'random';
    const cancel = this.host.clock.setTimer(delay, () => {
      if (wake) {
        this.timers[i] = undefined;
        return this.schedule();
      }
      // Until the queued decision has run, a reschedule (a game timer firing first in the same
      // task, another seat's action queued ahead) must not arm a second reaction for this seat:
      // that one would be timed from before the decision, and the bot would act twice in a row.
      this.timers[i] = DECIDING;
      this.host.act(i, (now) => this.host.engine.bot(this.host.state(), i, level, this.rngs[i], now));
    });
    this.timers[i] = { cancel, wake };
  }

  /** The seat's queued decision has run (or was dropped): it gets a fresh reaction from now. */
  acted(seat: number): void {
    if (this.timers[seat] === DECIDING) this.timers[seat] = undefined;
    this.schedule();
  }

  stop(): void {
    this.timers.forEach((t, i) => {
      t?.cancel();
      this.timers[i] = undefined;
    });
  }
}
