// Bots that play any game through legalActions, by level: random, greedy, ismcts.
export { randomBot } from './random-bot.ts';
export { greedyBot, type GreedyOptions } from './greedy.ts';
export { ismctsBot, type IsmctsOptions } from './ismcts.ts';
export { determinize, hiddenCards, type DeterminizeOptions } from './determinize.ts';
export { reactionDelay, reactionModel, REACTION_MODELS, type ReactionModel } from './reaction.ts';
export { evaluatorFor, winShares, Evaluator } from './evaluate.ts';
export { actionKey } from './action-key.ts';
export { actingSeats, isRealtime, mayWait } from './situation.ts';
export type { BotHints } from './hints.ts';
export { botFor, chooseAction, parseBotLevel, BOT_LEVELS, BOT_ALIASES, type Bot, type BotBudget, type BotLevel } from './levels.ts';
export { playMatch, type MatchInput, type MatchRecord, type Checkpoint } from './match.ts';
export { rollout, rolloutReference, type RolloutInput, type RolloutEnd } from './rollout.ts';
export { randomPlayout, PLAYOUT_MAX_ACTIONS, type PlayoutInput, type PlayoutResult } from './playout.ts';
