// Collect pass: every face (the cartesian product of each kind's domains) and its card notation.
import type * as A from '../../ast/index.ts';
import { cardFacesTooMany, cardShownAttributeUndefined } from '../../diagnostics/check-declarations.ts';
import type { CheckContext } from '../context.ts';
import type { AttrInfo, FaceInfo, KindInfo } from '../model.ts';

/** More faces than this in one game are refused (a typo such as `1..100000`). */
export const MAX_FACES = 20_000;

/** The symbol of an attribute value: the enum value's symbol, the number's symbol, or the number. */
export function valueSymbol(ctx: CheckContext, attr: AttrInfo, value: number): string {
  if (attr.enumName !== null) return ctx.enums.get(attr.enumName)?.symbols[value] ?? '?';
  return attr.numberSymbols[value] ?? String(value);
}

/** Renders a face's notation from the kind's `shown` template (or the kind name and the symbols). */
function render(ctx: CheckContext, kind: KindInfo, values: number[]): string {
  const shown = kind.decl.shown;
  const attrValue = (name: string): string | null => {
    const attr = ctx.attrs.get(name);
    if (!attr) return null;
    const v = values[attr.index] ?? -1;
    return v < 0 ? null : valueSymbol(ctx, attr, v);
  };
  if (!shown) {
    const syms = kind.attrs.map((a) => valueSymbol(ctx, ctx.game.attrs[a]!, values[a] ?? -1));
    return [kind.name, ...syms].join(' ');
  }
  return shown.parts
    .map((p) => (p.kind === 'text' ? p.value : p.expr.kind === 'name' ? attrValue(p.expr.name.text) ?? '' : ''))
    .join('');
}

function checkTemplate(ctx: CheckContext, kind: KindInfo, shown: A.StringLit): void {
  const own = new Set(kind.attrs.map((a) => ctx.game.attrs[a]!.name));
  for (const p of shown.parts) {
    if (p.kind !== 'interpolation') continue;
    const name = p.expr.kind === 'name' ? p.expr.name.text : null;
    if (name === null || !own.has(name)) {
      ctx.diagnostics.push(cardShownAttributeUndefined(p.loc, name ?? 'that expression', kind.name));
      continue;
    }
    const attr = ctx.attrs.get(name)!;
    ctx.game.refs.set(p.expr, { kind: 'attr', info: attr });
    ctx.game.types.set(p.expr, attr.enumName ? { t: 'enum', name: attr.enumName } : { t: 'number' });
  }
}

/** Expands every kind's faces into `game.faces`, kinds in order, first attribute outermost. */
export function collectFaces(ctx: CheckContext): void {
  const nAttrs = ctx.game.attrs.length;
  for (const kind of ctx.game.kinds) {
    if (kind.decl.shown) checkTemplate(ctx, kind, kind.decl.shown);
    const domains = ctx.kindDomains.get(kind.name) ?? [];
    const total = domains.reduce((n, d) => n * d.length, 1);
    if (ctx.game.faces.length + total > MAX_FACES) {
      ctx.diagnostics.push(cardFacesTooMany(kind.decl.name.loc, kind.name, total, MAX_FACES));
      continue;
    }
    const combos: number[][] = [[]];
    for (const dom of domains) {
      const next: number[][] = [];
      for (const c of combos) for (const v of dom) next.push([...c, v]);
      combos.splice(0, combos.length, ...next);
    }
    for (const combo of combos) {
      const values = new Array<number>(nAttrs).fill(-1);
      kind.attrs.forEach((a, i) => (values[a] = combo[i]!));
      const face: FaceInfo = { index: ctx.game.faces.length, kind: kind.index, values, notation: '' };
      face.notation = render(ctx, kind, values);
      ctx.game.faces.push(face);
    }
  }
}
