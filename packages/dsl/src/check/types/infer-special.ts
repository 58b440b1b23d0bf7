// Inference for the keyword expressions: kinds, emptiness, zone ends, counts, seats, time, chance, decks, new piles, subsets.
import type * as A from '../../ast/index.ts';
import { kindUndefined, nameUndefined } from '../../diagnostics/check-names.ts';
import { typeMismatch } from '../../diagnostics/check-types.ts';
import type { Type } from '../model.ts';
import { closest } from '../names.ts';
import type { Env } from '../resolve/scope.ts';
import { expectType, inferExpr } from './infer-hook.ts';
import { isCardSource, isNumeric, isZoneLike, show, strip, T } from './type-util.ts';

const BUILTIN_TYPES: Record<A.BuiltinExpr['name'], Type> = {
  me: T.player, current: T.player, dealer: T.player, players: T.list(T.player), sides: T.list(T.side),
  my_side: T.side, now: T.duration, elapsed: T.duration, round: T.number,
};

/** Checks `e` is a zone, pile or card list; reports otherwise. */
export function expectCardSource(env: Env, e: A.Expr, what: string): Type {
  const t = inferExpr(env, e);
  if (t.t !== 'error' && !isCardSource(t)) env.ctx.diagnostics.push(typeMismatch(e.loc, 'a zone or a list of cards', show(t), what));
  return t;
}

/** Checks `e` is a zone or a pile (a place cards can be in); reports otherwise. */
export function expectZone(env: Env, e: A.Expr, what: string): Type {
  const t = inferExpr(env, e);
  if (t.t !== 'error' && !isZoneLike(t)) env.ctx.diagnostics.push(typeMismatch(e.loc, 'a zone or a pile', show(t), what));
  return t;
}

/** Notes that an effects-only expression met a pure context (reported by report-effect-in-pure-context). */
function effectful(env: Env, e: A.Expr): void {
  if (env.pure !== null) env.ctx.effectsInPure.push({ node: e, context: env.pure });
}

function inferDeckOf(env: Env, e: A.DeckOfExpr): Type {
  expectType(env, e.owner, T.side, 'as the side whose deck this is');
  const perSide = env.ctx.game.decks.filter((d) => d.perSide);
  if (perSide.length !== 1 || !perSide[0]) {
    const names = env.ctx.game.decks.map((d) => d.name);
    env.ctx.diagnostics.push(nameUndefined(e.loc, 'deck', closest('deck', names)));
    return T.error;
  }
  env.ctx.used.add(perSide[0].decl);
  env.ctx.game.refs.set(e, { kind: 'deck', info: perSide[0] });
  return { t: 'deck', name: perSide[0].name };
}

export function inferSpecial(env: Env, e: A.Expr): Type {
  const ctx = env.ctx;
  switch (e.kind) {
    case 'is_kind': {
      const t = inferExpr(env, e.subject);
      if (strip(t).t !== 'card' && t.t !== 'error') ctx.diagnostics.push(typeMismatch(e.subject.loc, 'Card', show(t), 'before "is"'));
      const kind = ctx.kinds.get(e.cardKind.text);
      if (kind) ctx.game.refs.set(e.cardKind, { kind: 'kind', info: kind });
      else ctx.diagnostics.push(kindUndefined(e.cardKind.loc, e.cardKind.text, closest(e.cardKind.text, ctx.kinds.keys())));
      return T.bool;
    }
    case 'is_empty': expectCardSource(env, e.subject, 'before "is empty"'); return T.bool;
    case 'top_of': case 'bottom_of': expectZone(env, e.zone, `after "${e.kind === 'top_of' ? 'top' : 'bottom'} of"`); return T.optional(T.card);
    case 'count_of': {
      const t = inferExpr(env, e.zone);
      const s = strip(t);
      if (t.t !== 'error' && !isCardSource(t) && s.t !== 'list' && s.t !== 'family') {
        ctx.diagnostics.push(typeMismatch(e.zone.loc, 'a zone or a list', show(t), 'in count(…)'));
      }
      return T.number;
    }
    case 'builtin': return BUILTIN_TYPES[e.name];
    case 'seat_rel': expectType(env, e.seat, T.player, 'as a seat'); return T.player;
    case 'side_of': expectType(env, e.seat, T.player, 'after "side of"'); return T.side;
    case 'position_of': expectType(env, e.card, T.card, 'after "position of"'); return T.number;
    case 'subsets': expectCardSource(env, e.source, 'after "subsets of"'); return T.list(T.list(T.card));
    case 'roll': {
      effectful(env, e);
      const t = inferExpr(env, e.die);
      if (t.t === 'error') return T.error;
      if (t.t !== 'die') {
        ctx.diagnostics.push(typeMismatch(e.die.loc, 'a die', show(t), 'after "roll"'));
        return T.error;
      }
      return ctx.game.dice.find((d) => d.name === t.name)?.type ?? T.error;
    }
    case 'random': {
      effectful(env, e);
      for (const b of [e.min, e.max]) {
        const t = inferExpr(env, b);
        if (!isNumeric(t) && t.t !== 'error') ctx.diagnostics.push(typeMismatch(b.loc, 'number', show(t), 'as a bound of random'));
      }
      return T.number;
    }
    case 'deck_of': return inferDeckOf(env, e);
    case 'new_pile': {
      effectful(env, e);
      const t = inferExpr(env, e.family);
      if (t.t !== 'family' && t.t !== 'error') ctx.diagnostics.push(typeMismatch(e.family.loc, 'a piles zone', show(t), 'after "new pile in"'));
      return T.pile;
    }
    default: return T.error;
  }
}
