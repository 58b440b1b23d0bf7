// Collect pass: card kinds and their attributes (one attribute per name across kinds) with each kind's domains.
import type * as A from '../../ast/index.ts';
import { attributeDomainConflict, attributeDomainInvalid } from '../../diagnostics/check-declarations.ts';
import type { CheckContext } from '../context.ts';
import type { AttrInfo } from '../model.ts';
import { enumNameFor } from '../names.ts';
import { constValue } from '../types/const-eval.ts';
import { typeOfNode } from '../types/type-of-node.ts';

interface Domain {
  enumName: string | null;
  values: number[];
  symbols: Record<number, string>;
}

function rangeValues(min: number, max: number): number[] {
  const out: number[] = [];
  for (let v = min; v <= max && out.length < 10_000; v++) out.push(v);
  return out;
}

/** The values of one attribute's written domain, or null after reporting why it has none. */
function domainOf(ctx: CheckContext, attr: A.AttributeDecl): Domain | null {
  const d = attr.domain;
  const name = attr.name.text;
  const invalid = (detail: string): null => {
    ctx.diagnostics.push(attributeDomainInvalid(d.loc, name, detail));
    return null;
  };
  if (d.kind === 'type_name') {
    const t = typeOfNode(ctx, d, name);
    if (t.t === 'error') return null;
    if (t.t !== 'enum') return invalid(`cannot be ${d.name.text}`);
    const info = ctx.enums.get(t.name)!;
    return { enumName: t.name, values: info.values.map((_, i) => i), symbols: {} };
  }
  if (d.kind === 'type_range') {
    const lo = constValue(ctx, d.min);
    const hi = constValue(ctx, d.max);
    if (!lo || !hi || lo.type.t !== 'number' || hi.type.t !== 'number' || !Number.isInteger(lo.value) || !Number.isInteger(hi.value)) {
      return invalid('needs integer literal bounds');
    }
    if (lo.value > hi.value) return invalid(`has an empty range ${lo.value}..${hi.value}`);
    return { enumName: null, values: rangeValues(lo.value, hi.value), symbols: {} };
  }
  if (d.kind !== 'type_union') return invalid('cannot be optional or a list');
  const valued = d.members.filter((m) => m.kind === 'member_value');
  if (valued.length > 0 && valued.length < d.members.length) return invalid('mixes values and numbers');
  if (valued.length > 0) {
    const enumName = enumNameFor(name);
    const info = ctx.enums.get(enumName);
    if (!info || info.decl) return invalid(`would need an enum "${enumName}", and an enum of that name is declared`);
    return { enumName, values: valued.map((m) => info.values.indexOf((m as A.ValueMember).name.text)), symbols: {} };
  }
  const values = new Set<number>();
  const symbols: Record<number, string> = {};
  for (const m of d.members) {
    if (m.kind === 'member_int') {
      values.add(m.value);
      if (m.symbol) symbols[m.value] = m.symbol.value;
    } else if (m.kind === 'member_range') {
      for (const v of rangeValues(m.min, m.max)) values.add(v);
    }
  }
  return { enumName: null, values: [...values], symbols };
}

function unifyAttr(ctx: CheckContext, attr: A.AttributeDecl, dom: Domain): AttrInfo | null {
  const name = attr.name.text;
  let info = ctx.attrs.get(name);
  if (!info) {
    info = { name, index: ctx.game.attrs.length, enumName: dom.enumName, numbers: [], numberSymbols: {} };
    ctx.attrs.set(name, info);
    ctx.attrDecls.set(name, attr);
    ctx.game.attrs.push(info);
  } else if (info.enumName !== dom.enumName) {
    const show = (e: string | null) => (e ? `the enum ${e}` : 'a number');
    ctx.diagnostics.push(attributeDomainConflict(attr.domain.loc, name, show(dom.enumName), show(info.enumName), ctx.attrDecls.get(name)!.loc));
    return null;
  }
  if (dom.enumName === null) {
    info.numbers = [...new Set([...info.numbers, ...dom.values])].sort((a, b) => a - b);
    Object.assign(info.numberSymbols, dom.symbols);
  }
  return info;
}

/** Registers kinds (`KindInfo`), attributes (`AttrInfo`) and each kind's own domains. */
export function collectCards(ctx: CheckContext): void {
  for (const item of ctx.file.items) {
    if (item.kind !== 'card' || ctx.kinds.has(item.name.text)) continue;
    const kind = { name: item.name.text, index: ctx.game.kinds.length, attrs: [] as number[], decl: item };
    const domains: number[][] = [];
    const seen = new Set<string>();
    for (const attr of item.attributes) {
      if (seen.has(attr.name.text)) continue; // reported as a duplicate declaration
      seen.add(attr.name.text);
      const dom = domainOf(ctx, attr);
      const info = dom && unifyAttr(ctx, attr, dom);
      if (!dom || !info) continue;
      kind.attrs.push(info.index);
      domains.push(dom.values);
    }
    ctx.kinds.set(kind.name, kind);
    ctx.kindDomains.set(kind.name, domains);
    ctx.game.kinds.push(kind);
  }
}
