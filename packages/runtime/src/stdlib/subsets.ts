// Combinations of a list of cards (`subsets of hand(p) + starter`, language.md §8): what
// combination counting needs (Cribbage's fifteens, pairs and runs; any "cards adding to n").
import { VarOutOfRange } from '../core/var-range.ts';

/** The most cards `subsets of` takes: 2^16 = 65,536 subsets. More is the rule file's bug. */
export const SUBSETS_MAX_CARDS = 16;

/**
 * Thrown by `subsets` on more than SUBSETS_MAX_CARDS cards; handled as `var/out_of_range` is (the
 * action is rejected and nothing changes, or the game ends as stuck in a timer).
 */
export class SubsetsTooLarge extends VarOutOfRange {
  constructor(n: number) {
    super({
      code: 'subsets/too_large',
      message: `subsets of ${n} cards: at most ${SUBSETS_MAX_CARDS} cards can be combined.`,
    });
  }
}

/**
 * Every subset of `list` (2^n lists, the empty one included), each in the list's order, in the
 * order of the binary numbers whose bits pick the elements (element 0 is bit 0). Holes (-1, the
 * empty slots of a row) are dropped first. `fuel` (the generated code's Ctx) pays for the work
 * (core/fuel.ts).
 *
 * @example
 * subsets([7, 9]); // [[], [7], [9], [7, 9]]
 */
export function subsets(list: readonly number[], fuel?: { spend(n: number): void }): number[][] {
  const items = list.filter((v) => v >= 0);
  const n = items.length;
  if (n > SUBSETS_MAX_CARDS) throw new SubsetsTooLarge(n);
  // Generated code passes its Ctx: the 2^n lists (n/2 cards each on average) are paid before they are built.
  fuel?.spend((1 << n) * ((n >> 1) + 1));
  const out: number[][] = new Array<number[]>(1 << n);
  for (let mask = 0; mask < 1 << n; mask++) {
    const pick: number[] = [];
    for (let i = 0; i < n; i++) if ((mask & (1 << i)) !== 0) pick.push(items[i] as number);
    out[mask] = pick;
  }
  return out;
}
