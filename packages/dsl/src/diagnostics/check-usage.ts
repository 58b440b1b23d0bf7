// Catalogue, checker part 4: unused and unreachable declarations, recursion.
import type { Loc } from '../ast/loc.ts';
import { diagnosticAt, noteAt, type Diagnostic } from './diagnostic.ts';

/** Codes of this part of the catalogue (stable public API). */
export const CHECK_USAGE_CODES = [
  'option_unused',
  'var_unused',
  'define_unused',
  'procedure_unused',
  'zone_unused',
  'window_unused',
  'stage_unused',
  'define_recursive',
  'procedure_recursive',
  'action_unreachable',
] as const;

type UnusedWhat = 'option' | 'var' | 'define' | 'procedure' | 'zone' | 'window' | 'stage';

const hints: Record<UnusedWhat, string> = {
  option: 'an option nothing reads changes nothing; remove it or use it',
  var: 'a variable nothing reads or sets can be removed',
  define: 'remove the define or use it',
  procedure: 'call it as a statement, `name(args)`, or remove it',
  zone: 'no card ever goes to or comes from this zone',
  window: 'open it with `open window name` or remove it',
  stage: 'list it in `rounds { stages … }` or remove it',
};

/** A declaration nothing refers to (a stage: not listed in `rounds { stages … }`). */
export function declarationUnused(what: UnusedWhat, loc: Loc, name: string): Diagnostic {
  const label = what === 'var' ? 'variable' : what;
  const message = what === 'stage' ? `stage "${name}" is not in the rounds' stages` : what === 'window' ? `window "${name}" is never opened` : `${label} "${name}" is never used`;
  return diagnosticAt(`${what}_unused`, 'warning', message, loc, [{ message: hints[what] }]);
}

/** `define a = … a …` or a cycle through other defines. */
export function defineRecursive(loc: Loc, chain: string[], callAt: Loc): Diagnostic {
  return diagnosticAt('define_recursive', 'error', `define "${chain[0]}" uses itself: ${chain.join(' → ')}`, loc, [
    noteAt('the cycle closes here', callAt),
    { message: 'defines are inlined where used, so they cannot recurse' },
  ]);
}

/** A procedure that calls itself, directly or through others. */
export function procedureRecursive(loc: Loc, chain: string[], callAt: Loc): Diagnostic {
  return diagnosticAt('procedure_recursive', 'error', `procedure "${chain[0]}" calls itself: ${chain.join(' → ')}`, loc, [
    noteAt('the cycle closes here', callAt),
    { message: 'procedures are inlined where called, so they cannot recurse' },
  ]);
}

/** `during x` where every name is a stage not in the rounds, a window never opened, or a step of such a stage. */
export function actionUnreachable(loc: Loc, name: string, during: string[]): Diagnostic {
  return diagnosticAt('action_unreachable', 'warning', `action "${name}" can never be performed: ${during.join(', ')} never ${during.length === 1 ? 'happens' : 'happen'}`, loc);
}

/** A `by turn timer` action that no stage's `turn timer` names (same code: it can never happen). */
export function timerActionUnreachable(loc: Loc, name: string): Diagnostic {
  return diagnosticAt('action_unreachable', 'warning', `action "${name}" can never be performed: it is by turn timer, and no stage's turn timer names it`, loc, [
    { message: `name it in a turns stage: turn timer d { ${name} }` },
  ]);
}
