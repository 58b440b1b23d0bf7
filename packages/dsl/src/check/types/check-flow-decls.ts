// Types pass, part 2: expressions and blocks of the flow — rounds, stages, windows, actions, hooks, triggers, winner.
import type * as A from '../../ast/index.ts';
import { clauseDuplicate } from '../../diagnostics/catalogue.ts';
import { typeMismatch } from '../../diagnostics/check-types.ts';
import type { CheckContext } from '../context.ts';
import type { ActionInfo, Type } from '../model.ts';
import { bindParam, child, pureChild, rootEnv, type Env } from '../resolve/scope.ts';
import { checkBlock } from './check-stmt.ts';
import { bindOver } from './infer-binders.ts';
import { expectType, inferExpr } from './infer-expr.ts';
import { expectZone } from './infer-special.ts';
import { isNumeric, show, strip, T } from './type-util.ts';

function duration(ctx: CheckContext, e: A.Expr, what: string): void {
  const t = inferExpr(rootEnv(ctx, what), e);
  if (t.t !== 'error' && strip(t).t !== 'duration' && t.t !== 'none') ctx.diagnostics.push(typeMismatch(e.loc, 'a duration', show(t), `as ${what}`));
}

function checkRounds(ctx: CheckContext, r: A.RoundsDecl): void {
  if (r.count) expectType(rootEnv(ctx, 'the round count'), r.count, T.number, 'as the number of rounds');
  if (r.until) expectType(rootEnv(ctx, 'the until condition'), r.until, T.bool, 'as the until condition');
  if (r.dealer?.when) expectType(rootEnv(ctx, 'the dealer condition'), r.dealer.when, T.bool, 'as the dealer condition');
  for (const cond of r.stageIfs ?? []) if (cond) expectType(rootEnv(ctx, 'a stage condition'), cond, T.bool, 'as the condition of a stage');
  if (r.setup) checkBlock(rootEnv(ctx, null), r.setup);
  if (r.scoring) checkBlock(rootEnv(ctx, null), r.scoring);
}

function checkStage(ctx: CheckContext, s: A.StageDecl): void {
  const m = s.mode;
  if (m.kind === 'pause') duration(ctx, m.duration, 'the pause of a stage');
  else if (m.kind === 'realtime') {
    // One idle timer per realtime stage: a second `idle` is a clause given twice.
    for (const extra of m.idles.slice(1)) ctx.diagnostics.push(clauseDuplicate(extra.loc, '"idle" is given twice in this stage: a realtime stage has one idle timer'));
    for (const idle of m.idles) {
      duration(ctx, idle.duration, 'an idle time');
      checkBlock(rootEnv(ctx, null), idle.body);
    }
  } else {
    if (m.from && m.from.kind !== 'random_player') expectType(rootEnv(ctx, 'the first player'), m.from, T.player, 'as the first player');
    if (m.turnTimer) duration(ctx, m.turnTimer.duration, 'a turn timer');
    for (const cond of m.stepIfs ?? []) if (cond) expectType(rootEnv(ctx, 'a step condition'), cond, T.bool, 'as the condition of a step');
  }
}

function checkParam(ctx: CheckContext, env: Env, p: A.ActionParam, index: number, type: Type): void {
  const guard = pureChild(env, 'an action parameter');
  if (p.condition) expectType(guard, p.condition, T.bool, 'as the condition of a parameter');
  const pt = p.type;
  if (pt.kind === 'param_card') {
    expectZone(guard, pt.zone, 'to choose cards from');
    if (pt.where) {
      const inner = child(guard);
      bindParam(inner, p.name.text, index, T.card);
      expectType(inner, pt.where, T.bool, 'as a where condition');
    }
  } else if (pt.kind === 'param_pile') {
    const t = inferExpr(guard, pt.family);
    if (t.t !== 'family' && t.t !== 'error') ctx.diagnostics.push(typeMismatch(pt.family.loc, 'a piles zone', show(t), 'to choose a pile from'));
  }
  bindParam(env, p.name.text, index, type);
}

function checkAction(ctx: CheckContext, a: ActionInfo): void {
  const d = a.decl;
  const env = child(rootEnv(ctx, null));
  a.params.forEach((p, i) => checkParam(ctx, env, p.decl, i, p.type));
  if (d.who?.kind === 'by_any' && d.who.except) expectType(pureChild(env, 'an except clause'), d.who.except, T.player, 'after "except"');
  if (d.who?.kind === 'by_role' && d.who.when) expectType(pureChild(env, 'a role condition'), d.who.when, T.bool, 'as the condition of a role');
  if (d.races) expectZone(pureChild(env, 'a races clause'), d.races, 'to race on');
  if (d.rate) duration(ctx, d.rate, 'a rate');
  checkBlock(env, d.body);
}

function checkWinner(ctx: CheckContext, w: A.WinnerDecl): void {
  let env = rootEnv(ctx, 'the winner measure');
  if (w.over) env = bindOver(env, w, w.over.variable, w.over.source);
  else {
    env = child(env, { implicitOwner: true });
    bindParam(env, 'p', 0, T.player);
  }
  const t = inferExpr(env, w.measure);
  if (!isNumeric(t) && strip(t).t !== 'bool' && t.t !== 'error') ctx.diagnostics.push(typeMismatch(w.measure.loc, 'a number', show(t), 'to rank players by'));
  if (w.ties?.kind === 'ties_replay' && w.ties.cond) {
    expectType(rootEnv(ctx, 'a ties condition'), w.ties.cond, T.bool, 'as the replay condition');
  }
}

/** Types every expression and statement of the flow declarations and actions. */
export function checkFlowDecls(ctx: CheckContext): void {
  const g = ctx.game;
  if (g.rounds) checkRounds(ctx, g.rounds);
  for (const s of g.stages) checkStage(ctx, s.decl);
  for (const w of g.windows) {
    if (w.decl.duration) duration(ctx, w.decl.duration, "a window's duration");
    if (w.decl.onTimeout) checkBlock(rootEnv(ctx, null), w.decl.onTimeout);
  }
  for (const a of g.actions) checkAction(ctx, a);
  if (g.beforeTurnAction) checkBlock(rootEnv(ctx, null), g.beforeTurnAction.body);
  for (const t of g.triggers) {
    const env = rootEnv(ctx, 'a trigger condition');
    expectType(env, t.decl.cond, T.bool, 'as a trigger condition');
    const body = child(rootEnv(ctx, null));
    const bound = t.bound && ctx.binders.get(t.bound);
    if (t.bound && bound) body.scope.locals.set(t.bound.variable.text, bound);
    checkBlock(body, t.decl.body);
  }
  if (g.winner) checkWinner(ctx, g.winner);
}
