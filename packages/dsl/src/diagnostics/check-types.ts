// Catalogue, checker part 2: types and the contexts expressions and statements may appear in.
import type { Loc } from '../ast/loc.ts';
import { diagnosticAt, noteAt, type Diagnostic, type DiagnosticNote } from './diagnostic.ts';

/** Codes of this part of the catalogue (stable public API). */
export const CHECK_TYPE_CODES = [
  'type_mismatch',
  'call_arity_mismatch',
  'call_not_callable',
  'assignment_target_invalid',
  'effect_in_pure_context',
  'require_misplaced',
  'pause_misplaced',
  'turn_control_outside_turns',
  'turn_timer_action_invalid',
  'me_without_actor',
  'attribute_not_on_kind',
] as const;

/** An expression of the wrong type: `set plus2 = true` where `plus2` is a number. */
export function typeMismatch(loc: Loc, expected: string, found: string, context?: string, declared?: Loc): Diagnostic {
  const notes: DiagnosticNote[] = declared ? [noteAt('the expected type comes from here', declared)] : [];
  const where = context ? ` ${context}` : '';
  return diagnosticAt('type_mismatch', 'error', `expected ${expected}${where}, found ${found}`, loc, notes);
}

/** `matches(c, d)` where `matches` has one parameter. */
export function callArityMismatch(loc: Loc, name: string, expected: string, found: number, declared?: Loc): Diagnostic {
  const notes = declared ? [noteAt(`"${name}" is declared here`, declared)] : [];
  const s = expected === '1' ? '' : 's';
  return diagnosticAt('call_arity_mismatch', 'error', `"${name}" takes ${expected} argument${s}, not ${found}`, loc, notes);
}

/** `phases(3)` where `phases` is an option: only per-seat/pile variables, zones, defines and functions take arguments. */
export function callNotCallable(loc: Loc, name: string, what: string, declared?: Loc): Diagnostic {
  const notes = declared ? [noteAt(`"${name}" is declared here`, declared)] : [];
  return diagnosticAt('call_not_callable', 'error', `${what} "${name}" cannot be called`, loc, notes);
}

/** `set hand_size = 3` (an option), `set lead = none` (a define), `add 1 to 3`. */
export function assignmentTargetInvalid(loc: Loc, what: string): Diagnostic {
  return diagnosticAt('assignment_target_invalid', 'error', `${what} cannot be assigned: only variables can`, loc);
}

/** `roll d`, `random a..b`, `new pile in f` in a define, a guard condition or a `where`. */
export function effectInPureContext(loc: Loc, what: string, context: string): Diagnostic {
  return diagnosticAt('effect_in_pure_context', 'error', `${what} changes the game (its random state or piles) and cannot appear in ${context}`, loc, [
    { message: 'roll, random and new pile are allowed in statements of actions, procedures, triggers and flow blocks; bind the result with `let` there' },
  ]);
}

/** `require` after another statement, or outside an action body. */
export function requireMisplaced(loc: Loc, detail: string, previous?: Loc): Diagnostic {
  const notes = previous ? [noteAt('this statement comes before it', previous)] : [];
  return diagnosticAt('require_misplaced', 'error', `require ${detail}`, loc, [
    ...notes,
    { message: 'require statements come first in an action body: they decide whether the action is accepted at all' },
  ]);
}

/** `pause d` outside a trigger body (or inside a loop). */
export function pauseMisplaced(loc: Loc, detail: string): Diagnostic {
  return diagnosticAt('pause_misplaced', 'error', `pause ${detail}`, loc, [
    { message: 'pause freezes play and runs the rest of a trigger body later; it is allowed only in `when` blocks, outside loops' },
  ]);
}

/** `keep turn`, `skip next`, `next step`, `turn to` where no turns stage can be current. */
export function turnControlOutsideTurns(loc: Loc, stmt: string, context: string): Diagnostic {
  return diagnosticAt('turn_control_outside_turns', 'warning', `"${stmt}" has no effect in ${context}: no turns stage can be current there`, loc);
}

/** `turn timer d { a }` where action `a` has parameters (the timer cannot choose them). */
export function turnTimerActionInvalid(loc: Loc, action: string, declared: Loc): Diagnostic {
  return diagnosticAt('turn_timer_action_invalid', 'error', `the turn timer cannot perform "${action}": it has parameters`, loc, [
    noteAt(`"${action}" is declared here`, declared),
  ]);
}

/** `me` or `my side` where no player is acting: setup, scoring, triggers, timeouts, idle handlers. */
export function meWithoutActor(loc: Loc, word: string, context: string, via?: Loc): Diagnostic {
  const notes: DiagnosticNote[] = via ? [noteAt(`reached from ${context} through this call`, via)] : [];
  notes.push({ message: 'only actions (and before turn action) have an acting player; name the player instead (a loop variable, current, a parameter)' });
  return diagnosticAt('me_without_actor', 'error', `"${word}" has no meaning in ${context}: no player is acting there`, loc, notes);
}

/** `c.rank` where `c` is known to be a `Joker` (`if c is Joker then c.rank …`), and no such kind has `rank`. */
export function attributeNotOnKind(loc: Loc, attr: string, variable: string, kinds: string[]): Diagnostic {
  const which = kinds.length === 1 ? `a ${kinds[0]}` : `one of ${kinds.join(', ')}`;
  return diagnosticAt('attribute_not_on_kind', 'error', `"${variable}" is ${which} here, which has no attribute "${attr}"`, loc, [
    { message: 'an `is Kind` test before this point decides which kinds the card can be' },
  ]);
}
