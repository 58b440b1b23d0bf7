// Human-like reaction times for bots in real-time stages and windows: a log-normal per level.
//
// Human choice reaction times are right-skewed and well described by a log-normal
// distribution. Easy bots are slow and erratic, hard ones quick and steady, so a person beats
// `random` to a pile and usually loses to `ismcts`. Values are logical milliseconds.
import { nextFloat, type RngState } from '../rng/index.ts';

/** Parameters of a level's reaction-time distribution. */
export interface ReactionModel {
  /** Median delay (ms): exp(mu) of the log-normal. */
  medianMs: number;
  /** Standard deviation of ln(delay). */
  sigma: number;
  /** Floor (ms): nobody reacts faster than this. */
  minMs: number;
  /** Ceiling (ms), so that a tail draw cannot stall a game. */
  maxMs: number;
}

/**
 * Default models by level. The medians bracket measured human card-game reactions
 * (recognise the card, decide, move: about 0.6–1.2 s).
 */
export const REACTION_MODELS: Readonly<Record<string, ReactionModel>> = {
  random: { medianMs: 1600, sigma: 0.5, minMs: 350, maxMs: 6000 },
  greedy: { medianMs: 950, sigma: 0.4, minMs: 250, maxMs: 4000 },
  ismcts: { medianMs: 600, sigma: 0.3, minMs: 200, maxMs: 2500 },
};

/** The model of a level (unknown levels get the middle one). */
export function reactionModel(level: string): ReactionModel {
  return REACTION_MODELS[level] ?? REACTION_MODELS.greedy!;
}

/**
 * One reaction delay in ms for `level`, drawn from the bot's own stream. `model` overrides
 * the level's parameters (e.g. from a game's hints or a server setting). MUTATES `rng`.
 *
 * @example
 * const at = now + reactionDelay('ismcts', rng); // when the bot's play arrives
 */
export function reactionDelay(level: string, rng: RngState, model: Partial<ReactionModel> = {}): number {
  const m = { ...reactionModel(level), ...model };
  const ms = m.medianMs * Math.exp(m.sigma * normal(rng));
  return Math.round(Math.min(m.maxMs, Math.max(m.minMs, ms)));
}

/** A standard normal draw (Box–Muller). */
export function normal(rng: RngState): number {
  let u = nextFloat(rng);
  while (u <= 0) u = nextFloat(rng);
  const v = nextFloat(rng);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
