// A compiled expression as a value (its code and the precedence of its outer operator), the helpers
// every compiler module shares, and the internal error for what the checker should have rejected.
import type * as A from '../ast/index.ts';
import type { Symbol, Type } from '../check/model.ts';
import type { FnScope, TsType } from './module-builder.ts';

/** Compiled code and the precedence of its outermost operator (for minimal parentheses). */
export interface Js {
  s: string;
  p: number;
  /** The negation, when it has a simpler form than `!(…)` (`a !== 0` → `a === 0`). */
  neg?: Js;
}

/** JavaScript operator precedences (higher binds tighter). */
export const P = { assign: 2, cond: 3, or: 4, and: 5, eq: 9, rel: 10, add: 12, mul: 13, unary: 15, call: 19, atom: 20 } as const;

/** A compiled expression of precedence `p` (an atom unless said), with its negation if simpler. */
export const js = (s: string, p: number = P.atom, neg?: Js): Js => (neg === undefined ? { s, p } : { s, p, neg });

/** `a op b` with its negation `a negOp b`. */
export function cmp(a: string, op: string, negOp: string, b: string, p: number = P.eq): Js {
  const pos: Js = { s: `${a} ${op} ${b}`, p };
  pos.neg = { s: `${a} ${negOp} ${b}`, p, neg: pos };
  return pos;
}

/**
 * The name of a constant list's module-level value, after what it lists: `[plus2, king]` with
 * `suffix` '_MASK' → PLUS2_KING_MASK; `fallback` when the elements do not make a name.
 */
export function listName(e: A.ListExpr, suffix: string, fallback: string): string {
  const label = e.elements.map((el) => (el.kind === 'name' ? el.name.text : el.kind === 'number' ? String(el.value) : '')).join('_').toUpperCase();
  return /^[A-Z][A-Z0-9_]{0,39}$/.test(label) ? `${label}${suffix}` : fallback;
}

/**
 * A read of a parameterless define's value (`call`): inside a loop computed once, before the
 * loop; in a pure body that reads the define twice, once on first use.
 */
export function defineRead(f: FnScope, define: string, call: string, ts: TsType): Js {
  if (f.invariants !== undefined) return js(f.invariants.hoist(call), P.call);
  const memo = f.memo?.read(define, call, ts);
  return memo == null ? js(call, P.call) : js(memo, P.assign);
}

/** `not e`. */
export function negate(e: Js): Js {
  return e.neg ?? js(`!${paren(e, P.unary)}`, P.unary, e);
}

/** `e`'s code, in parentheses when its precedence is below `min`. */
export function paren(e: Js, min: number): string {
  return e.p < min ? `(${e.s})` : e.s;
}

/** Thrown for a construct the checker should have rejected: an internal error, never an author's. */
export class CodegenError extends Error {
  constructor(message: string, readonly node?: A.Node) {
    super(node ? `${message} (${node.loc.file}:${node.loc.start.line}:${node.loc.start.col})` : message);
  }
}

export function typeOf(e: A.Expr, f: FnScope): Type | undefined {
  return f.mod.game.types.get(e);
}

export function refOf(node: A.Node, f: FnScope): Symbol | undefined {
  return f.mod.game.refs.get(node);
}

/** Whether a zone or pile value may hold empty slots (-1): a row, or a zone whose declaration is not known here. */
export function mayHaveHoles(t: Type, f: FnScope): boolean {
  if (t.t !== 'zone') return false;
  const decl = f.mod.game.zones.find((z) => z.name === t.decl);
  return decl === undefined || decl.shape === 'row';
}

/** Strips `T?` to `T`. */
export function baseType(t: Type | undefined): Type | undefined {
  return t?.t === 'optional' ? t.of : t;
}

/**
 * Calls `visit` on every object of an AST subtree (`nodes`: a node, an array, anything), depth
 * first, skipping source locations; `visit` returning false leaves that object's children out.
 */
export function visitNodes(nodes: unknown, visit: (o: Record<string, unknown>) => boolean | void): void {
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) { n.forEach(walk); return; }
    if (n === null || typeof n !== 'object') return;
    const o = n as Record<string, unknown>;
    if (visit(o) === false) return;
    for (const [k, v] of Object.entries(o)) if (k !== 'loc' && typeof v === 'object') walk(v);
  };
  walk(nodes);
}
