// The bot registry: levels by name (random, greedy, ismcts; easy/medium/hard as aliases).
import type { Action } from '../core/codec.ts';
import type { GameDef } from '../core/game-def.ts';
import type { GameState } from '../core/state.ts';
import type { RngState } from '../rng/index.ts';
import { greedyBot } from './greedy.ts';
import { hintsOf } from './hints.ts';
import { ismctsBot } from './ismcts.ts';
import { randomBot } from './random-bot.ts';
import { reactionDelay, type ReactionModel } from './reaction.ts';

export type BotLevel = 'random' | 'greedy' | 'ismcts';

/** The levels, weakest first. */
export const BOT_LEVELS: readonly BotLevel[] = ['random', 'greedy', 'ismcts'];

/** Friendly names accepted wherever a level is. */
export const BOT_ALIASES: Readonly<Record<string, BotLevel>> = { easy: 'random', medium: 'greedy', hard: 'ismcts' };

/** What a bot may spend on one decision, and when it decides. */
export interface BotBudget {
  /** Logical time of the decision (default: the state's last time). */
  now?: number;
  /** ismcts: iterations (default 400; a cap when `ms` is given). */
  iterations?: number;
  /** ismcts: thinking time in ms, measured with `clock`. */
  ms?: number;
  /** A clock in ms (`() => performance.now()`); the runtime never reads one itself. */
  clock?: () => number;
  /** greedy: determinizations per action (default 4). */
  determinizations?: number;
  /** ismcts: random steps after the tree before judging the position (default 4). */
  rolloutDepth?: number;
}

export interface Bot {
  level: BotLevel;
  /**
   * `seat`'s action in `state`, always one of `sampledActions(def, state, seat, now)` (`legalActions`
   * with counted choices filled in), or null when it has none or chooses to let the moment pass (never when the game needs it to act).
   */
  choose(def: GameDef, state: GameState, seat: number, rng: RngState, budget?: BotBudget): Action | null;
  /** How long (logical ms) this bot takes to act in a real-time stage or window. */
  reactionDelay(rng: RngState, def?: GameDef, model?: Partial<ReactionModel>): number;
}

/** The level a name stands for (a level or an alias), or null. */
export function parseBotLevel(name: string): BotLevel | null {
  const n = name.trim().toLowerCase();
  if ((BOT_LEVELS as readonly string[]).includes(n)) return n as BotLevel;
  return BOT_ALIASES[n] ?? null;
}

function delayFor(level: BotLevel) {
  return (rng: RngState, def?: GameDef, model?: Partial<ReactionModel>): number => {
    const scale = (def === undefined ? undefined : hintsOf(def)?.reactionScale) ?? 1;
    return Math.round(reactionDelay(level, rng, model) * scale);
  };
}

const BOTS: Record<BotLevel, Bot> = {
  random: {
    level: 'random',
    choose: (def, state, seat, rng, budget) => randomBot(def, state, seat, rng, budget?.now),
    reactionDelay: delayFor('random'),
  },
  greedy: {
    level: 'greedy',
    choose: (def, state, seat, rng, budget) => greedyBot(def, state, seat, rng, { now: budget?.now, determinizations: budget?.determinizations }),
    reactionDelay: delayFor('greedy'),
  },
  ismcts: {
    level: 'ismcts',
    choose: (def, state, seat, rng, budget) =>
      ismctsBot(def, state, seat, rng, { now: budget?.now, iterations: budget?.iterations, ms: budget?.ms, clock: budget?.clock, rolloutDepth: budget?.rolloutDepth }),
    reactionDelay: delayFor('ismcts'),
  },
};

/**
 * The bot of a level (or alias). Throws a RangeError for an unknown name: validate user
 * input with {@link parseBotLevel} first.
 *
 * @example
 * const bot = botFor('hard');
 * const action = bot.choose(def, state, seat, rng, { iterations: 300 });
 * const delay = bot.reactionDelay(rng, def);
 */
export function botFor(level: string): Bot {
  const l = parseBotLevel(level);
  if (l === null) throw new RangeError(`Unknown bot level "${level}": use ${[...BOT_LEVELS, ...Object.keys(BOT_ALIASES)].join(', ')}.`);
  return BOTS[l];
}

/**
 * One decision of a bot of `level` for `seat`: a legal action, or null (no legal action, or
 * the bot lets the moment pass). For `decksmith play --bots` and the server.
 *
 * @example
 * const a = chooseAction('ismcts', def, state, 1, deriveRng(seed, 'bot:1'), { iterations: 200, now });
 * if (a) state = (apply(def, state, 1, a, now) as { state: GameState }).state;
 */
export function chooseAction(level: string, def: GameDef, state: GameState, seat: number, rng: RngState, budget?: BotBudget): Action | null {
  return botFor(level).choose(def, state, seat, rng, budget);
}
