// Inference for unary and binary operators: logic, comparison, membership, arithmetic, card lists.
import type * as A from '../../ast/index.ts';
import { typeMismatch } from '../../diagnostics/check-types.ts';
import type { Type } from '../model.ts';
import { isEnumCandidate } from '../resolve/lookup-name.ts';
import type { Env } from '../resolve/scope.ts';
import { expectType, inferExpr, record } from './infer-hook.ts';
import { narrowed } from './narrow.ts';
import { inferFaceBinary } from './infer-literals.ts';
import { comparable, isCardSource, isNumeric, show, strip, T } from './type-util.ts';

/** `players` / `sides` used as a number are their count (typed number, see model.ts). */
function asCount(env: Env, e: A.Expr, t: Type): Type {
  if (e.kind === 'builtin' && (e.name === 'players' || e.name === 'sides')) return record(env, e, T.number);
  return t;
}

/** Infers both sides of a binary operator; a bare enum-value name is inferred second, with the other side's type. */
function inferPair(env: Env, e: A.BinaryExpr): [Type, Type] {
  if (isEnumCandidate(env, e.left) && !isEnumCandidate(env, e.right)) {
    const r = inferExpr(env, e.right);
    const l = inferExpr(env, e.left, r);
    return [l, r];
  }
  const l = inferExpr(env, e.left);
  const r = inferExpr(env, e.right, e.op === 'in' ? T.list(strip(l)) : l);
  return [l, r];
}

function numericOperand(env: Env, e: A.Expr, t: Type, op: string): Type {
  const c = asCount(env, e, t);
  if (isNumeric(c) || c.t === 'error') return c;
  env.ctx.diagnostics.push(typeMismatch(e.loc, 'a number', show(c), `as an operand of "${op}"`));
  return T.error;
}

/** The result of arithmetic: durations scale by numbers; a duration divided by one is a number. */
function arithmetic(op: A.BinaryOp, l: Type, r: Type): Type {
  if (l.t === 'error' || r.t === 'error') return T.error;
  const ld = strip(l).t === 'duration';
  const rd = strip(r).t === 'duration';
  switch (op) {
    case '+': case '-': return ld && rd ? T.duration : T.number;
    case '*': return ld !== rd ? T.duration : T.number;
    default: return ld && !rd ? T.duration : T.number; // '/', 'mod'
  }
}

function inferMembership(env: Env, e: A.BinaryExpr, l: Type, r: Type): Type {
  const sr = strip(r);
  if (r.t === 'error' || l.t === 'error') return T.bool;
  if (sr.t === 'list') {
    if (!comparable(l, sr.of, false)) env.ctx.diagnostics.push(typeMismatch(e.right.loc, `[${show(strip(l))}]`, show(r), 'after "in"'));
  } else if (isCardSource(sr)) {
    if (strip(l).t !== 'card') env.ctx.diagnostics.push(typeMismatch(e.left.loc, 'Card', show(l), 'to look for in a zone'));
  } else {
    env.ctx.diagnostics.push(typeMismatch(e.right.loc, 'a list or a zone', show(r), 'after "in"'));
  }
  return T.bool;
}

export function inferUnary(env: Env, e: A.UnaryExpr): Type {
  if (e.op === 'not') {
    expectType(env, e.operand, T.bool, 'after "not"');
    return T.bool;
  }
  const t = numericOperand(env, e.operand, inferExpr(env, e.operand), '-');
  return t.t === 'error' ? t : strip(t);
}

export function inferBinary(env: Env, e: A.BinaryExpr): Type {
  const ctx = env.ctx;
  if (e.op === 'and' || e.op === 'or') {
    expectType(env, e.left, T.bool, `before "${e.op}"`);
    expectType(narrowed(env, e.left, e.op === 'and'), e.right, T.bool, `after "${e.op}"`);
    return T.bool;
  }
  const withFace = inferFaceBinary(env, e);
  if (withFace !== null) return withFace;
  let [l, r] = inferPair(env, e);
  switch (e.op) {
    case '==': case '!=': case '<': case '<=': case '>': case '>=': {
      const ordered = e.op !== '==' && e.op !== '!=';
      if (isNumeric(r)) l = asCount(env, e.left, l);
      if (isNumeric(l)) r = asCount(env, e.right, r);
      if (!comparable(l, r, ordered)) {
        const orderable = isNumeric(l) || strip(l).t === 'enum' || l.t === 'error';
        const expected = ordered && !orderable ? 'numbers or enum values' : show(strip(l));
        ctx.diagnostics.push(typeMismatch(ordered && !orderable ? e.left.loc : e.right.loc, expected, show(ordered && !orderable ? l : r), `${ordered && !orderable ? 'before' : 'after'} "${e.op}"`));
      }
      return T.bool;
    }
    case 'in': return inferMembership(env, e, l, r);
    case 'intersects': {
      for (const [side, t] of [[e.left, l], [e.right, r]] as const) {
        if (strip(t).t !== 'list' && t.t !== 'error') ctx.diagnostics.push(typeMismatch(side.loc, 'a list', show(t), 'with "intersects"'));
      }
      return T.bool;
    }
    case 'without': {
      if (!isCardSource(l) && l.t !== 'error') ctx.diagnostics.push(typeMismatch(e.left.loc, 'a zone or a list of cards', show(l), 'before "without"'));
      if (strip(r).t !== 'card' && r.t !== 'error' && !isCardSource(r)) ctx.diagnostics.push(typeMismatch(e.right.loc, 'Card', show(r), 'after "without"'));
      return T.list(T.card);
    }
    case '+':
      if (isCardSource(l) && strip(l).t !== 'pile') {
        if (!isCardSource(r) && r.t !== 'error') ctx.diagnostics.push(typeMismatch(e.right.loc, 'a zone or a list of cards', show(r), 'to join with "+"'));
        return T.list(T.card);
      }
      return arithmetic(e.op, numericOperand(env, e.left, l, e.op), numericOperand(env, e.right, r, e.op));
    default:
      return arithmetic(e.op, numericOperand(env, e.left, l, e.op), numericOperand(env, e.right, r, e.op));
  }
}
