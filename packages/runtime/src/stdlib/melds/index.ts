// Books and runs with wilds for the rummy family: classify a group, go out, best laydown.
export { classifyMeld } from './classify-meld.ts';
export { goOut, partitionExact, bestLaydown } from './solve-melds.ts';
export { maxRunLength } from './types.ts';
export type { MeldCard, MeldRules, MeldKind, Meld, GoOutResult, LaydownResult } from './types.ts';
