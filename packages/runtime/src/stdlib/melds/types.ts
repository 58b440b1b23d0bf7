// Types shared by the meld classifier and solvers (books and runs with wilds, rummy family).

/**
 * One card as the solver sees it. `rank` and `suit` are small integers chosen by the game;
 * for a wild they are ignored. `points` is what the card costs when left unmelded.
 */
export interface MeldCard {
  rank: number;
  suit: number;
  wild: boolean;
  points: number;
}

/** What counts as a meld in a game. */
export interface MeldRules {
  /** Smallest meld, e.g. 3. */
  minSize: number;
  /** Runs must fit inside [minRank, maxRank]; there is no wrap-around. */
  minRank: number;
  maxRank: number;
  /** Books: same rank, any suits, duplicates allowed. */
  books: boolean;
  /** Runs: consecutive ranks of one suit. */
  runs: boolean;
  /** Whether a group of wilds only is a valid meld (a book, or a run when books are off). */
  allWildMeld: boolean;
  /** Longest run; defaults to maxRank - minRank + 1 and never exceeds it. */
  maxRunLength?: number;
}

export type MeldKind = 'book' | 'run';

/**
 * A meld found by a solver: its kind and indices into the caller's card array. Runs are
 * listed in rank order with the wilds in the places they stand for.
 */
export interface Meld {
  kind: MeldKind;
  cards: number[];
}

/** Result of {@link goOut}. */
export interface GoOutResult {
  melds: Meld[];
  /** Indices of the cards left out, ascending. */
  rest: number[];
}

/** Result of {@link bestLaydown}. */
export interface LaydownResult extends GoOutResult {
  /** Summed points of `rest`, as small as possible. */
  restPoints: number;
}

/** The longest run the rules allow. */
export function maxRunLength(rules: MeldRules): number {
  const span = rules.maxRank - rules.minRank + 1;
  return rules.maxRunLength === undefined ? span : Math.min(span, rules.maxRunLength);
}
