// `v in L` as one bit test when `v` is a card attribute whose values are small integers (an enum's
// ordinals, or numbers within 0..30) and `L` is a constant list or a memoised define: the list's
// mask (runtime `listMask`: bit v for each value v of 0..30, bit 31 for -1, the attribute of no
// card) is a module constant or memoised beside the define, and the test is `(M >>> v) & 1`.
// Tiv-Miv's `c.main in targets`, per card in hand, was an `includes` over the memoised list.
import type * as A from '../ast/index.ts';
import { defineMemo, type DefineMemo, memoCall } from './define-memo.ts';
import { compileExpr } from './expr-hook.ts';
import { cmp, defineRead, type Js, listName, P, paren, refOf, typeOf } from './js.ts';
import type { FnScope } from './module-builder.ts';

/** The highest value a mask holds a bit for (bit 31 stands for -1). */
const MAX_BIT = 30;

/**
 * `left in right` as a mask test, or null when the operands do not allow it (then `includes`).
 *
 * @example
 * // define targets: [number] = plus_minus(…)   …   c.main in targets
 * maskedMembership(e, f); // ((targets_mask(x) >>> x.attr(c, 0)) & 1) === 1
 */
export function maskedMembership(e: A.BinaryExpr, f: FnScope): Js | null {
  if (!smallAttribute(e.left, f)) return null;
  const mask = maskOf(e.right, f);
  if (mask === null) return null;
  return cmp(`((${mask} >>> ${compileExpr(e.left, f).s}) & 1)`, '===', '!==', '1');
}

/** Whether `e` is a card attribute whose every value is -1 (no card) or an integer of 0..30. */
function smallAttribute(e: A.Expr, f: FnScope): boolean {
  if (e.kind !== 'member') return false;
  const attr = f.mod.game.attrs.find((a) => a.name === e.attr.text);
  if (attr === undefined) return false;
  if (attr.enumName !== null) {
    const en = f.mod.game.enums.find((x) => x.name === attr.enumName);
    return en !== undefined && en.values.length <= MAX_BIT + 1;
  }
  return attr.numbers.every((n) => Number.isInteger(n) && n >= 0 && n <= MAX_BIT);
}

/** The mask of a list of numbers: a module constant, or a memoised define's mask read as the define would be; null for any other list. */
function maskOf(e: A.Expr, f: FnScope): string | null {
  if (e.kind === 'list') {
    const values = e.elements.map((el) => compileExpr(el, f).s);
    if (!values.every((v) => /^-?\d+$/.test(v) && Number(v) >= -1 && Number(v) <= MAX_BIT)) return null;
    let mask = 0;
    for (const v of values) mask |= 1 << (Number(v) & 31);
    // Named after what it lists, as the list's own constant: `[plus2, king]` → PLUS2_KING_MASK.
    return f.mod.constant(listName(e, '_MASK', 'LIST_MASK'), String(mask));
  }
  if (e.kind !== 'name') return null;
  const sym = refOf(e, f);
  if (sym?.kind !== 'define') return null;
  const t = typeOf(e, f);
  if (t?.t !== 'list' || (t.of.t !== 'number' && t.of.t !== 'enum')) return null;
  const memoised = defineMemo(sym.info, f.mod.game);
  if (memoised === null) return null;
  return paren(defineRead(f, sym.info.name, `${maskFn(sym.info.name, memoised, f)}(x)`, 'number'), P.call);
}

/** The define's mask function, memoised as the define is (added on first use). */
function maskFn(define: string, memo: DefineMemo, f: FnScope): string {
  const mod = f.mod;
  const known = mod.listMasks.get(define);
  if (known !== undefined) return known;
  const fnName = mod.unique(`${mod.defineFn(define)}_mask`);
  const valueFn = mod.unique(`${fnName}_value`);
  mod.listMasks.set(define, fnName);
  const params = [{ name: 'x', type: 'Ctx' }];
  const doc = `define ${define}: the mask of its values (memoised)`;
  mod.addFunction({ name: fnName, params, returnType: 'number', body: [`return ${memoCall(mod, valueFn, memo)};`], doc });
  mod.addFunction({ name: valueFn, params, returnType: 'number', body: [`return ${mod.useRuntime('listMask')}(${mod.defineFn(define)}(x));`], doc: `define ${define}: the mask of its values` });
  return fnName;
}
