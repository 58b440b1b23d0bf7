// Inference for `f(args)`: per-seat/pile variables and zones, defines, per-side decks, built-in functions.
import type * as A from '../../ast/index.ts';
import { nameUndefined, varOwnerUnexpected, zoneOwnerUnexpected } from '../../diagnostics/check-names.ts';
import { callArityMismatch, callNotCallable, typeMismatch } from '../../diagnostics/check-types.ts';
import { nameLocOf } from '../collect/register.ts';
import type { Symbol, Type } from '../model.ts';
import { closest } from '../names.ts';
import { localNames, lookupLocal, type Env } from '../resolve/scope.ts';
import { BUILTIN_FUNCTIONS, type ParamKind } from './builtin-functions.ts';
import { expectType, inferExpr, noteCall } from './infer-hook.ts';
import { isCardSource, isNumeric, show, strip, T } from './type-util.ts';

const OWNER_TYPE = { player: T.player, side: T.side, pile: T.pile } as const;

function arity(env: Env, e: A.CallExpr, n: number, declared?: A.Loc): boolean {
  if (e.args.length === n) return true;
  env.ctx.diagnostics.push(callArityMismatch(e.loc, e.callee.text, String(n), e.args.length, declared));
  for (const a of e.args) inferExpr(env, a);
  return false;
}

function checkKind(env: Env, a: A.Expr, kind: ParamKind, fn: string): Type {
  const t = inferExpr(env, a);
  if (t.t === 'error') return t;
  const ok = kind === 'number' ? isNumeric(t) : kind === 'cards' ? isCardSource(t) : kind === 'card' ? strip(t).t === 'card' : t.t === 'meld_rules';
  const want = { number: 'a number', cards: 'a zone or a list of cards', card: 'Card', meld_rules: 'meld rules' }[kind];
  if (!ok) env.ctx.diagnostics.push(typeMismatch(a.loc, want, show(t), `as an argument of ${fn}`));
  return t;
}

function callBuiltin(env: Env, e: A.CallExpr): Type | null {
  const fn = BUILTIN_FUNCTIONS[e.callee.text];
  if (!fn) return null;
  env.ctx.game.refs.set(e, { kind: 'builtin_fn', name: e.callee.text });
  if (!arity(env, e, fn.params.length)) return fn.result([]);
  const args = e.args.map((a, i) => checkKind(env, a, fn.params[i]!, e.callee.text));
  return fn.result(args);
}

/** A one-argument call of a scoped variable or zone: the owner's type must fit. */
function ownerArg(env: Env, e: A.CallExpr, want: Type, declared: A.Loc | undefined): void {
  if (!arity(env, e, 1, declared)) return;
  expectType(env, e.args[0]!, want, `as the owner of "${e.callee.text}"`);
}

function callSymbol(env: Env, e: A.CallExpr, sym: Symbol, expected?: Type): Type {
  const ctx = env.ctx;
  const name = e.callee.text;
  const declared = nameLocOf(sym) ?? undefined;
  switch (sym.kind) {
    case 'var': {
      const decl = sym.info.decl ?? sym.info.roundValue;
      if (decl) ctx.used.add(decl);
      if (sym.info.scope === 'global') {
        ctx.diagnostics.push(varOwnerUnexpected(e.loc, name, 'global variable', declared));
        for (const a of e.args) inferExpr(env, a);
      } else ownerArg(env, e, OWNER_TYPE[sym.info.scope], declared);
      return sym.info.type;
    }
    case 'zone':
      ctx.used.add(sym.info.decl);
      if (sym.info.scope === 'shared') {
        ctx.diagnostics.push(zoneOwnerUnexpected(e.loc, name, sym.info.decl.name.loc));
        for (const a of e.args) inferExpr(env, a);
      } else ownerArg(env, e, OWNER_TYPE[sym.info.scope], declared);
      return T.zone(sym.info.name);
    case 'define': {
      const info = sym.info;
      ctx.used.add(info.decl);
      noteCall(env, info.decl, e.loc);
      if (arity(env, e, info.params.length, declared)) {
        e.args.forEach((a, i) => expectType(env, a, info.params[i]!.type, `as argument ${i + 1} of ${name}`));
      }
      return info.type;
    }
    case 'deck':
      ctx.used.add(sym.info.decl);
      if (sym.info.perSide) ownerArg(env, e, T.side, declared);
      else {
        ctx.diagnostics.push(varOwnerUnexpected(e.loc, name, 'shared deck', declared));
        for (const a of e.args) inferExpr(env, a);
      }
      return { t: 'deck', name: sym.info.name };
    default: {
      const what = { option: 'option', die: 'die', meld: 'meld rules', enum_value: 'enum value', param: 'parameter', local: 'local' }[sym.kind as string] ?? sym.kind;
      if (sym.kind === 'option' || sym.kind === 'die' || sym.kind === 'meld') ctx.used.add(sym.info.decl);
      ctx.diagnostics.push(callNotCallable(e.loc, name, what, declared));
      for (const a of e.args) inferExpr(env, a);
      void expected;
      return T.error;
    }
  }
}

export function inferCall(env: Env, e: A.CallExpr, expected?: Type): Type {
  const ctx = env.ctx;
  const name = e.callee.text;
  const local = lookupLocal(env, name);
  const sym = local ?? ctx.values.get(name);
  if (sym) {
    ctx.game.refs.set(e, sym);
    return callSymbol(env, e, sym, expected);
  }
  const builtin = callBuiltin(env, e);
  if (builtin) return builtin;
  const isProcedure = ctx.procedures.has(name);
  const candidates = [...localNames(env), ...ctx.values.keys(), ...Object.keys(BUILTIN_FUNCTIONS)];
  const d = nameUndefined(e.callee.loc, name, closest(name, candidates));
  if (isProcedure) d.notes.push({ message: `"${name}" is a procedure: call it as a statement, not in an expression` });
  ctx.diagnostics.push(d);
  for (const a of e.args) inferExpr(env, a);
  return T.error;
}
