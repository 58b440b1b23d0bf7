// Report pass: `meld rules` that do not say their size, which melds count, or the points of a card (meld_rules_incomplete).
import { meldRulesIncomplete } from '../../diagnostics/check-declarations.ts';
import type { CheckContext } from '../context.ts';

export function reportMeldRulesIncomplete(ctx: CheckContext): void {
  for (const m of ctx.game.melds) {
    const missing: string[] = [];
    if (m.minSize < 1) missing.push('the meld size (size 3 or more)');
    if (!m.books && !m.runs) missing.push('which melds count (books, runs by … over …)');
    if (!m.points) missing.push('the points of an unmelded card (points …)');
    if (m.books && !m.runs && m.rankAttr < 0) missing.push('the attribute books share (books by rank)');
    if (missing.length > 0) ctx.diagnostics.push(meldRulesIncomplete(m.decl.name.loc, m.name, missing.join(', ')));
  }
}
