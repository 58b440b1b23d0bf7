// `me` / `my side` in a scenario where no seat acts: `expect` expressions and `arrange` values,
// owners and seats (scenario_me_without_actor). Only a `does` step's arguments have an actor.
import type * as A from '../ast/index.ts';
import { findMeUses } from '../check/report/report-me-without-actor.ts';
import type { Symbol } from '../check/model.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import * as sd from '../diagnostics/scenario.ts';

/** The expressions of an arrange item, evaluated with no seat acting. */
function arrangeRoots(a: A.ArrangeItem): unknown[] {
  switch (a.kind) {
    case 'ar_zone': return [a.zone];
    case 'ar_set': return [a.target, a.value];
    case 'ar_turn': case 'ar_dealer': return [a.seat];
    default: return [];
  }
}

/** The `expect <expression>` steps, including those timed by `at` / `after`. */
function expects(s: A.ScenarioItem): A.ExpectStep[] {
  if (s.kind === 'st_expect') return [s];
  if (s.kind === 'st_expect_all') return s.checks.flatMap(expects);
  if ((s.kind === 'st_at' || s.kind === 'st_after') && s.step !== null) return expects(s.step);
  return [];
}

/**
 * Reports each `me` / `my side` of a scenario outside `does` arguments, following define calls
 * through `refs` (the model checked with the scenario's probes).
 *
 * @example
 * const problems = reportMeWithoutActor(plan.ast, model.refs);
 */
export function reportMeWithoutActor(ast: A.ScenarioAst, refs: ReadonlyMap<A.Node, Symbol>): Diagnostic[] {
  const out: Diagnostic[] = [];
  const reported = new Set<A.Node>();
  const report = (root: unknown, where: string): void => {
    for (const use of findMeUses(refs, root, reported)) {
      out.push(use.via === undefined ? sd.meWithoutActor(use.node.loc, use.word, where) : sd.meWithoutActor(use.via, use.word, where, use.node.loc));
    }
  };
  for (const item of ast.items) {
    if (item.kind === 'sc_arrange') for (const a of item.items) report(arrangeRoots(a), 'arrange');
    for (const e of expects(item)) report(e.expr, 'an expectation');
  }
  return out;
}
