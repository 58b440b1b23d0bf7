// Collect pass: declared enums and the enums inline value unions stand for, in file order.
import type * as A from '../../ast/index.ts';
import type { CheckContext } from '../context.ts';
import { enumNameFor } from '../names.ts';

function addValue(ctx: CheckContext, enumName: string, name: string, symbol: string): void {
  const info = ctx.enums.get(enumName);
  if (!info || info.values.includes(name)) return;
  info.values.push(name);
  info.symbols.push(symbol);
  const list = ctx.enumValues.get(name) ?? [];
  list.push({ enumName, ordinal: info.values.length - 1 });
  ctx.enumValues.set(name, list);
}

function addEnum(ctx: CheckContext, name: string, decl: A.EnumDecl | null): boolean {
  if (ctx.enums.has(name)) return false;
  const info = { name, index: ctx.game.enums.length, values: [], symbols: [], decl };
  ctx.enums.set(name, info);
  ctx.game.enums.push(info);
  return true;
}

/** The inline value union inside a written type, if any (`a | b`, `(a | b)?`). */
function inlineUnion(node: A.TypeNode): A.UnionType | null {
  if (node.kind === 'type_union') return node.members.some((m) => m.kind === 'member_value') ? node : null;
  if (node.kind === 'type_optional') return inlineUnion(node.inner);
  if (node.kind === 'type_list') return inlineUnion(node.element);
  return null;
}

function collectUnion(ctx: CheckContext, owner: string, node: A.TypeNode): void {
  const union = inlineUnion(node);
  if (!union) return;
  const name = enumNameFor(owner);
  const existing = ctx.enums.get(name);
  if (existing?.decl) return; // a declared enum of that name: reported by collect-cards / types
  addEnum(ctx, name, null);
  for (const m of union.members) {
    if (m.kind === 'member_value') addValue(ctx, name, m.name.text, m.symbol?.value ?? m.name.text);
  }
}

/** Registers every enum: `enum X { … }` and inline unions of attributes, options, vars and parameters. */
export function collectEnums(ctx: CheckContext): void {
  for (const item of ctx.file.items) {
    if (item.kind !== 'enum') continue;
    if (!addEnum(ctx, item.name.text, item)) continue;
    // A repeated value is reported by report-duplicate-declaration; addValue keeps the first.
    for (const v of item.values) addValue(ctx, item.name.text, v.name.text, v.symbol?.value ?? v.name.text);
  }
  for (const item of ctx.file.items) {
    switch (item.kind) {
      case 'card': for (const a of item.attributes) collectUnion(ctx, a.name.text, a.domain); break;
      case 'option': case 'var': collectUnion(ctx, item.name.text, item.kind === 'option' ? item.domain : item.type); break;
      case 'die': collectUnion(ctx, item.name.text, item.faces); break;
      case 'define': case 'procedure': for (const p of item.params ?? []) collectUnion(ctx, p.name.text, p.type); break;
      case 'action':
        for (const p of item.params) {
          if (p.type.kind !== 'param_card' && p.type.kind !== 'param_pile') collectUnion(ctx, p.name.text, p.type);
        }
        break;
      default: break;
    }
  }
}
