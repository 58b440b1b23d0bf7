// Kind narrowing: `c is Number and c.rank == 1` knows `c` is a Number on the right of `and`.
import type * as A from '../../ast/index.ts';
import type { Symbol } from '../model.ts';
import type { Env } from '../resolve/scope.ts';

/** Which kinds (indices) a card-valued local or parameter may have here. */
export type Narrowing = ReadonlyMap<Symbol, ReadonlySet<number>>;

function allKinds(env: Env): Set<number> {
  return new Set(env.ctx.game.kinds.map((k) => k.index));
}

/** The kinds `sym` may have under `env` (every kind unless narrowed). */
export function kindsOf(env: Env, sym: Symbol): ReadonlySet<number> {
  return env.narrow.get(sym) ?? allKinds(env);
}

/**
 * What holding (`truth`) or failing `cond` tells about card kinds. Only `x is K` on a local
 * or parameter, combined with `not`, `and` (when true) and `or` (when false), narrows.
 */
function facts(env: Env, cond: A.Expr, truth: boolean, out: Map<Symbol, Set<number>>): void {
  if (cond.kind === 'unary' && cond.op === 'not') return facts(env, cond.operand, !truth, out);
  if (cond.kind === 'binary' && ((cond.op === 'and' && truth) || (cond.op === 'or' && !truth))) {
    facts(env, cond.left, truth, out);
    facts(env, cond.right, truth, out);
    return;
  }
  if (cond.kind !== 'is_kind' || cond.subject.kind !== 'name') return;
  const sym = env.ctx.game.refs.get(cond.subject);
  const kind = env.ctx.kinds.get(cond.cardKind.text);
  if (!sym || (sym.kind !== 'local' && sym.kind !== 'param') || !kind) return;
  const positive = truth !== cond.negated;
  const current = new Set(out.get(sym) ?? kindsOf(env, sym));
  for (const k of [...current]) if ((k === kind.index) !== positive) current.delete(k);
  out.set(sym, current);
}

/** `env` with what `cond` being `truth` implies (the same env when it implies nothing). */
export function narrowed(env: Env, cond: A.Expr, truth: boolean): Env {
  const out = new Map<Symbol, Set<number>>();
  facts(env, cond, truth, out);
  if (out.size === 0) return env;
  const narrow = new Map(env.narrow);
  for (const [sym, kinds] of out) narrow.set(sym, kinds);
  return { ...env, narrow };
}
