// Where bots think: a worker-thread pool (piscina) off the event loop that acknowledges actions, with a bounded global queue and cheaper levels under pressure.
import { fileURLToPath } from 'node:url';
import { BOT_LEVELS } from '@decksmith/runtime';
import { Piscina } from 'piscina';
import type { Logger } from 'pino';
import type { HostedGame } from '../games/types.ts';
import type { BotAnswer, BotTask } from './worker.ts';

/** One decision a room asks for: its game, a snapshot of its state and time, the seat's level and rng. */
export type BotRequest = Omit<BotTask, 'loader'> & { game: HostedGame };

/** A decision, or a deferral (the global queue is full: the bot tries again later). */
export type BotDecision = BotAnswer | { deferred: true };

/** What rooms need from wherever bots think. */
export interface BotDecider {
  /** Whether a decision may be asked now: false (counted as deferred) while the global queue is full. */
  admit(): boolean;
  /** The level to think at now: one step cheaper (ismcts → greedy → random) while the pool is under pressure. */
  levelFor(level: string): string;
  decide(request: BotRequest): Promise<BotDecision>;
  /** Decisions waiting for or running in a worker. */
  readonly pending: number;
  /** Counters since the start: decisions made in workers and on the main thread, deferred, and run at a degraded level. */
  readonly stats: Readonly<BotPoolStats>;
  close(): Promise<void>;
}

export interface BotPoolStats {
  threaded: number;
  inline: number;
  deferred: number;
  degraded: number;
}

export interface BotPoolOptions {
  /** Worker threads; 0 decides on the calling (main) thread, as before the pool. */
  threads: number;
  /** Decisions that may wait for a thread beyond those running; more are deferred. */
  queue: number;
  log: Logger;
}

const BOOT = fileURLToPath(new URL('./worker-boot.mjs', import.meta.url));

/** Decides on the calling thread (a game without a loader, or `threads: 0`): the event loop is busy meanwhile. */
function decideHere(r: BotRequest): BotAnswer {
  const t0 = performance.now();
  const action = r.game.engine.bot(r.state, r.seat, r.level, r.rng, r.now, r.thinkMs);
  return { action, rng: r.rng, ms: performance.now() - t0 };
}

/**
 * Bot decisions in worker threads. The state crosses by structured clone (a runtime state is
 * plain numbers and arrays); the worker loads the game itself from `game.loader`. At most
 * `threads + queue` decisions are pending; beyond that `decide` defers at once, and from half
 * the queue on, levels step down to cheaper ones (logged when the pressure starts and ends).
 *
 * @example
 * const pool = new BotPool({ threads: 1, queue: 64, log });
 * const d = await pool.decide({ game, state, seat: 1, level: pool.levelFor('ismcts'), rng, now, thinkMs: 15 });
 */
export class BotPool implements BotDecider {
  private piscina: Piscina<BotTask, BotAnswer> | undefined;
  private inFlight = 0;
  private pressed = false;
  private closed = false;
  readonly stats: BotPoolStats = { threaded: 0, inline: 0, deferred: 0, degraded: 0 };

  constructor(private readonly options: BotPoolOptions) {}

  get pending(): number {
    return this.inFlight;
  }

  private saturated(): boolean {
    return this.options.threads > 0 && this.inFlight >= this.options.threads + this.options.queue;
  }

  admit(): boolean {
    if (!this.saturated()) return true;
    this.stats.deferred++;
    return false;
  }

  levelFor(level: string): string {
    const pressed = this.options.threads > 0 && this.inFlight - this.options.threads >= Math.ceil(this.options.queue / 2);
    if (pressed !== this.pressed) {
      this.pressed = pressed;
      if (pressed) this.options.log.warn({ pending: this.inFlight, queue: this.options.queue }, 'bot pool under pressure: bot levels degrade one step (ismcts → greedy → random)');
      else this.options.log.info({ degraded: this.stats.degraded }, 'bot pool pressure over: bot levels restored');
    }
    const i = (BOT_LEVELS as readonly string[]).indexOf(level);
    if (!pressed || i <= 0) return level;
    this.stats.degraded++;
    return BOT_LEVELS[i - 1]!;
  }

  async decide(r: BotRequest): Promise<BotDecision> {
    if (this.options.threads === 0 || !r.game.loader) {
      this.stats.inline++;
      return decideHere(r);
    }
    if (this.closed || this.saturated()) {
      this.stats.deferred++;
      return { deferred: true };
    }
    this.piscina ??= new Piscina<BotTask, BotAnswer>({
      filename: BOOT,
      minThreads: this.options.threads,
      maxThreads: this.options.threads,
      maxQueue: this.options.queue + this.options.threads,
      idleTimeout: 60_000,
      // A worker's heap is bounded like any other resource; one that dies fails its task only.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    this.inFlight++;
    try {
      const answer = await this.piscina.run({ loader: r.game.loader, state: r.state, seat: r.seat, level: r.level, rng: r.rng, now: r.now, thinkMs: r.thinkMs });
      this.stats.threaded++;
      return answer;
    } finally {
      this.inFlight--;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.piscina?.destroy();
  }
}
