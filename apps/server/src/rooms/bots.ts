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
  /** Runs a bot's turn inside the room's queue: `decide` is called there, on the current state. */
  act(seat: number, decide: () => WireAction | null): void;
}

export class Bots {
  private readonly timers: ((() => void) | undefined)[];
  private readonly rngs: unknown[];

  constructor(private readonly host: BotHost) {
    this.timers = host.seats.map(() => undefined);
    this.rngs = host.seats.map((_, i) => host.engine.botRng(host.seed, i));
  }

  /**
   * Arms a reaction timer for every bot seat that has a legal action and no timer yet. The bot
   * decides when its timer fires, on the state as it is then (a timer never acts on a stale state).
   */
  schedule(): void {
    const { engine, seats } = this.host;
    seats.forEach((seat, i) => {
      if (seat.kind !== 'bot' || this.timers[i] || !this.host.active()) return;
      if (engine.legalActions(this.host.state(), i).length === 0) return;
      const level = seat.level ?? 'random';
      const model = (this.host.delayByLevel && engine.botDelay?.(level)) || this.host.delay;
      this.timers[i] = this.host.clock.setTimer(sampleBotDelay(model), () => {
        this.timers[i] = undefined;
        this.host.act(i, () => engine.bot(this.host.state(), i, level, this.rngs[i]));
      });
    });
  }

  stop(): void {
    this.timers.forEach((cancel, i) => {
      cancel?.();
      this.timers[i] = undefined;
    });
  }
}
