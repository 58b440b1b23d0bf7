// Types pass, part 1: expressions inside data declarations — variables, zones, decks, sides, melds, defines, procedures, constraints.
import type * as A from '../../ast/index.ts';
import { typeMismatch } from '../../diagnostics/check-types.ts';
import type { CheckContext } from '../context.ts';
import { bindParam, child, rootEnv } from '../resolve/scope.ts';
import { checkBlock } from './check-stmt.ts';
import { expectType, inferExpr } from './infer-expr.ts';
import { reportConstantOutOfRange } from './range-bounds.ts';
import { isNumeric, show, T } from './type-util.ts';

function checkVars(ctx: CheckContext): void {
  for (const v of ctx.game.vars) {
    if (v.decl) {
      expectType(rootEnv(ctx, "a variable's initial value"), v.decl.init, v.type, `as the initial value of "${v.name}"`);
      reportConstantOutOfRange(ctx, v, v.decl.init);
    } else if (v.roundValue) {
      const t = inferExpr(rootEnv(ctx, 'a round value'), v.roundValue.value);
      if (t.t !== 'error') v.type = t;
    }
  }
}

function checkDecks(ctx: CheckContext): void {
  for (const deck of ctx.game.decks) {
    for (const line of deck.lines) {
      if (!line.decl.where) continue;
      const env = { ...rootEnv(ctx, "a deck line's where"), deckKind: ctx.game.kinds[line.kind] ?? null };
      expectType(env, line.decl.where, T.bool, 'as a deck condition');
    }
  }
}

function checkMelds(ctx: CheckContext): void {
  for (const meld of ctx.game.melds) {
    if (meld.wild) {
      const env = child(rootEnv(ctx, 'meld rules'));
      bindParam(env, meld.wild.variable.text, 0, T.card);
      expectType(env, meld.wild.cond, T.bool, 'as the wild-card condition');
    }
    if (meld.allWildWhen) expectType(rootEnv(ctx, 'meld rules'), meld.allWildWhen, T.bool, 'as the all-wild condition');
    if (meld.points) {
      const env = child(rootEnv(ctx, 'meld rules'));
      bindParam(env, meld.points.variable.text, 0, T.card);
      const t = inferExpr(env, meld.points.value);
      if (!isNumeric(t) && t.t !== 'error') ctx.diagnostics.push(typeMismatch(meld.points.value.loc, 'a number', show(t), 'as the points of a card'));
    }
  }
}

function checkCallables(ctx: CheckContext): void {
  for (const info of ctx.game.defines.values()) {
    const env = child(rootEnv(ctx, 'a define', info.decl));
    info.params.forEach((p, i) => bindParam(env, p.name, i, p.type));
    expectType(env, info.decl.body, info.type, `as the value of "${info.name}"`);
  }
  for (const info of ctx.game.procedures.values()) {
    const env = child(rootEnv(ctx, null, info.decl));
    info.params.forEach((p, i) => bindParam(env, p.name, i, p.type));
    checkBlock(env, info.decl.body);
  }
}

/** Types every expression in data declarations and in define/procedure bodies. */
export function checkDataDecls(ctx: CheckContext): void {
  checkVars(ctx);
  for (const z of ctx.game.zones) {
    if (z.decl.unless) expectType(rootEnv(ctx, "a zone's unless condition"), z.decl.unless, T.bool, 'as an unless condition');
  }
  checkDecks(ctx);
  for (const c of ctx.game.sides?.cases ?? []) {
    if (c.when) expectType(rootEnv(ctx, 'a sides condition'), c.when, T.bool, 'as a sides condition');
  }
  checkMelds(ctx);
  checkCallables(ctx);
  for (const c of ctx.game.constraints) {
    const env = rootEnv(ctx, 'a constraint');
    expectType(env, c.cond, T.bool, 'as a constraint');
    inferExpr(env, c.message as A.Expr);
  }
}
