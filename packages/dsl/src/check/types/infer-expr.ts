// Infers and checks the type of every expression, recording `types` and `refs` in the model.
import type * as A from '../../ast/index.ts';
import { deckOwnerMissing, varOwnerMissing, zoneOwnerMissing } from '../../diagnostics/check-names.ts';
import { callArityMismatch, typeMismatch } from '../../diagnostics/check-types.ts';
import { nameLocOf } from '../collect/register.ts';
import type { Symbol, Type } from '../model.ts';
import { lookupName } from '../resolve/lookup-name.ts';
import type { Env } from '../resolve/scope.ts';
import { inferAggregate, inferBinder, inferMember } from './infer-binders.ts';
import { expectType, noteCall, record, registerInferExpr } from './infer-hook.ts';
import { inferCall } from './infer-call.ts';
import { inferFaceLit, inferPileLit, inferSeatLit } from './infer-literals.ts';
import { inferBinary, inferUnary } from './infer-operators.ts';
import { inferSpecial } from './infer-special.ts';
import { narrowed } from './narrow.ts';
import { show, strip, T, unify } from './type-util.ts';

export { expectType, noteCall, record } from './infer-hook.ts';

/** The type a name has as a bare expression; marks its declaration used. */
export function symbolType(env: Env, sym: Symbol, at: A.Expr & { kind: 'name' }): Type {
  const ctx = env.ctx;
  switch (sym.kind) {
    case 'option': ctx.used.add(sym.info.decl); return sym.info.type;
    case 'var': {
      const decl = sym.info.decl ?? sym.info.roundValue;
      if (decl) ctx.used.add(decl);
      if (sym.info.scope !== 'global' && !env.implicitOwner) {
        ctx.diagnostics.push(varOwnerMissing(at.loc, sym.info.name, sym.info.scope, decl ? nameLocOf(sym) ?? undefined : undefined));
      }
      return sym.info.type;
    }
    case 'define': {
      ctx.used.add(sym.info.decl);
      if (sym.info.params.length > 0) {
        ctx.diagnostics.push(callArityMismatch(at.loc, sym.info.name, String(sym.info.params.length), 0, sym.info.decl.name.loc));
      }
      if (env.owner) noteCall(env, sym.info.decl, at.loc);
      return sym.info.type;
    }
    case 'zone': {
      ctx.used.add(sym.info.decl);
      if (sym.info.scope !== 'shared') {
        ctx.diagnostics.push(zoneOwnerMissing(at.loc, sym.info.name, sym.info.scope, sym.info.decl.name.loc));
      }
      return sym.info.shape === 'piles' ? T.family(sym.info.name) : T.zone(sym.info.name);
    }
    case 'deck':
      ctx.used.add(sym.info.decl);
      if (sym.info.perSide) ctx.diagnostics.push(deckOwnerMissing(at.loc, sym.info.name, sym.info.decl.name.loc));
      return { t: 'deck', name: sym.info.name };
    case 'die': ctx.used.add(sym.info.decl); return { t: 'die', name: sym.info.name };
    case 'meld': ctx.used.add(sym.info.decl); return { t: 'meld_rules', name: sym.info.name };
    case 'enum_value': return T.enum(sym.enumName);
    case 'param': case 'local': return sym.type;
    case 'attr': return sym.info.enumName ? T.enum(sym.info.enumName) : T.number;
    default: return T.error;
  }
}

function inferString(env: Env, s: A.StringLit): Type {
  for (const p of s.parts) if (p.kind === 'interpolation') inferExpr(env, p.expr);
  return T.string;
}

/** A list's type comes from its elements; `expected` only guides enum values (and types `[]`). */
function inferList(env: Env, e: A.ListExpr, expected?: Type): Type {
  const s = expected && strip(expected);
  const hint = s?.t === 'list' ? s.of : undefined;
  let elem: Type | null = null;
  for (const el of e.elements) {
    const t = inferExpr(env, el, hint ?? elem ?? undefined);
    if (elem === null) { elem = t; continue; }
    const u = unify(elem, t);
    if (!u) env.ctx.diagnostics.push(typeMismatch(el.loc, show(elem), show(t), 'like the first element of this list'));
    else elem = u;
  }
  return T.list(elem ?? hint ?? T.error);
}

function inferIf(env: Env, e: A.IfExpr, expected?: Type): Type {
  expectType(env, e.cond, T.bool, 'as a condition');
  const a = inferExpr(narrowed(env, e.cond, true), e.then, expected);
  const b = inferExpr(narrowed(env, e.cond, false), e.else, expected ?? a);
  const u = unify(a, b);
  if (u) return u;
  env.ctx.diagnostics.push(typeMismatch(e.else.loc, show(a), show(b), 'in the else branch (both branches must have one type)'));
  return a;
}

/** Infers the type of `e`; `expected` only guides enum values and empty lists, it is not checked here. */
export function inferExpr(env: Env, e: A.Expr, expected?: Type): Type {
  return record(env, e, inferUncached(env, e, expected));
}
registerInferExpr(inferExpr);

function inferUncached(env: Env, e: A.Expr, expected?: Type): Type {
  switch (e.kind) {
    case 'number': return T.number;
    case 'duration': return T.duration;
    case 'bool': return T.bool;
    case 'none': return T.none;
    case 'string': return inferString(env, e);
    case 'list': return inferList(env, e, expected);
    case 'name': {
      const sym = lookupName(env, e.name, expected);
      if (!sym) return T.error;
      env.ctx.game.refs.set(e, sym);
      return symbolType(env, sym, e);
    }
    case 'call': return inferCall(env, e, expected);
    case 'member': return inferMember(env, e);
    case 'unary': return inferUnary(env, e);
    case 'binary': return inferBinary(env, e);
    case 'if': return inferIf(env, e, expected);
    case 'quantifier': return inferBinder(env, e);
    case 'aggregate': return inferAggregate(env, e);
    case 'seat': return inferSeatLit(env, e);
    case 'face': return inferFaceLit(env, e);
    case 'pile_lit': return inferPileLit(env, e);
    default: return inferSpecial(env, e);
  }
}
