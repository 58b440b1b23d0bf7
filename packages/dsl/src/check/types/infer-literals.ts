// Inference for seat literals (`player 2`, `side 1`) and card-face literals (`'R5'`), and the
// operators that compare faces with cards (`c == 'R5'`, `'R5' in hand(p)`, `c in ['R5', 'G5']`).
import type * as A from '../../ast/index.ts';
import { faceNotationUnknown, seatNumberInvalid } from '../../diagnostics/check-literals.ts';
import { typeMismatch } from '../../diagnostics/check-types.ts';
import type { Type } from '../model.ts';
import { closest } from '../names.ts';
import type { Env } from '../resolve/scope.ts';
import { inferExpr, record } from './infer-hook.ts';
import { isCardSource, show, strip, T } from './type-util.ts';

/** A card face: compared with cards by face. */
export const FACE: Type = { t: 'face' };

/** `player N` is a Player, `side N` a Side; N must be a seat the game can have. */
export function inferSeatLit(env: Env, e: A.SeatLit): Type {
  const max = env.ctx.game.maxPlayers;
  if (max > 0 && e.number > max) env.ctx.diagnostics.push(seatNumberInvalid(e.loc, e.of, e.number, max));
  return e.of === 'player' ? T.player : T.side;
}

/** `'R5'` must be the notation of one of the game's faces. */
export function inferFaceLit(env: Env, e: A.FaceLit): Type {
  const faces = env.ctx.game.faces;
  if (faces.length > 0 && !faces.some((f) => f.notation === e.text)) {
    const notations = faces.map((f) => f.notation);
    env.ctx.diagnostics.push(faceNotationUnknown(e.loc, e.text, closest(e.text, notations), notations[0] ?? null));
  }
  return FACE;
}

/** A card, an optional card or a face: what a face may be compared with. */
function cardLike(t: Type): boolean {
  const s = strip(t);
  return s.t === 'card' || s.t === 'face' || t.t === 'none' || t.t === 'error';
}

function isFaceList(e: A.Expr): boolean {
  return e.kind === 'list' && e.elements.length > 0 && e.elements.every((el) => el.kind === 'face');
}

/**
 * The type of a binary expression with a face literal in it, or null when there is none (the
 * ordinary operator rules apply). `==`/`!=` compare a card's face with it; `'R5' in z` asks
 * whether z holds a card of that face; `c in ['R5', 'G5']` whether c's face is one of them.
 */
export function inferFaceBinary(env: Env, e: A.BinaryExpr): Type | null {
  const ctx = env.ctx;
  if ((e.op === '==' || e.op === '!=') && (e.left.kind === 'face' || e.right.kind === 'face')) {
    for (const side of [e.left, e.right]) {
      const t = inferExpr(env, side);
      if (!cardLike(t)) ctx.diagnostics.push(typeMismatch(side.loc, 'Card', show(t), 'to compare with a card face'));
    }
    return T.bool;
  }
  if (e.op === 'in' && e.left.kind === 'face') {
    inferExpr(env, e.left);
    const t = inferExpr(env, e.right);
    if (t.t !== 'error' && !isCardSource(t)) ctx.diagnostics.push(typeMismatch(e.right.loc, 'a zone or a list of cards', show(t), 'to look for a card face in'));
    return T.bool;
  }
  if (e.op === 'in' && isFaceList(e.right)) {
    const t = inferExpr(env, e.left);
    if (!cardLike(t)) ctx.diagnostics.push(typeMismatch(e.left.loc, 'Card', show(t), 'to look for in a list of card faces'));
    const list = e.right as A.ListExpr;
    for (const el of list.elements) inferExpr(env, el);
    record(env, list, T.list(FACE));
    return T.bool;
  }
  return null;
}

/**
 * `pile N [of f]`: a Pile of the family `f`, or of the game's only `piles` zone. The family is
 * recorded in refs for the generator; without one to choose, type_mismatch.
 */
export function inferPileLit(env: Env, e: A.PileLit): Type {
  const ctx = env.ctx;
  if (e.family !== null) {
    const t = inferExpr(env, e.family);
    const sym = ctx.game.refs.get(e.family);
    if (t.t === 'family' && sym?.kind === 'zone') ctx.game.refs.set(e, sym);
    else if (t.t !== 'error') ctx.diagnostics.push(typeMismatch(e.family.loc, 'a piles zone', show(t), `after "pile ${e.number} of"`));
    return T.pile;
  }
  const families = ctx.game.zones.filter((z) => z.shape === 'piles');
  if (families.length === 1) ctx.game.refs.set(e, { kind: 'zone', info: families[0]! });
  else {
    const which = families.length === 0 ? 'the game has no piles zone' : `the game has several (${families.map((z) => z.name).join(', ')}): write pile ${e.number} of ${families[0]!.name}`;
    ctx.diagnostics.push(typeMismatch(e.loc, 'a pile of a piles zone', `pile ${e.number}`, `(${which})`));
  }
  return T.pile;
}
