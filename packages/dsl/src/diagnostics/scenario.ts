// Catalogue, scenarios: a scenario file that cannot run (broken) and a step that does not hold (failed).
import type { Loc } from '../ast/loc.ts';
import { diagnosticAt, noteAt, type Diagnostic, type DiagnosticNote } from './diagnostic.ts';

/** Codes of a broken scenario (exit 2) and of a failing step (exit 1); stable public API. */
export const SCENARIO_CODES = [
  'scenario_game_not_found',
  'scenario_table_invalid',
  'scenario_name_unknown',
  'scenario_arrange_invalid',
  'scenario_argument_invalid',
  'scenario_me_without_actor',
  'scenario_setup_rejected',
  'scenario_expect_failed',
  'scenario_action_rejected',
  'scenario_action_accepted',
  'scenario_rejection_mismatch',
  'scenario_invariant_violated',
  'scenario_announcement_missing',
  'scenario_time_backwards',
  'scenario_rolling_unused',
  'scenario_arrange_borrowed',
] as const;

export type ScenarioCode = (typeof SCENARIO_CODES)[number];

const did = (suggestion: string | null): DiagnosticNote[] => (suggestion === null ? [] : [{ message: `did you mean "${suggestion}"?` }]);

/** `for super-tacky`, `for "nowhere.rules"`. */
export function gameNotFound(loc: Loc, what: string, tried: string[]): Diagnostic {
  return diagnosticAt('scenario_game_not_found', 'error', `cannot find the rule file of ${what}`, loc, tried.map((t) => ({ message: `looked for ${t}` })));
}

/** `players 11` in a game for 2..10, `option hand_size = 30`, an option given a non-literal. */
export function tableInvalid(loc: Loc, message: string, notes: DiagnosticNote[] = []): Diagnostic {
  return diagnosticAt('scenario_table_invalid', 'error', message, loc, notes);
}

/** An action, parameter, zone, variable, stage, step or window the game does not have. */
export function nameUnknown(loc: Loc, what: string, name: string, suggestion: string | null, owner = 'the game'): Diagnostic {
  return diagnosticAt('scenario_name_unknown', 'error', `${owner} has no ${what} "${name}"`, loc, did(suggestion));
}

/** Two `= rest`, `_` outside a row, a per-player zone without its player … */
export function arrangeInvalid(loc: Loc, message: string, notes: DiagnosticNote[] = []): Diagnostic {
  return diagnosticAt('scenario_arrange_invalid', 'error', message, loc, notes);
}

/** `c: red` for a card parameter, `p: pile 0`, `s1 does …`. */
export function argumentInvalid(loc: Loc, message: string, notes: DiagnosticNote[] = []): Diagnostic {
  return diagnosticAt('scenario_argument_invalid', 'error', message, loc, notes);
}

/**
 * `expect count(hand(me)) == 3`, `set ready(me) = true`: only a `does` step has an acting seat.
 * `loc` is in the scenario (the call, when `me` is in a define it calls: `used` is then where).
 */
export function meWithoutActor(loc: Loc, word: string, where: string, used?: Loc): Diagnostic {
  const notes: DiagnosticNote[] = used ? [noteAt(`"${word}" is used here, in what this calls`, used)] : [];
  notes.push({ message: 'only the arguments of a "does" step have an acting player; name the seat instead (p1, p2 …, current)' });
  return diagnosticAt('scenario_me_without_actor', 'error', `"${word}" has no meaning in ${where}: no player is acting there`, loc, notes);
}

/** The runtime refused the table or the arrangement (`setup/invalid`). */
export function setupRejected(loc: Loc, message: string): Diagnostic {
  return diagnosticAt('scenario_setup_rejected', 'error', message, loc);
}

/** `expect chain == 2` is false. */
export function expectFailed(loc: Loc, message: string, notes: DiagnosticNote[] = []): Diagnostic {
  return diagnosticAt('scenario_expect_failed', 'error', message, loc, notes);
}

/** An action expected to be accepted was rejected. */
export function actionRejected(loc: Loc, message: string, notes: DiagnosticNote[] = []): Diagnostic {
  return diagnosticAt('scenario_action_rejected', 'error', message, loc, notes);
}

/** An action expected to be rejected was accepted. */
export function actionAccepted(loc: Loc, message: string): Diagnostic {
  return diagnosticAt('scenario_action_accepted', 'error', message, loc);
}

/** Rejected, but with another code than the one expected. */
export function rejectionMismatch(loc: Loc, message: string, notes: DiagnosticNote[] = []): Diagnostic {
  return diagnosticAt('scenario_rejection_mismatch', 'error', message, loc, notes);
}

/** Card conservation or visibility broke after a step (a runtime or rule-file bug). */
export function invariantViolated(loc: Loc, what: string, violations: string[]): Diagnostic {
  return diagnosticAt('scenario_invariant_violated', 'error', `an invariant does not hold after ${what}`, loc, violations.slice(0, 5).map((v) => ({ message: v })));
}

/** `expect announced "…"` without that announcement (or `expect not announced` with it). */
export function announcementMissing(loc: Loc, message: string, heard: string[]): Diagnostic {
  const notes = heard.length === 0 ? [{ message: 'nothing was announced since the previous step' }] : heard.map((h) => ({ message: `announced: "${h}"` }));
  return diagnosticAt('scenario_announcement_missing', 'error', message, loc, notes);
}

/** `at 2s` after the clock already reached 3 s. */
export function timeBackwards(loc: Loc, at: number, now: number): Diagnostic {
  return diagnosticAt('scenario_time_backwards', 'error', `time only moves forward: ${at} ms is before the current ${now} ms`, loc);
}

/** `p1 does roll_die rolling [red, blue]` where the action drew once, or drew a value that does not fit. */
export function rollingUnused(loc: Loc, message: string): Diagnostic {
  return diagnosticAt('scenario_rolling_unused', 'error', message, loc);
}

/**
 * A warning: `arrange` gave a side's zone a card of another side's deck (the side listed a face
 * more often than its deck holds it), so that card's back shows the other side.
 */
export function arrangeBorrowed(loc: Loc, message: string): Diagnostic {
  return diagnosticAt('scenario_arrange_borrowed', 'warning', message, loc, [
    { message: 'list each face at most as often as the side\'s own deck holds it, or give the card to the side that owns it' },
  ]);
}
