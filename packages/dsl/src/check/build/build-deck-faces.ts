// Build pass: the faces each deck line deals, when its `where` does not depend on options.
import type * as A from '../../ast/index.ts';
import type { CheckContext } from '../context.ts';
import type { FaceInfo } from '../model.ts';

/** Thrown inside the evaluator when `where` reads something other than the face (an option …). */
const NOT_STATIC = Symbol('not static');

function evaluate(ctx: CheckContext, e: A.Expr, face: FaceInfo): number | number[] {
  const num = (x: A.Expr): number => {
    const v = evaluate(ctx, x, face);
    if (Array.isArray(v)) throw NOT_STATIC;
    return v;
  };
  switch (e.kind) {
    case 'number': return e.value;
    case 'bool': return e.value ? 1 : 0;
    case 'none': return -1;
    case 'list': return e.elements.map(num);
    case 'name': {
      const sym = ctx.game.refs.get(e);
      if (sym?.kind === 'attr') return face.values[sym.info.index] ?? -1;
      if (sym?.kind === 'enum_value') return sym.ordinal;
      throw NOT_STATIC;
    }
    case 'unary': return e.op === 'not' ? (num(e.operand) ? 0 : 1) : -num(e.operand);
    case 'binary': {
      if (e.op === 'and') return num(e.left) && num(e.right) ? 1 : 0;
      if (e.op === 'or') return num(e.left) || num(e.right) ? 1 : 0;
      const l = num(e.left);
      if (e.op === 'in') {
        const r = evaluate(ctx, e.right, face);
        if (!Array.isArray(r)) throw NOT_STATIC;
        return r.includes(l) ? 1 : 0;
      }
      const r = num(e.right);
      switch (e.op) {
        case '==': return l === r ? 1 : 0;
        case '!=': return l !== r ? 1 : 0;
        case '<': return l < r ? 1 : 0;
        case '<=': return l <= r ? 1 : 0;
        case '>': return l > r ? 1 : 0;
        case '>=': return l >= r ? 1 : 0;
        case '+': return l + r;
        case '-': return l - r;
        case '*': return l * r;
        case '/': return l / r;
        case 'mod': return l % r;
        default: throw NOT_STATIC;
      }
    }
    case 'if': return num(e.cond) ? evaluate(ctx, e.then, face) : evaluate(ctx, e.else, face);
    default: throw NOT_STATIC;
  }
}

/** Fills `DeckLineInfo.faces` for every line whose condition reads only the face's attributes. */
export function buildDeckFaces(ctx: CheckContext): void {
  for (const deck of ctx.game.decks) {
    for (const line of deck.lines) {
      const where = line.decl.where;
      if (!where) continue;
      try {
        line.faces = line.candidates.filter((f) => evaluate(ctx, where, ctx.game.faces[f]!) !== 0);
      } catch (err) {
        if (err !== NOT_STATIC) throw err;
        line.faces = null;
      }
    }
  }
}
