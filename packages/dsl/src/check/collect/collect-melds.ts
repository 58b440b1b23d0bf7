// Collect pass: `meld rules` blocks resolved into the solver configuration (attributes, ranks, flags).
import type * as A from '../../ast/index.ts';
import { attributeUndefined } from '../../diagnostics/check-names.ts';
import type { CheckContext } from '../context.ts';
import type { MeldInfo } from '../model.ts';
import { closest } from '../names.ts';
import { constValue } from '../types/const-eval.ts';
import { registerValue } from './register.ts';

function attrIndex(ctx: CheckContext, id: A.Ident): number {
  const info = ctx.attrs.get(id.text);
  if (!info) {
    ctx.diagnostics.push(attributeUndefined(id.loc, id.text, closest(id.text, ctx.attrs.keys())));
    return -1;
  }
  ctx.game.refs.set(id, { kind: 'attr', info });
  return info.index;
}

function configure(ctx: CheckContext, info: MeldInfo, rule: A.MeldRule): void {
  switch (rule.kind) {
    case 'meld_size': info.minSize = rule.min; info.maxSize = rule.max; break;
    case 'meld_books':
      info.books = true;
      if (rule.by) info.rankAttr = attrIndex(ctx, rule.by);
      break;
    case 'meld_runs': {
      info.runs = true;
      info.suitAttr = attrIndex(ctx, rule.by);
      info.rankAttr = attrIndex(ctx, rule.over);
      const rank = ctx.game.attrs[info.rankAttr];
      const lo = rule.range ? constValue(ctx, rule.range.min) : null;
      const hi = rule.range ? constValue(ctx, rule.range.max) : null;
      info.minRank = lo?.value ?? rank?.numbers[0] ?? 0;
      info.maxRank = hi?.value ?? rank?.numbers[rank.numbers.length - 1] ?? 0;
      break;
    }
    case 'meld_wild': info.wild = rule; break;
    case 'meld_all_wild': info.allWildMeld = true; info.allWildWhen = rule.cond; break;
    case 'meld_points': info.points = rule; break;
  }
}

/** Registers every `meld rules` block in the value namespace. */
export function collectMelds(ctx: CheckContext): void {
  for (const item of ctx.file.items) {
    if (item.kind !== 'meld_rules') continue;
    const info: MeldInfo = {
      name: item.name.text, index: ctx.game.melds.length, decl: item, minSize: 0, maxSize: null, books: false, runs: false,
      allWildMeld: false, allWildWhen: null, suitAttr: -1, rankAttr: -1, minRank: 0, maxRank: 0, wild: null, points: null,
    };
    if (!registerValue(ctx, item.name, { kind: 'meld', info })) continue;
    for (const rule of item.rules) configure(ctx, info, rule);
    ctx.game.melds.push(info);
  }
}
