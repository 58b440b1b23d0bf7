// Checks statements (effects): operand types, `let` scopes, loop binders, procedure calls, windows.
import type * as A from '../../ast/index.ts';
import { nameUndefined, procedureUndefined, windowUndefined } from '../../diagnostics/check-names.ts';
import { assignmentTargetInvalid, callArityMismatch, typeMismatch } from '../../diagnostics/check-types.ts';
import type { Type } from '../model.ts';
import { closest } from '../names.ts';
import { bindLocal, child, pureChild, type Env } from '../resolve/scope.ts';
import { bindOver } from './infer-binders.ts';
import { expectType, inferExpr, noteCall } from './infer-expr.ts';
import { expectCardSource, expectZone } from './infer-special.ts';
import { narrowed } from './narrow.ts';
import { reportConstantOutOfRange } from './range-bounds.ts';
import { assignable, show, strip, T } from './type-util.ts';

const TARGET_WHAT: Record<string, string> = {
  option: 'an option', define: 'a define', zone: 'a zone', deck: 'a deck', die: 'a die', meld: 'meld rules',
  enum_value: 'an enum value', param: 'a parameter', local: 'a local (bind another with let)', builtin_fn: 'a function',
};

/** The type of an assignable target (`x`, `v(p)`), or error after reporting. */
function checkTarget(env: Env, target: A.Expr): Type {
  const t = inferExpr(env, target);
  if (target.kind !== 'name' && target.kind !== 'call') {
    env.ctx.diagnostics.push(assignmentTargetInvalid(target.loc, 'this expression'));
    return T.error;
  }
  const sym = env.ctx.game.refs.get(target);
  if (!sym) return T.error;
  if (sym.kind !== 'var') {
    env.ctx.diagnostics.push(assignmentTargetInvalid(target.loc, TARGET_WHAT[sym.kind] ?? sym.kind));
    return T.error;
  }
  return t;
}

function checkMove(env: Env, s: A.MoveStmt): void {
  const src = s.source;
  let several = false;
  if (src.kind === 'card') {
    // `move c to z` moves one card; `move cs to z` a list of cards, one at a time in list order.
    const t = inferExpr(env, src.card, T.card);
    const st = strip(t);
    several = st.t === 'list' && strip(st.of).t === 'card';
    if (!several && !assignable(t, T.card)) env.ctx.diagnostics.push(typeMismatch(src.card.loc, 'Card or [Card]', show(t), 'as the cards to move'));
  } else {
    if (src.kind === 'count') expectType(env, src.count, T.number, 'as the number of cards');
    expectZone(env, src.from, 'to move cards from');
  }
  const to = s.target;
  if (to.kind === 'new_pile') {
    const t = inferExpr(env, to.family);
    if (t.t !== 'family' && t.t !== 'error') env.ctx.diagnostics.push(typeMismatch(to.family.loc, 'a piles zone', show(t), 'after "new pile in"'));
    return;
  }
  expectZone(env, to.zone, 'to move cards to');
  if (to.kind === 'at') expectType(env, to.index, T.number, 'as a slot');
  if (to.kind === 'at' && several) env.ctx.diagnostics.push(typeMismatch(src.kind === 'card' ? src.card.loc : s.loc, 'one Card', 'a list of cards', 'to move to a slot'));
}

function checkDeal(env: Env, s: A.DealStmt): void {
  if (s.count) expectType(env, s.count, T.number, 'as the number of cards');
  expectZone(env, s.from, 'to deal from');
  if (s.to.kind === 'zone') {
    expectZone(env, s.to.zone, 'to deal to');
    return;
  }
  const id = s.to.zone;
  const sym = env.ctx.values.get(id.text);
  if (!sym) {
    env.ctx.diagnostics.push(nameUndefined(id.loc, id.text, closest(id.text, env.ctx.game.zones.map((z) => z.name))));
    return;
  }
  if (sym.kind !== 'zone') {
    env.ctx.diagnostics.push(typeMismatch(id.loc, `a per-${s.to.each} zone`, `the ${sym.kind} "${id.text}"`, `to deal to each ${s.to.each}`));
    return;
  }
  env.ctx.game.refs.set(id, sym);
  env.ctx.used.add(sym.info.decl);
  if (sym.info.scope !== s.to.each) {
    env.ctx.diagnostics.push(typeMismatch(id.loc, `a per-${s.to.each} zone`, sym.info.scope === 'shared' ? 'a shared zone' : `a per-${sym.info.scope} zone`, `to deal to each ${s.to.each}`));
  }
}

function checkCall(env: Env, s: A.CallStmt): void {
  const ctx = env.ctx;
  const info = ctx.procedures.get(s.callee.text);
  if (!info) {
    ctx.diagnostics.push(procedureUndefined(s.callee.loc, s.callee.text, closest(s.callee.text, ctx.procedures.keys())));
    for (const a of s.args) inferExpr(env, a);
    return;
  }
  ctx.game.refs.set(s, { kind: 'procedure', info });
  ctx.used.add(info.decl);
  noteCall(env, info.decl, s.loc);
  if (s.args.length !== info.params.length) {
    ctx.diagnostics.push(callArityMismatch(s.loc, info.name, String(info.params.length), s.args.length, info.decl.name.loc));
    for (const a of s.args) inferExpr(env, a);
    return;
  }
  s.args.forEach((a, i) => expectType(env, a, info.params[i]!.type, `as argument ${i + 1} of ${info.name}`));
}

function checkOpenWindow(env: Env, s: A.OpenWindowStmt): void {
  const ctx = env.ctx;
  const w = ctx.windowsByName.get(s.window.text);
  if (!w) {
    ctx.diagnostics.push(windowUndefined(s.window.loc, s.window.text, closest(s.window.text, ctx.windowsByName.keys())));
    return;
  }
  ctx.game.refs.set(s.window, { kind: 'window', info: w });
  ctx.used.add(w.decl);
}

/** Checks the statements of a block in a child scope (so `let`s end with the block). */
export function checkBlock(env: Env, block: A.Block): void {
  const inner = child(env);
  for (const s of block.statements) checkStmt(inner, s);
}

export function checkStmt(env: Env, s: A.Stmt): void {
  switch (s.kind) {
    case 'move': return checkMove(env, s);
    case 'deal': return checkDeal(env, s);
    case 'flip':
      expectZone(env, s.from, 'to flip from');
      expectZone(env, s.to, 'to flip to');
      if (s.at) expectType(env, s.at, T.number, 'as a slot');
      if (s.until) expectType(pureChild(env, 'an until condition'), s.until, T.bool, 'as an until condition');
      return;
    case 'shuffle': {
      const t = inferExpr(env, s.target);
      const ok = t.t === 'deck' || t.t === 'error' || t.t === 'zone' || t.t === 'pile';
      if (!ok) env.ctx.diagnostics.push(typeMismatch(s.target.loc, 'a zone or a deck', show(t), 'to shuffle'));
      if (s.into) expectZone(env, s.into, 'to shuffle into');
      return;
    }
    case 'turn_over': expectZone(env, s.from, 'to turn over'); expectZone(env, s.into, 'to turn over into'); return;
    case 'refill': expectZone(env, s.zone, 'to refill'); expectZone(env, s.from, 'to refill from'); return;
    case 'lay_melds': {
      expectCardSource(env, s.cards, 'to lay melds of');
      const rules = { kind: 'name', name: s.rules, loc: s.rules.loc } as A.NameExpr;
      const t = inferExpr(env, rules);
      if (t.t !== 'meld_rules' && t.t !== 'error') env.ctx.diagnostics.push(typeMismatch(s.rules.loc, 'meld rules', show(t), 'after "by"'));
      const ref = env.ctx.game.refs.get(rules);
      if (ref) env.ctx.game.refs.set(s.rules, ref);
      expectZone(env, s.into, 'to lay melds into');
      return;
    }
    case 'set': {
      expectType(env, s.value, checkTarget(env, s.target), 'as the new value');
      const sym = env.ctx.game.refs.get(s.target);
      if (sym?.kind === 'var') reportConstantOutOfRange(env.ctx, sym.info, s.value);
      return;
    }
    case 'add': case 'subtract': {
      const t = checkTarget(env, s.target);
      if (t.t !== 'error' && t.t !== 'number' && t.t !== 'duration') env.ctx.diagnostics.push(typeMismatch(s.target.loc, 'a number variable', show(t), `to ${s.kind} to`));
      expectType(env, s.amount, T.number, `as the amount to ${s.kind}`);
      return;
    }
    case 'let': {
      const t = inferExpr(env, s.value);
      env.ctx.binders.set(s, bindLocal(env, s.name, t.t === 'none' ? T.optional(T.error) : t, s));
      return;
    }
    case 'if': {
      let rest = env; // what holds once the earlier conditions failed
      for (const b of s.branches) {
        expectType(rest, b.cond, T.bool, 'as a condition');
        checkBlock(narrowed(rest, b.cond, true), b.body);
        rest = narrowed(rest, b.cond, false);
      }
      if (s.else) checkBlock(rest, s.else);
      return;
    }
    case 'for_each': {
      const inner = bindOver(env, s, s.variable, s.source);
      if (s.where) expectType(pureChild(inner, 'a where condition'), s.where, T.bool, 'as a where condition');
      checkBlock(inner, s.body);
      return;
    }
    case 'repeat': expectType(env, s.count, T.number, 'as a repeat count'); checkBlock(env, s.body); return;
    case 'turn_to': expectType(env, s.seat, T.player, 'as the player whose turn it becomes'); return;
    case 'open_window': return checkOpenWindow(env, s);
    case 'pause': expectType(env, s.duration, T.duration, 'as the pause'); return;
    case 'announce': inferExpr(env, s.text); return;
    case 'require': {
      const guard = pureChild(env, 'a require condition');
      expectType(guard, s.cond, T.bool, 'as a require condition');
      inferExpr(guard, s.message);
      return;
    }
    case 'call': return checkCall(env, s);
    default: return; // end, keep_turn, skip_next, reverse, next_step, close_window
  }
}
