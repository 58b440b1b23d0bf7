// Catalogue, checker part 6: action parameters that choose several cards (`cs: 3 cards in hand(me)`).
import type { Loc } from '../ast/loc.ts';
import { diagnosticAt, type Diagnostic } from './diagnostic.ts';

/** Codes of this part of the catalogue (stable public API). */
export const CHECK_CHOICE_CODES = ['parameter_count_invalid', 'parameter_choice_not_last', 'parameter_subsets_unbounded'] as const;

/** Largest zone whose subsets a plain `cards in z` parameter is offered in full (the runtime's MAX_SUBSET_ZONE). */
export const PLAIN_CARDS_LIMIT = 8;

/** `0 cards in …`, `3..1 cards in …`: a counted choice must take at least one card, and min ≤ max. */
export function parameterCountInvalid(loc: Loc, min: number, max: number): Diagnostic {
  const text = min === max ? `${min}` : `${min}..${max}`;
  return diagnosticAt('parameter_count_invalid', 'error', `"${text} cards" chooses no possible number of cards`, loc, [
    { message: 'write the exact count (`3 cards in hand(me)`) or a range whose end is at least its start and at least 1 (`1..3 cards in hand(me)`)' },
  ]);
}

/** A counted choice followed by another parameter: legal actions list the choice as one entry, so it comes last. */
export function parameterChoiceNotLast(loc: Loc, name: string, next: string): Diagnostic {
  return diagnosticAt('parameter_choice_not_last', 'error', `the counted choice "${name}" must be the action's last parameter, but "${next}" follows it`, loc, [
    { message: 'a player is offered the candidate cards and the count once the other parameters are chosen; move it after them' },
  ]);
}

/** `cs: cards in hand(me)` over a zone that may hold more than 8 cards: not every subset would be offered. */
export function parameterSubsetsUnbounded(loc: Loc, name: string, zone: string): Diagnostic {
  return diagnosticAt(
    'parameter_subsets_unbounded',
    'warning',
    `"${name}: cards in ${zone}" is offered as every subset only while ${zone} holds at most ${PLAIN_CARDS_LIMIT} cards; with more, only single cards and the whole zone are offered`,
    loc,
    [{ message: `declare how many cards are chosen: \`${name}: 3 cards in ${zone}\` (exactly 3) or \`${name}: 1..3 cards in ${zone}\` (1 to 3), which work at any size` }],
  );
}
