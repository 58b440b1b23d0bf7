// Inference for binders (quantifiers, aggregates) and card attributes (`c.attr`).
import type * as A from '../../ast/index.ts';
import { attributeUndefined } from '../../diagnostics/check-names.ts';
import { attributeNotOnKind, typeMismatch } from '../../diagnostics/check-types.ts';
import { whereCapturesComparison } from '../../diagnostics/check-values.ts';
import type { Type } from '../model.ts';
import { closest } from '../names.ts';
import { bindLocal, child, pureChild, type Env } from '../resolve/scope.ts';
import { expectType, inferExpr } from './infer-hook.ts';
import { kindsOf } from './narrow.ts';
import { isNumeric, show, strip, T } from './type-util.ts';

/** The element type of what a binder ranges over (cards of zones/piles/families, list elements), or error after reporting. */
export function elementType(env: Env, source: A.Expr): Type {
  const t = inferExpr(env, source);
  const s = strip(t);
  if (s.t === 'zone' || s.t === 'pile' || s.t === 'family') return T.card;
  if (s.t === 'list') return strip(s.of);
  if (t.t !== 'error') env.ctx.diagnostics.push(typeMismatch(source.loc, 'a zone, a list, players or sides', show(t), 'to range over'));
  return T.error;
}

/** Binds the variable of a quantifier/aggregate/loop over `source` in a child env and returns it. */
export function bindOver(env: Env, node: A.Node, variable: A.Ident, source: A.Expr): Env {
  const elem = elementType(env, source);
  const inner = child(env);
  env.ctx.binders.set(node, bindLocal(inner, variable, elem));
  return inner;
}

const COMPARISONS = new Set<string>(['==', '!=', '<', '<=', '>', '>=']);

/**
 * Checks a binder's `where`. `where` reaches to the end of the condition, so in `count c in cs
 * where ok == 3` it took the comparison meant for the count: for a binder with a non-boolean
 * result (`what`: count, first, last, sum, max, min), a `where` of the form `<bool> op <number>`
 * is reported once as where_captures_comparison (instead of its operands' type_mismatch), and
 * false is returned.
 */
function checkWhere(inner: Env, e: A.QuantifierExpr | A.AggregateExpr, what: string | null): boolean {
  const w = e.where;
  if (!w) return true;
  const diagnostics = inner.ctx.diagnostics;
  const before = diagnostics.length;
  expectType(pureChild(inner, 'a where condition'), w, T.bool, 'as a where condition');
  if (what === null || w.kind !== 'binary' || !COMPARISONS.has(w.op)) return true;
  const l = inner.ctx.game.types.get(w.left);
  const r = inner.ctx.game.types.get(w.right);
  if (l === undefined || r === undefined || strip(l).t !== 'bool' || !isNumeric(r)) return true;
  diagnostics.length = before;
  diagnostics.push(whereCapturesComparison(w.opLoc, what, w.op));
  return false;
}

export function inferBinder(env: Env, e: A.QuantifierExpr): Type {
  const inner = bindOver(env, e, e.variable, e.source);
  const boolResult = e.quantifier === 'any' || e.quantifier === 'all' || e.quantifier === 'exists';
  if (!checkWhere(inner, e, boolResult ? null : e.quantifier)) return T.error;
  switch (e.quantifier) {
    case 'count': return T.number;
    case 'first': case 'last': {
      const sym = env.ctx.binders.get(e);
      return T.optional(sym && sym.kind === 'local' ? sym.type : T.error);
    }
    default: return T.bool;
  }
}

export function inferAggregate(env: Env, e: A.AggregateExpr): Type {
  const inner = bindOver(env, e, e.variable, e.source);
  if (!checkWhere(inner, e, e.op)) return T.error;
  const body = inferExpr(inner, e.body);
  if (!isNumeric(body) && body.t !== 'error') {
    env.ctx.diagnostics.push(typeMismatch(e.body.loc, 'a number', show(body), `to ${e.op === 'sum' ? 'add up' : `take the ${e.op} of`}`));
    return T.error;
  }
  const base = body.t === 'error' ? T.number : strip(body);
  return e.op === 'sum' ? base : T.optional(base);
}

/** `c.attr`: the attribute's type, optional when some kind lacks it (or the card may be none). */
export function inferMember(env: Env, e: A.MemberExpr): Type {
  const ctx = env.ctx;
  const obj = inferExpr(env, e.object);
  if (strip(obj).t !== 'card') {
    if (obj.t !== 'error') ctx.diagnostics.push(typeMismatch(e.object.loc, 'Card', show(obj), `to read ".${e.attr.text}" from`));
    return T.error;
  }
  const attr = ctx.attrs.get(e.attr.text);
  if (!attr) {
    ctx.diagnostics.push(attributeUndefined(e.attr.loc, e.attr.text, closest(e.attr.text, ctx.attrs.keys())));
    return T.error;
  }
  ctx.game.refs.set(e.attr, { kind: 'attr', info: attr });
  const base = attr.enumName ? T.enum(attr.enumName) : T.number;
  const sym = e.object.kind === 'name' ? ctx.game.refs.get(e.object) : undefined;
  const kinds = sym && (sym.kind === 'local' || sym.kind === 'param') ? [...kindsOf(env, sym)].map((k) => ctx.game.kinds[k]!) : ctx.game.kinds;
  const having = kinds.filter((k) => k.attrs.includes(attr.index));
  if (having.length === 0 && kinds.length > 0 && e.object.kind === 'name') {
    ctx.diagnostics.push(attributeNotOnKind(e.attr.loc, attr.name, e.object.name.text, kinds.map((k) => k.name)));
  }
  return having.length === kinds.length && obj.t !== 'optional' ? base : T.optional(base);
}
