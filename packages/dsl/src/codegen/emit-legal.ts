// An action's legal-candidate enumeration, specialised per action (issue 24): one loop per
// parameter over the zone (or seats, values) it draws from, visibility decided at compile time
// where the zone's declaration fixes it, and each `require` and `where` fused into the loop at the
// first parameter it reads, as pass/fail conditions (no rejection is built). The runtime's generic
// walk (core/legal.ts enumParam) stays the reference: it runs actions without this function, and
// the differential test (packages/cli/test/legal-differential.test.ts) checks that both agree.
import type * as A from '../ast/index.ts';
import type { ActionInfo, CheckedGame } from '../check/model.ts';
import { CodegenError, condition, expr, negate, refOf } from './compile-expr.ts';
import { legalVariant } from './define-variants.ts';
import { typeOf, visitNodes } from './js.ts';
import { type CallMemo, FnScope, Invariants, type LazyCache, lazyRead, Memo, type ModuleBuilder, type TsType, tsTypeOf } from './module-builder.ts';
import { code, type Code, jsName } from './names.ts';

/** Name reads in `nodes` that are this action's parameters, as parameter indices. */
type ParamsRead = (nodes: readonly unknown[]) => Set<string>;

/**
 * `<action>_legal(x, a, out)`: every legal candidate of the action for `x.me`, in the order the
 * reference enumerates them, each written to `a` and handed to `$out.emit(x, ai)`; returns true
 * as soon as `out` asks to stop. Undefined when a parameter is of a kind left to the reference
 * (`cards`).
 */
export function legalFn(game: CheckedGame, mod: ModuleBuilder, action: ActionInfo, ai: number, requires: readonly A.RequireStmt[], paramsRead: ParamsRead): Code | undefined {
  for (const p of action.params) {
    const t = p.decl.type;
    if (t.kind === 'param_card' && t.many) return undefined;
  }
  const name = mod.unique(`${action.name}_legal`);
  const f = new FnScope(mod, name);
  // Every parameterless define the conditions read is computed once per enumeration, on first use.
  f.memo = new Memo(f, definesRead(requires, f));
  f.reads = new Invariants(f);
  f.variant = (define) => legalVariant(mod, define);
  const index = new Map(action.params.map((p, i) => [p.name, i]));
  const levelOf = (nodes: readonly unknown[]): number => Math.max(-1, ...[...paramsRead(nodes)].map((n) => index.get(n)!));
  // A require stays after the ones before it (a later one may rely on an earlier one holding).
  const byLevel: A.RequireStmt[][] = action.params.map(() => []);
  const before: A.RequireStmt[] = [];
  let floor = -1;
  for (const r of requires) {
    floor = Math.max(floor, levelOf([r.cond]));
    (floor < 0 ? before : byLevel[floor]!).push(r);
  }
  const top: Bucket = { lines: [], names: new Map() };
  const params = new Set(action.params.map((p) => p.name));
  f.calls = new LevelCalls(f, [top], levelOf, (nodes) => readsLoopVariable(nodes, params, game));
  const fail: Fail = (r, scope, miss) => `if (${negate(condition(r.cond, scope)).s}) ${miss}`;
  const lines: string[] = before.map((r) => fail(r, f, 'return false;'));
  lines.push(...level(game, action, 0, f, byLevel, fail, ai));
  lines.push('return false;');
  const body = [...f.reads.lines, ...f.memo.lines, ...top.lines, ...lines];
  mod.addFunction({
    name,
    params: [{ name: 'x', type: 'Ctx' }, { name: 'a', type: 'number[]' }, { name: '$out', type: mod.useRuntimeType('LegalOut') }],
    returnType: 'boolean',
    body,
    doc: `action ${action.name}: its legal candidates (requires fused into the loops)`,
  });
  return code(name);
}

type Fail = (r: A.RequireStmt, s: FnScope, miss: string) => string;

/**
 * Parameter i and everything inside it. A parameter with `if <cond>` is left out (absent, its
 * argument -1) when the condition does not hold, as the reference walk does: one candidate
 * without it, the rest of the parameters chosen inside; else its values as usual.
 */
function level(game: CheckedGame, action: ActionInfo, i: number, f: FnScope, byLevel: A.RequireStmt[][], fail: Fail, ai: number): string[] {
  if (i === action.params.length) return [`if ($out.emit(x, ${ai})) return true;`];
  const p = action.params[i]!;
  const values = domain(game, action, i, f, byLevel, fail, ai);
  if (p.decl.condition === null) return values;
  const without = f.child();
  const cached: Bucket = { lines: [], names: new Map() };
  without.calls = (f.calls as LevelCalls).deeper(cached, byLevel[i]!.map((r) => r.cond));
  without.bind(p.name, { js: tsTypeOf(p.type) === 'boolean' ? `(a[${i}] !== 0)` : `a[${i}]!`, ts: tsTypeOf(p.type) });
  const checks = byLevel[i]!.map((r) => fail(r, without, 'continue;'));
  const rest = level(game, action, i + 1, without, byLevel, fail, ai);
  // One pass when requires read the parameter, so that a failing one can `continue` out of it.
  const once = f.temp('o');
  const body = checks.length === 0 ? [...cached.lines, ...rest] : [`for (let ${once} = 0; ${once} < 1; ${once}++) {`, ...cached.lines, ...checks, ...rest, '}'];
  return [`a[${i}] = -1;`, `if (${negate(condition(p.decl.condition, f)).s}) {`, `x.absent[${i}] = 1;`, ...body, `x.absent[${i}] = 0;`, '} else {', ...values, '}'];
}

/** The loop over parameter i's values and everything inside it. */
function domain(game: CheckedGame, action: ActionInfo, i: number, f: FnScope, byLevel: A.RequireStmt[][], fail: Fail, ai: number): string[] {
  const p = action.params[i]!;
  const inner = f.child();
  const cached: Bucket = { lines: [], names: new Map() };
  const t = p.decl.type;
  inner.calls = (f.calls as LevelCalls).deeper(cached, [t.kind === 'param_card' ? t.where : null, ...byLevel[i]!.map((r) => r.cond)]);
  const v = jsName(p.name);
  const head: string[] = [];
  const open: string[] = [];
  const close: string[] = [];
  const pre: string[] = [];
  if (t.kind === 'param_card') {
    const z = f.temp('z');
    const cs = f.temp('c');
    const k = f.temp('k');
    pre.push(`const ${z} = ${expr(t.zone, f)};`);
    const vis = staticVisibility(t.zone, f);
    if (vis === 'none') return [];
    let seen: string | null = null;
    if (typeof vis === 'object') {
      // Seen by x.me exactly while the declaration's `unless` does not hold.
      open.push(`if (${z} >= 0 && ${negate(condition(vis.unless, f)).s}) {`);
    } else if (vis === 'ask') {
      seen = f.temp('s');
      pre.push(`const ${seen} = ${f.mod.useRuntime('zoneSeen')}(x, ${z});`);
      open.push(`if (${z} >= 0 && ${seen} !== 0) {`);
    } else open.push(`if (${z} >= 0) {`);
    open.push(`const ${cs} = x.cards(${z});`, `for (let ${k} = 0; ${k} < ${cs}.length; ${k}++) {`, `const ${v} = ${cs}[${k}]!;`);
    head.push(`if (${v} < 0) continue;`);
    if (seen !== null) head.push(`if (${seen} < 0 && !${f.mod.useRuntime('cardSeen')}(x, ${z}, ${k})) continue;`);
    close.push('}', '}');
    inner.bind(p.name, { js: v, ts: 'number' });
    head.push(`a[${i}] = ${v};`);
  } else if (t.kind === 'param_pile') {
    // The family's piles oldest first, then (`or new`) -1 for a new one, as the reference walks them.
    const sym = refOf(t.family, f);
    if (sym?.kind !== 'zone') throw new CodegenError('pile parameter over something that is not a family', t.family);
    const ps = f.temp('p');
    const k = f.temp('k');
    pre.push(`const ${ps} = x.piles(${sym.info.index});`);
    open.push(`for (let ${k} = 0; ${k} ${t.orNew ? '<=' : '<'} ${ps}.length; ${k}++) {`, 'x.step();');
    close.push('}');
    head.push(`const ${v} = ${t.orNew ? `${k} < ${ps}.length ? ${ps}[${k}]! : -1` : `${ps}[${k}]!`};`, `a[${i}] = ${v};`);
    inner.bind(p.name, { js: v, ts: 'number' });
  } else {
    const ts = tsTypeOf(p.type);
    const n = f.temp('n');
    const range = rangeOf(game, p);
    const counter = ts === 'boolean' ? f.temp('b') : v;
    // Each value spends a step of the call's fuel: cross products of parameters are bounded by it
    // (card loops are paid for by x.cards).
    open.push(`for (let ${counter} = ${range.min}, ${n} = ${range.max}; ${counter} <= ${n}; ${counter}++) {`, 'x.step();');
    close.push('}');
    if (ts === 'boolean') head.push(`const ${v} = ${counter} !== 0;`);
    inner.bind(p.name, { js: v, ts });
    head.push(`a[${i}] = ${counter};`);
  }
  if (t.kind === 'param_card' && t.where !== null) head.push(`if (${negate(condition(t.where, inner)).s}) continue;`);
  for (const r of byLevel[i]!) head.push(fail(r, inner, 'continue;'));
  const rest = level(game, action, i + 1, inner, byLevel, fail, ai);
  // The define calls cached for this loop's value are declared first in its body.
  return [...pre, ...open, ...cached.lines, ...head, ...rest, ...close];
}

/** One loop body's cached define calls: `let $h…` lines first in it, by the call's text. */
type Bucket = LazyCache;

/**
 * Define calls in the conditions cached at the loop of the innermost parameter their arguments
 * read (President's `holding(me, c) >= n` counts c's rank once per card, not once per n). Lazy
 * (`$h ??= …`), as where it stood; the state does not change during an enumeration. Not for a
 * call reading a quantifier's variable, nor one whose arguments this loop sets unless its
 * conditions make that call more than once.
 */
class LevelCalls implements CallMemo {
  /** buckets[0] is the function's, buckets[k + 1] parameter k's loop body; this scope is at the last. */
  constructor(
    private readonly f: FnScope,
    private readonly buckets: readonly Bucket[],
    private readonly levelOf: (nodes: readonly unknown[]) => number,
    private readonly readsLocal: (nodes: readonly unknown[]) => boolean,
    /** Calls (`callKey`) the conditions of this loop's body make more than once. */
    private readonly repeatedHere: ReadonlySet<string> = new Set(),
  ) {}

  read(call: A.CallExpr, code: string, ts: TsType): string | null {
    const here = this.buckets.length - 2;
    if (this.readsLocal(call.args)) return null;
    const at = this.levelOf(call.args);
    // A call whose arguments this loop sets is cached only when its conditions make it again
    // (Super Taki's `playable(c)` in three requires): once per value, not once per use.
    if (at > here || (at === here && !this.repeatedHere.has(callKey(call)))) return null;
    return lazyRead(this.buckets[at + 1]!, this.f, 'h', code, ts);
  }

  /** The same for the next loop in, whose body declares `bucket` and checks `conds`. */
  deeper(bucket: Bucket, conds: readonly unknown[]): LevelCalls {
    return new LevelCalls(this.f, [...this.buckets, bucket], this.levelOf, this.readsLocal, repeatedCalls(conds));
  }
}

/** A call's text without source locations: equal for the same call written twice. */
function callKey(call: A.CallExpr): string {
  return JSON.stringify(call, (k, v: unknown) => (k === 'loc' ? undefined : v));
}

/** The calls made more than once in `conds` (by `callKey`; only define calls are ever asked about). */
function repeatedCalls(conds: readonly unknown[]): Set<string> {
  const seen = new Set<string>();
  const again = new Set<string>();
  visitNodes(conds, (o) => {
    if (o.kind !== 'call') return;
    const key = callKey(o as unknown as A.CallExpr);
    (seen.has(key) ? again : seen).add(key);
  });
  return again;
}

/** Whether `nodes` read a name other than the action's parameters and the table's (a quantifier's variable, say). */
function readsLoopVariable(nodes: readonly unknown[], params: ReadonlySet<string>, game: CheckedGame): boolean {
  let local = false;
  visitNodes(nodes, (o) => {
    if (o.kind === 'name') {
      const sym = game.refs.get(o as unknown as A.Node);
      if (sym === undefined || sym.kind === 'local' || (sym.kind === 'param' && !params.has((o.name as A.Ident).text))) local = true;
    }
    return !local;
  });
  return local;
}

/** The values a non-card parameter runs through, as the reference walks them (core/legal.ts). */
function rangeOf(game: CheckedGame, p: ActionInfo['params'][number]): { min: string; max: string } {
  const type = p.type.t === 'optional' ? p.type.of : p.type;
  switch (type.t) {
    case 'bool': return { min: '0', max: '1' };
    case 'player': return { min: '0', max: 'x.players() - 1' };
    case 'enum': {
      const e = game.enums.find((x) => x.name === type.name);
      return { min: '0', max: String((e?.values.length ?? 0) - 1) };
    }
    default: {
      const t = p.decl.type;
      const range = t.kind === 'type_range' ? t : null;
      const bound = (e: A.Expr | undefined, dflt: number): number => (e?.kind === 'number' ? e.value : dflt);
      return { min: String(bound(range?.min, 0)), max: String(bound(range?.max, 100)) };
    }
  }
}

/**
 * What the zone's declaration says of whether `x.me` sees its cards (zones/visibility.ts):
 * 'all' (a `visible` zone, or `owner` of the player's own `z(me)`, never hidden), `{ unless }`
 * (the same with `unless <cond>`: seen while it does not hold), 'none' (`hidden`, `count`: no card
 * of it is ever a candidate), or 'ask' (`visible top`, another seat's or a side's zone, or a zone
 * expression whose declaration is not known here): the runtime is asked once per zone.
 */
function staticVisibility(zone: A.Expr, f: FnScope): 'all' | 'none' | 'ask' | { unless: A.Expr } {
  const t = typeOf(zone, f);
  if (t?.t !== 'zone') return 'ask';
  const info = f.mod.game.zones.find((z) => z.name === t.decl);
  if (info === undefined) return 'ask';
  if (info.visibility === 'hidden' || info.visibility === 'count') return 'none';
  const mine = info.visibility === 'owner' && info.scope === 'player' && zone.kind === 'call' && zone.args.length === 1
    && zone.args[0]!.kind === 'builtin' && zone.args[0]!.name === 'me' && refOf(zone, f)?.kind === 'zone';
  if (info.visibility !== 'visible' && !mine) return 'ask';
  return info.decl.unless === null ? 'all' : { unless: info.decl.unless };
}

/** Parameterless defines read in `nodes` (outside loops, which hoist their own). */
function definesRead(nodes: readonly unknown[], f: FnScope): Set<string> {
  const names = new Set<string>();
  visitNodes(nodes, (o) => {
    if (o.kind === 'quantifier' || o.kind === 'aggregate') return false;
    if (o.kind === 'name') {
      const sym = refOf(o as unknown as A.Node, f);
      if (sym?.kind === 'define') names.add(sym.info.name);
    }
  });
  return names;
}
