// Compiles seat literals (`player 2` → 1) and card faces (`'R5'` → its face index), and the
// comparisons of cards with faces (`c == 'R5'` → `x.face(c) === 7`).
import type * as A from '../ast/index.ts';
import { compileExpr, expr } from './expr-hook.ts';
import { CodegenError, type Js, P, paren } from './js.ts';
import type { FnScope } from './module-builder.ts';

/** `player N` / `side N`: the 0-based seat. */
export function seatLit(e: A.SeatLit): Js {
  return { s: String(e.number - 1), p: P.atom };
}

/** The face index of a card-face literal. */
export function faceIndex(e: A.FaceLit, f: FnScope): number {
  const face = f.mod.game.faces.find((x) => x.notation === e.text);
  if (face === undefined) throw new CodegenError(`no face is written '${e.text}'`, e);
  return face.index;
}

/** A card-valued operand as its face (a face literal as its index). */
function faceOf(e: A.Expr, f: FnScope): string {
  return e.kind === 'face' ? String(faceIndex(e, f)) : `x.face(${expr(e, f)})`;
}

/**
 * A binary expression that involves a face literal, or null when none does (see
 * check/types/infer-literals.ts for the forms).
 */
export function faceBinary(e: A.BinaryExpr, f: FnScope): Js | null {
  if ((e.op === '==' || e.op === '!=') && (e.left.kind === 'face' || e.right.kind === 'face')) {
    const [op, neg] = e.op === '==' ? ['===', '!=='] : ['!==', '==='];
    const l = faceOf(e.left, f);
    const r = faceOf(e.right, f);
    return { s: `${l} ${op} ${r}`, p: P.eq, neg: { s: `${l} ${neg} ${r}`, p: P.eq } };
  }
  if (e.op === 'in' && e.left.kind === 'face') {
    const cards = compileCards(e.right, f);
    return { s: `${cards}.some(($c) => x.face($c) === ${faceIndex(e.left, f)})`, p: P.call };
  }
  if (e.op === 'in' && e.right.kind === 'list' && e.right.elements.length > 0 && e.right.elements.every((el) => el.kind === 'face')) {
    const faces = e.right.elements.map((el) => faceIndex(el as A.FaceLit, f));
    const list = f.mod.constant('FACES', `[${faces.join(', ')}]`, 'readonly number[]');
    return { s: `${list}.includes(x.face(${expr(e.left, f)}))`, p: P.call };
  }
  return null;
}

/** A card source (zone, pile, family of piles, list of cards) as an array expression. */
function compileCards(e: A.Expr, f: FnScope): string {
  const t = f.mod.game.types.get(e);
  if (t?.t === 'zone' || t?.t === 'pile') return `x.cards(${expr(e, f)})`;
  if (t?.t === 'family') return `x.piles(${expr(e, f)}).flatMap((p) => x.cards(p))`;
  return paren(compileExpr(e, f), P.call);
}

/** `pile N [of f]` (scenarios): the Nth pile made in the family, or none. */
export function pileLit(e: A.PileLit, f: FnScope): Js {
  const sym = f.mod.game.refs.get(e);
  if (sym?.kind !== 'zone') throw new CodegenError('pile literal without a piles zone', e);
  return { s: `(x.piles(${sym.info.index})[${e.number - 1}] ?? -1)`, p: P.atom };
}
