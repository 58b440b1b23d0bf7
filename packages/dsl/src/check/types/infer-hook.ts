// What every per-kind inferrer (binders, calls, literals, operators, special forms) needs of the
// expression inferrer: `inferExpr` is registered here by infer-expr.ts when it loads, so those
// modules depend on this one and infer-expr.ts depends on them, with no import back.
import type * as A from '../../ast/index.ts';
import { typeMismatch } from '../../diagnostics/check-types.ts';
import type { Type } from '../model.ts';
import type { Env } from '../resolve/scope.ts';
import { assignable, show } from './type-util.ts';

/** Infers the type of an expression; `expected` only guides enum values and empty lists. */
export type InferExpr = (env: Env, e: A.Expr, expected?: Type) => Type;

let registered: InferExpr | null = null;

/** Called once by infer-expr.ts with its `inferExpr`. */
export function registerInferExpr(infer: InferExpr): void {
  registered = infer;
}

/** Infers the type of `e` (through the registered inferrer); `expected` only guides enum values and empty lists. */
export function inferExpr(env: Env, e: A.Expr, expected?: Type): Type {
  if (registered === null) throw new Error('check/types: inferExpr used before infer-expr.ts registered it');
  return registered(env, e, expected);
}

/** Records `t` as the type of `e` and returns it. */
export function record(env: Env, e: A.Expr, t: Type): Type {
  env.ctx.game.types.set(e, t);
  return t;
}

/** Infers `e` (with an `expected` type to choose enum values), checks it fits `want`, reports `type_mismatch`. */
export function expectType(env: Env, e: A.Expr, want: Type, context?: string): Type {
  const t = inferExpr(env, e, want);
  if (!assignable(t, want)) env.ctx.diagnostics.push(typeMismatch(e.loc, show(want), show(t), context));
  return t;
}

/** Records a call edge from the define/procedure being checked (for recursion reports). */
export function noteCall(env: Env, callee: A.Node, at: A.Loc): void {
  if (!env.owner) return;
  const list = env.ctx.calls.get(env.owner) ?? [];
  list.push({ callee, at });
  env.ctx.calls.set(env.owner, list);
}
