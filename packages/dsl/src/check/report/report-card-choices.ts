// Report pass: parameters choosing several cards — a counted choice's count and place
// (parameter_count_invalid, parameter_choice_not_last) and a plain `cards in z` over a zone that
// may hold more cards than are enumerated as subsets (parameter_subsets_unbounded).
import type * as A from '../../ast/index.ts';
import {
  parameterChoiceNotLast,
  parameterCountInvalid,
  parameterSubsetsUnbounded,
  PLAIN_CARDS_LIMIT,
} from '../../diagnostics/check-choices.ts';
import type { CheckContext } from '../context.ts';

/** The zone a parameter chooses from, when the checker resolved it to a zone. */
function zoneOf(ctx: CheckContext, zone: A.Expr) {
  const sym = zone.kind === 'name' || zone.kind === 'call' ? ctx.game.refs.get(zone) : undefined;
  return sym?.kind === 'zone' ? sym.info : null;
}

/** The zone expression as the author wrote it (`hand(me)`), for messages. */
function zoneText(ctx: CheckContext, zone: A.Expr): string {
  const text = ctx.opts.sources.find((s) => s.file === zone.loc.file)?.text;
  return text !== undefined ? text.slice(zone.loc.start.offset, zone.loc.end.offset) : 'the zone';
}

export function reportCardChoices(ctx: CheckContext): void {
  for (const action of ctx.game.actions) {
    const params = action.decl.params;
    params.forEach((p, i) => {
      const t = p.type;
      if (t.kind !== 'param_card' || !t.many) return;
      if (t.count !== null) {
        if (t.count.max < t.count.min || t.count.max < 1) ctx.diagnostics.push(parameterCountInvalid(t.count.loc, t.count.min, t.count.max));
        const next = params[i + 1];
        if (next !== undefined) ctx.diagnostics.push(parameterChoiceNotLast(p.name.loc, p.name.text, next.name.text));
        return;
      }
      const zone = zoneOf(ctx, t.zone);
      // Only a row of at most 8 fixed slots is known to stay small enough for every subset.
      if (zone !== null && zone.shape === 'row' && zone.slots !== null && zone.slots <= PLAIN_CARDS_LIMIT) return;
      ctx.diagnostics.push(parameterSubsetsUnbounded(p.loc, p.name.text, zoneText(ctx, t.zone)));
    });
  }
}
