// A define with parameters as a legal enumeration calls it (issue 24): the options and global
// variables its body reads (and the defines it calls read) become parameters, which the
// enumeration reads once at its top like its own (FnScope.reads); nothing writes while it runs.
// Super Taki's `playable(c)` read up to seven of them per card in hand through `matches(c)`.
import type * as A from '../ast/index.ts';
import type { CheckedGame, DefineInfo } from '../check/model.ts';
import { expr, repeatedDefines } from './compile-expr.ts';
import { bindParams, FnScope, Invariants, Memo, type ModuleBuilder, tsTypeOf, type Variant } from './module-builder.ts';

const BUILDING = 'building';

/** The body of a define that can have a legal-enumeration form: one with parameters whose body is not a loop (a loop is its own hoisted function). */
function variantBody(info: DefineInfo): A.Expr | null {
  const body = info.decl.body;
  return info.params.length === 0 || body.kind === 'quantifier' || body.kind === 'aggregate' ? null : body;
}

/**
 * Whether `node` reads an option or a global variable where a legal enumeration's scope would
 * hoist it: outside loops (a quantifier or aggregate is its own function), itself or through a
 * define with parameters that it calls (`seen`: the defines on the way, against recursion).
 */
function readsTable(node: unknown, game: CheckedGame, seen: Set<string>): boolean {
  if (Array.isArray(node)) return node.some((n) => readsTable(n, game, seen));
  if (typeof node !== 'object' || node === null) return false;
  const kind = (node as { kind?: unknown }).kind;
  if (kind === 'quantifier' || kind === 'aggregate') return false;
  const sym = game.refs.get(node as A.Node);
  if (kind === 'name' && (sym?.kind === 'option' || (sym?.kind === 'var' && sym.info.scope === 'global'))) return true;
  if (kind === 'call' && sym?.kind === 'define' && !seen.has(sym.info.name)) {
    const body = variantBody(sym.info);
    if (body !== null && readsTable(body, game, new Set([...seen, sym.info.name]))) return true;
  }
  for (const [key, v] of Object.entries(node)) if (key !== 'loc' && readsTable(v, game, seen)) return true;
  return false;
}

/**
 * The legal-enumeration form of define `name` (`<fn>_in_legal(x, …args, …reads)`), built on first
 * use; null when the plain function is called instead: a define `variantBody` refuses (without
 * parameters it is memoised or read once per enumeration already), one that reads no option or
 * global variable where it would be hoisted (nothing to gain), or a call back into a define being
 * built (recursion).
 */
export function legalVariant(mod: ModuleBuilder, name: string): Variant | null {
  const known = mod.legalVariants.get(name);
  if (known === BUILDING) return null;
  if (known !== undefined) return known;
  const info = mod.game.defines.get(name);
  const body = info === undefined ? null : variantBody(info);
  if (info === undefined || body === null || !readsTable(body, mod.game, new Set([name]))) {
    mod.legalVariants.set(name, null);
    return null;
  }
  mod.legalVariants.set(name, BUILDING);
  const fn = mod.unique(`${mod.defineFn(name)}_in_legal`);
  const f = new FnScope(mod, fn);
  const params = bindParams(f, info.params);
  f.reads = new Invariants(f);
  f.variant = (n) => legalVariant(mod, n);
  f.memo = new Memo(f, repeatedDefines([body], f));
  const value = expr(body, f);
  const reads = f.reads.hoisted();
  for (const [, param] of reads) params.push({ name: param, type: 'number' });
  mod.addFunction({
    name: fn,
    params,
    returnType: tsTypeOf(info.type),
    body: [...f.memo.lines, `return ${value};`],
    doc: `define ${name}, as a legal enumeration calls it: the options and variables it reads passed in`,
  });
  const variant: Variant = { fn, reads: reads.map(([code]) => code) };
  mod.legalVariants.set(name, variant);
  return variant;
}
