// Catalogue, checker part: values a rule file can prove wrong (a constant write outside a
// variable's range) and a `where` that swallows the comparison after it.
import type { Loc } from '../ast/loc.ts';
import { diagnosticAt, noteAt, type Diagnostic } from './diagnostic.ts';

/** Codes of this part of the catalogue (stable public API). */
export const CHECK_VALUE_CODES = ['var_range_exceeded', 'where_captures_comparison'] as const;

/** `set tricks = 14` (or `var tricks: 0..13 = 14`) where 14 can never lie in the range. */
export function varRangeExceeded(loc: Loc, name: string, value: number, range: string, declared: Loc): Diagnostic {
  return diagnosticAt('var_range_exceeded', 'warning', `${value} is outside the range ${range} of "${name}"`, loc, [
    noteAt(`"${name}" is declared ${range} here`, declared),
    { message: 'at run time this write is var/out_of_range: the action is rejected and nothing changes' },
  ]);
}

/** `count c in cs where ok == 3`: the `where` condition took the comparison meant for the count. */
export function whereCapturesComparison(loc: Loc, what: string, op: string): Diagnostic {
  return diagnosticAt('where_captures_comparison', 'error', `the "where" condition takes in "${op}", so ${what} is not compared`, loc, [
    { message: `"where" reaches to the end of the condition; write (${what} … where …) ${op} … to compare the result` },
  ]);
}
