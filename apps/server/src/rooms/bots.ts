// Server-side bots of one room: each bot seat with something to do acts after a human-like reaction time, thinking in the bot pool within the room's budget.
import type { Logger } from 'pino';
import type { ThinkBudget } from '../bots/budget.ts';
import type { BotDecider } from '../bots/pool.ts';
import { sampleBotDelay, type BotDelay } from '../config.ts';
import type { GameEngine, HostedGame, WireAction } from '../games/types.ts';
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
   * Runs a bot's turn: the host takes a snapshot (state, time) inside the room's queue, calls
   * `decide` on it outside the queue (the room keeps serving while the bot thinks), then queues
   * the action through the normal path. The host calls `acted(seat)` once the turn is over,
   * whatever happened in it.
   */
  act(seat: number, decide: (state: unknown, now: number) => Promise<WireAction | null>): void;
  /** Where bots think (the worker pool); without one, on this thread. Needs `game`. */
  decider?: BotDecider;
  game?: HostedGame;
  /** Thinking per decision for the search levels (`botThinkMs`). */
  thinkMs?: number;
  /** The room's thinking budget (`botRoomBudgetMsPerSecond`); a room that spent it waits. */
  budget?: ThinkBudget;
  log?: Logger;
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
        this.arm(i, sampleBotDelay(this.delayOf(seat.level ?? 'random')), false);
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
      // A room that spent its thinking budget, or a full global queue, defers the decision: the
      // bot reacts again later (after the budget refills / a fresh reaction time).
      const wait = this.host.budget?.wait() ?? 0;
      if (wait > 0 || this.host.decider?.admit() === false) {
        this.timers[i] = undefined;
        return this.arm(i, Math.max(wait, sampleBotDelay(this.delayOf(level))), false);
      }
      // Until the queued decision has run, a reschedule (a game timer firing first in the same
      // task, another seat's action queued ahead) must not arm a second reaction for this seat:
      // that one would be timed from before the decision, and the bot would act twice in a row.
      this.timers[i] = DECIDING;
      this.host.act(i, (state, now) => this.decide(i, level, state, now));
    });
    this.timers[i] = { cancel, wake };
  }

  private delayOf(level: string): BotDelay {
    return (this.host.delayByLevel && this.host.engine.botDelay?.(level)) || this.host.delay;
  }

  /**
   * One decision on a snapshot, in the pool when there is one (at a cheaper level under
   * pressure); the seat's rng becomes the one the decision returns, and its thinking time is
   * charged to the room's budget. Null when deferred or when the decider failed.
   */
  private async decide(i: number, level: string, state: unknown, now: number): Promise<WireAction | null> {
    const { decider, game, engine } = this.host;
    const thinkMs = this.host.thinkMs ?? 15;
    try {
      const t0 = performance.now();
      const answer = decider && game
        ? await decider.decide({ game, state, seat: i, level: decider.levelFor(level), rng: this.rngs[i], now, thinkMs })
        : { action: engine.bot(state, i, level, this.rngs[i], now, thinkMs), rng: this.rngs[i], ms: performance.now() - t0 };
      if ('deferred' in answer) return null;
      this.rngs[i] = answer.rng;
      this.host.budget?.spend(answer.ms);
      return answer.action;
    } catch (err) {
      if (this.host.active()) this.host.log?.error({ seat: i, level, err }, 'a bot decision failed');
      return null;
    }
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
