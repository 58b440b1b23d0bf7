// Catalogue, checker part 3: variants, the header, cards, options, decks, zones and meld rules.
import type { Loc } from '../ast/loc.ts';
import { diagnosticAt, noteAt, type Diagnostic } from './diagnostic.ts';

/** Codes of this part of the catalogue (stable public API). */
export const CHECK_DECLARATION_CODES = [
  'variant_base_not_found',
  'variant_unknown_base_item',
  'variant_cycle',
  'variant_item_outside_variant',
  'players_missing',
  'players_range_invalid',
  'rounds_missing',
  'winner_missing',
  'attribute_domain_conflict',
  'attribute_domain_invalid',
  'option_domain_invalid',
  'option_default_out_of_domain',
  'deck_count_invalid',
  'deck_attribute_not_on_kind',
  'card_notation_ambiguous',
  'card_shown_attribute_undefined',
  'card_faces_too_many',
  'zone_size_invalid',
  'zone_refill_invalid',
  'die_faces_invalid',
  'meld_rules_incomplete',
] as const;

/** `game x "X" extends y` where no `y.rules` is found. */
export function variantBaseNotFound(loc: Loc, id: string): Diagnostic {
  return diagnosticAt('variant_base_not_found', 'error', `base game "${id}" was not found`, loc, [
    { message: `the base is looked up as ${id}.rules beside this file, then games/${id}/${id}.rules` },
  ]);
}

/** `remove action x` or `option x = v` in a variant whose base has no such declaration. */
export function variantUnknownBaseItem(loc: Loc, what: string, name: string, base: string): Diagnostic {
  return diagnosticAt('variant_unknown_base_item', 'error', `the base game "${base}" has no ${what} "${name}"`, loc);
}

/** `a extends b`, `b extends a`. */
export function variantCycle(loc: Loc, chain: string[]): Diagnostic {
  return diagnosticAt('variant_cycle', 'error', `variants extend each other in a cycle: ${chain.join(' → ')}`, loc);
}

/** `option x = v` or `remove …` in a file that extends nothing. */
export function variantItemOutsideVariant(loc: Loc, what: string): Diagnostic {
  return diagnosticAt('variant_item_outside_variant', 'error', `${what} is only allowed in a variant (a game that extends another)`, loc);
}

/** No `players` line. */
export function playersMissing(loc: Loc): Diagnostic {
  return diagnosticAt('players_missing', 'error', 'the game does not say how many players it seats', loc, [
    { message: 'add a line such as `players 2..6` after the game line' },
  ]);
}

/** `players 5..2`, `players 0..4`. */
export function playersRangeInvalid(loc: Loc, min: number, max: number): Diagnostic {
  return diagnosticAt('players_range_invalid', 'error', `players ${min}..${max} is not a valid range`, loc, [
    { message: 'the range needs at least 1 player and a maximum no smaller than the minimum' },
  ]);
}

/** No `rounds { … }` block. */
export function roundsMissing(loc: Loc): Diagnostic {
  return diagnosticAt('rounds_missing', 'error', 'the game has no rounds block', loc, [
    { message: 'add `rounds { count 1  stages play }` (with your stages) to say how play proceeds' },
  ]);
}

/** No `winner …` line. */
export function winnerMissing(loc: Loc): Diagnostic {
  return diagnosticAt('winner_missing', 'error', 'the game does not say who wins', loc, [
    { message: 'add a line such as `winner lowest score`' },
  ]);
}

/** `colour: Colour` in one kind and `colour: 1..4` (or another enum) in another. */
export function attributeDomainConflict(loc: Loc, attr: string, here: string, there: string, first: Loc): Diagnostic {
  return diagnosticAt('attribute_domain_conflict', 'error', `attribute "${attr}" is ${here} here but ${there} in another kind`, loc, [
    noteAt(`"${attr}" is first declared here`, first),
    { message: 'attributes with the same name in several kinds are one attribute' },
  ]);
}

/** A domain an attribute cannot have: `colour: bool`, `n: 1 | red`, `n: 1..hand_size`. */
export function attributeDomainInvalid(loc: Loc, attr: string, detail: string): Diagnostic {
  return diagnosticAt('attribute_domain_invalid', 'error', `attribute "${attr}" ${detail}`, loc, [
    { message: 'an attribute domain is an enum, literal integers and ranges (1 | 3..9), or values (plus2 "+2" | stop)' },
  ]);
}

/** `option x: Card = …`, `option x: 1s..5 = …`. */
export function optionDomainInvalid(loc: Loc, name: string, detail: string): Diagnostic {
  return diagnosticAt('option_domain_invalid', 'error', `option "${name}" ${detail}`, loc, [
    { message: 'an option domain is an integer range, a duration range, bool, an enum or an inline enum (a | b)' },
  ]);
}

/** `option hand_size: 1..20 = 30`. */
export function optionDefaultOutOfDomain(loc: Loc, name: string, value: string, domain: string, domainLoc: Loc): Diagnostic {
  return diagnosticAt('option_default_out_of_domain', 'error', `the default ${value} of option "${name}" is not in ${domain}`, loc, [
    noteAt('the domain is declared here', domainLoc),
  ]);
}

/** `0 × Number`, `1.5 × Joker`, `x × Joker` where x is not an integer option. */
export function deckCountInvalid(loc: Loc, detail: string): Diagnostic {
  return diagnosticAt('deck_count_invalid', 'error', `a deck count must be a positive integer${detail}`, loc, [
    { message: 'write a whole number of copies such as 2, or the name of an integer option' },
  ]);
}

/** `2 × Joker where colour == red` where `Joker` has no `colour`. */
export function deckAttributeNotOnKind(loc: Loc, attr: string, kind: string, kindLoc: Loc): Diagnostic {
  return diagnosticAt('deck_attribute_not_on_kind', 'error', `card kind "${kind}" has no attribute "${attr}"`, loc, [
    noteAt(`"${kind}" is declared here`, kindLoc),
  ]);
}

/** Two different faces that print the same notation. */
export function cardNotationAmbiguous(loc: Loc, notation: string, a: string, b: string, otherLoc: Loc): Diagnostic {
  return diagnosticAt('card_notation_ambiguous', 'error', `the cards ${a} and ${b} are both written "${notation}"`, loc, [
    noteAt(`${b} gets its notation here`, otherLoc),
    { message: 'every face must print differently: add an attribute or a distinct symbol to `shown`' },
  ]);
}

/** `shown "{colour}{numbr}"`: a template names an attribute the kind lacks. */
export function cardShownAttributeUndefined(loc: Loc, attr: string, kind: string): Diagnostic {
  return diagnosticAt('card_shown_attribute_undefined', 'error', `card kind "${kind}" has no attribute "${attr}" to show`, loc);
}

/** The attribute domains of the kinds multiply out to more faces than a game can hold. */
export function cardFacesTooMany(loc: Loc, kind: string, count: number, limit: number): Diagnostic {
  return diagnosticAt('card_faces_too_many', 'error', `card kind "${kind}" has ${count} faces; at most ${limit} faces in all are allowed`, loc);
}

/** `row 0`, `row hand_size` where the option is not an integer. */
export function zoneSizeInvalid(loc: Loc, zone: string): Diagnostic {
  return diagnosticAt('zone_size_invalid', 'error', `the row size of zone "${zone}" must be a positive integer`, loc);
}

/** `refill from z` on something other than a shared pile, or from something that is not one. */
export function zoneRefillInvalid(loc: Loc, detail: string): Diagnostic {
  return diagnosticAt('zone_refill_invalid', 'error', `refill ${detail}`, loc, [
    { message: 'a shared pile refills from another shared pile: `zone draw: pile, hidden, refill from discard keeping top`' },
  ]);
}

/** `die d: bool`, `die d: Card`. */
export function dieFacesInvalid(loc: Loc, name: string): Diagnostic {
  return diagnosticAt('die_faces_invalid', 'error', `die "${name}" needs faces: an enum, or an integer range or union`, loc);
}

/** `meld rules` without a size, books or runs, or points. */
export function meldRulesIncomplete(loc: Loc, name: string, missing: string): Diagnostic {
  return diagnosticAt('meld_rules_incomplete', 'error', `meld rules "${name}" do not say ${missing}`, loc);
}

/** Helper for passes: a note at a declaration. */
export const declaredHere = (name: string, loc: Loc) => noteAt(`"${name}" is declared here`, loc);
