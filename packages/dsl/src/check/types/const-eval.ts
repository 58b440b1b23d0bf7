// Evaluates the constant expressions of declarations (option defaults, range bounds, row sizes).
import type * as A from '../../ast/index.ts';
import type { CheckContext } from '../context.ts';
import type { Type } from '../model.ts';
import { T } from './type-util.ts';

export interface ConstValue {
  /** The runtime encoding: numbers as they are, ms for durations, 0/1, enum ordinals, -1 for none. */
  value: number;
  type: Type;
}

/**
 * The value of a literal, a negated literal, an enum value (of `enumName` when given) or an
 * option (its default); null for anything else.
 */
export function constValue(ctx: CheckContext, e: A.Expr, enumName?: string): ConstValue | null {
  switch (e.kind) {
    case 'number': return { value: e.value, type: T.number };
    case 'duration': return { value: e.ms, type: T.duration };
    case 'bool': return { value: e.value ? 1 : 0, type: T.bool };
    case 'none': return { value: -1, type: T.none };
    case 'unary': {
      if (e.op !== '-') return null;
      const v = constValue(ctx, e.operand);
      return v && (v.type.t === 'number' || v.type.t === 'duration') ? { value: -v.value, type: v.type } : null;
    }
    case 'name': {
      const name = e.name.text;
      const candidates = ctx.enumValues.get(name) ?? [];
      const wanted = candidates.find((c) => c.enumName === enumName);
      if (wanted) return { value: wanted.ordinal, type: T.enum(wanted.enumName) };
      const sym = ctx.values.get(name);
      if (sym?.kind === 'option') {
        ctx.used.add(sym.info.decl);
        ctx.game.refs.set(e, sym);
        return { value: sym.info.default, type: sym.info.type };
      }
      const only = candidates.length === 1 ? candidates[0] : undefined;
      if (only) return { value: only.ordinal, type: T.enum(only.enumName) };
      return null;
    }
    default: return null;
  }
}

/** A positive integer constant (literal or integer option default), or null. */
export function positiveInt(ctx: CheckContext, e: A.Expr): number | null {
  const v = constValue(ctx, e);
  if (!v || v.type.t !== 'number' || !Number.isInteger(v.value) || v.value < 1) return null;
  return v.value;
}
