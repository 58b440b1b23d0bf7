// Turns a written type (`Colour?`, `[number]`, `1..20`, `a | b`) into a checker Type.
import type * as A from '../../ast/index.ts';
import { typeUndefined } from '../../diagnostics/check-names.ts';
import type { CheckContext } from '../context.ts';
import type { Type } from '../model.ts';
import { closest, enumNameFor } from '../names.ts';
import { T } from './type-util.ts';

const BUILTIN_TYPES: Record<string, Type> = {
  bool: T.bool, number: T.number, duration: T.duration, Player: T.player, Side: T.side, Card: T.card, Pile: T.pile,
};

/** True when a range bound is a duration (`1s`) or an option whose domain is durations. */
function isDurationBound(ctx: CheckContext, e: A.Expr): boolean {
  if (e.kind === 'duration') return true;
  if (e.kind === 'name') {
    const s = ctx.values.get(e.name.text);
    return s?.kind === 'option' && s.info.kind === 'duration';
  }
  return false;
}

/** A range bound naming an option uses it (and refers to it). */
function markOption(ctx: CheckContext, e: A.Expr): void {
  if (e.kind !== 'name') return;
  const s = ctx.values.get(e.name.text);
  if (s?.kind !== 'option') return;
  ctx.used.add(s.info.decl);
  ctx.game.refs.set(e, s);
}

/**
 * The Type of a written type. `owner` names the attribute/option/variable/parameter, for the
 * enum an inline value union stands for (collected beforehand by collect-enums). Unknown names
 * are reported (`type_undefined`) and give the error type.
 */
export function typeOfNode(ctx: CheckContext, node: A.TypeNode, owner: string, report = true): Type {
  switch (node.kind) {
    case 'type_name': {
      const name = node.name.text;
      const builtin = BUILTIN_TYPES[name];
      if (builtin) return builtin;
      if (ctx.enums.has(name)) return T.enum(name);
      if (report) {
        const candidates = [...Object.keys(BUILTIN_TYPES), ...ctx.enums.keys()];
        ctx.diagnostics.push(typeUndefined(node.name.loc, name, closest(name, candidates)));
      }
      return T.error;
    }
    case 'type_range':
      for (const bound of [node.min, node.max]) markOption(ctx, bound);
      return isDurationBound(ctx, node.min) || isDurationBound(ctx, node.max) ? T.duration : T.number;
    case 'type_optional':
      return T.optional(typeOfNode(ctx, node.inner, owner, report));
    case 'type_list':
      return T.list(typeOfNode(ctx, node.element, owner, report));
    case 'type_union': {
      if (node.members.every((m) => m.kind !== 'member_value')) return T.number;
      const name = enumNameFor(owner);
      return ctx.enums.has(name) ? T.enum(name) : T.error;
    }
  }
}
