// Game-agnostic standard library: wrapped arithmetic, sequences and turn order, melds, subsets.
export { wrap, plusMinus } from './wrap.ts';
export { isConsecutive, nextInCycle, seatsFrom } from './sequences.ts';
export * from './melds/index.ts';
export { subsets, SUBSETS_MAX_CARDS, SubsetsTooLarge } from './subsets.ts';
