// Compiles rule-file expressions to TypeScript expressions over `Ctx` (every value a number, bools JS booleans).
import type * as A from '../ast/index.ts';
import type { Type } from '../check/model.ts';
import { type FnScope, Invariants, type TsType, tsTypeOf } from './module-builder.ts';
import { iterate } from './iterate.ts';
import { faceBinary, faceIndex, pileLit, seatLit } from './compile-literals.ts';
import { maskedMembership } from './list-mask.ts';
import { registerCompileExpr } from './expr-hook.ts';
import { baseType, cmp, CodegenError, defineRead, js, type Js, listName, mayHaveHoles, negate, P, paren, refOf, typeOf, visitNodes } from './js.ts';
import { jsName, templateText } from './names.ts';

export { baseType, CodegenError, type Js, negate, P, paren, refOf, typeOf } from './js.ts';

const NEGATED: Record<string, string> = { '<': '>=', '<=': '>', '>': '<=', '>=': '<' };

/** The compiled expression as a string. */
export function expr(e: A.Expr, f: FnScope): string {
  return compileExpr(e, f).s;
}

/** A bool expression made a stored number (0/1); a `bool?` or `none` already is one (-1/0/1). */
export function toStored(e: A.Expr, f: FnScope, type: Type | undefined): string {
  const t = baseType(type);
  if (t?.t !== 'bool') return expr(e, f);
  if (e.kind === 'bool') return e.value ? '1' : '0';
  if (e.kind === 'none' || isOptionalBool(typeOf(e, f))) return expr(e, f);
  return `${paren(compileExpr(e, f), P.cond + 1)} ? 1 : 0`;
}

/** Reads a stored number as the value type: bools become JS booleans; a `bool?` stays -1/0/1. */
function fromStored(read: string, type: Type | undefined): Js {
  return type?.t === 'bool' ? cmp(read, '!==', '===', '0') : js(read, P.call);
}

function isOptionalBool(t: Type | undefined): boolean {
  return t?.t === 'optional' && t.of.t === 'bool';
}

/** An expression used as a condition: a `bool?` (stored -1/0/1) holds only when true, not when none. */
export function condition(e: A.Expr, f: FnScope): Js {
  const c = compileExpr(e, f);
  return isOptionalBool(typeOf(e, f)) ? cmp(paren(c, P.eq + 1), '===', '!==', '1') : c;
}

export function compileExpr(e: A.Expr, f: FnScope): Js {
  switch (e.kind) {
    case 'number': return e.value < 0 ? js(String(e.value), P.unary) : js(String(e.value));
    case 'duration': return js(String(e.ms));
    case 'bool': return js(String(e.value));
    case 'none': return js('-1', P.unary);
    case 'string': return js(template(e, f));
    case 'list': return list(e, f);
    case 'name': return name(e, f);
    case 'call': return call(e, f);
    case 'member': return member(e, f);
    case 'unary':
      if (e.op === 'not') return negate(condition(e.operand, f));
      {
        const inner = paren(compileExpr(e.operand, f), P.unary);
        return js(inner.startsWith('-') ? `-(${inner})` : `-${inner}`, P.unary);
      }
    case 'binary': return binary(e, f);
    case 'is_kind': {
      const k = kindIndex(e.cardKind, f);
      const [op, neg] = e.negated ? ['!==', '==='] : ['===', '!=='];
      return cmp(`x.kind(${expr(e.subject, f)})`, op, neg, String(k));
    }
    case 'is_empty': {
      const t = typeOf(e.subject, f);
      const [op, neg] = e.negated ? ['!==', '==='] : ['===', '!=='];
      if (t?.t === 'zone') return cmp(countCall(e.subject, t, f), op, neg, '0');
      if (t?.t === 'family') return cmp(`x.piles(${expr(e.subject, f)}).length`, op, neg, '0');
      return cmp(`${paren(compileExpr(e.subject, f), P.call)}.length`, op, neg, '0');
    }
    case 'if':
      return js(`${paren(condition(e.cond, f), P.cond + 1)} ? ${paren(compileExpr(e.then, f), P.cond)} : ${paren(compileExpr(e.else, f), P.cond)}`, P.cond);
    case 'top_of': return js(`x.top(${expr(e.zone, f)})`, P.call);
    case 'bottom_of': return js(`x.bottom(${expr(e.zone, f)})`, P.call);
    case 'count_of': return countOf(e, f);
    case 'quantifier':
    case 'aggregate':
      return hoistLoop(e, f);
    case 'builtin': return builtin(e, f);
    case 'seat_rel': {
      const m = e.rel === 'next_after' ? 'nextAfter' : e.rel === 'left_of' ? 'leftOf' : 'rightOf';
      return js(`x.${m}(${expr(e.seat, f)})`, P.call);
    }
    case 'side_of': return js(`x.sideOf(${expr(e.seat, f)})`, P.call);
    case 'position_of': {
      // The card a pure loop over one zone is at: its index there, not a search of the zone.
      const at = e.card.kind === 'name' && refOf(e.card, f)?.kind === 'local' ? f.vars.get(e.card.name.text)?.position : undefined;
      return at !== undefined ? js(at, P.atom) : js(`x.positionOf(${expr(e.card, f)})`, P.call);
    }
    case 'subsets': return js(`${f.mod.useRuntime('subsets')}(${cardArray(e.source, f)}, x)`, P.call);
    case 'roll': return js(`x.roll(${expr(e.die, f)})`, P.call);
    case 'random': return js(`x.random(${expr(e.min, f)}, ${expr(e.max, f)})`, P.call);
    case 'deck_of': {
      const sym = refOf(e, f);
      if (sym?.kind !== 'deck') throw new CodegenError('deck(s) does not name a deck', e);
      return js(String(sym.info.index));
    }
    case 'new_pile': return js(`x.newPile(${expr(e.family, f)})`, P.call);
    case 'seat': return seatLit(e);
    case 'face': return js(String(faceIndex(e, f)));
    case 'pile_lit': return pileLit(e, f);
    default: throw new CodegenError(`cannot compile expression ${(e as A.Node).kind}`, e as A.Node);
  }
}

function kindIndex(id: A.Ident, f: FnScope): number {
  const sym = refOf(id, f);
  if (sym?.kind === 'kind') return sym.info.index;
  const k = f.mod.game.kinds.find((kind) => kind.name === id.text);
  if (k === undefined) throw new CodegenError(`unknown card kind ${id.text}`, id);
  return k.index;
}

function list(e: A.ListExpr, f: FnScope): Js {
  const items = e.elements.map((el) => expr(el, f));
  if (items.every((i) => /^-?\d+(\.\d+)?$/.test(i))) {
    // A constant list is one module-level array, not an allocation per evaluation.
    // Named after what it lists: `[plus2, king]` → PLUS2_KING.
    return js(f.mod.constant(listName(e, '', 'LIST'), `[${items.join(', ')}]`, 'readonly number[]'));
  }
  return js(`[${items.join(', ')}]`);
}

/** An option or global variable read: once at the top of a legal enumeration, else where it stands. */
function tableRead(read: string, f: FnScope): string {
  return f.reads === undefined ? read : f.reads.hoist(read);
}

function name(e: A.NameExpr, f: FnScope): Js {
  const sym = refOf(e, f);
  if (sym === undefined) throw new CodegenError(`unresolved name ${e.name.text}`, e);
  switch (sym.kind) {
    case 'option': return fromStored(tableRead(`x.opt(${sym.info.index})`, f), sym.info.type);
    case 'var': {
      const v = sym.info;
      if (v.scope === 'global') return fromStored(tableRead(`x.g(${v.index})`, f), v.type);
      // A bare per-seat variable: the implicit seat (the winner's ranked player).
      const seat = f.vars.get('p')?.js ?? f.special.seat;
      if (seat === undefined) throw new CodegenError(`per-${v.scope} variable ${v.name} without a seat`, e);
      if (v.scope === 'player') return fromStored(`x.pv(${v.index}, ${seat})`, v.type);
      if (v.scope === 'side') return fromStored(`x.sv(${v.index}, x.sideOf(${seat}))`, v.type);
      throw new CodegenError(`pile variable ${v.name} without a pile`, e);
    }
    case 'define':
      return defineRead(f, sym.info.name, `${f.mod.defineFn(sym.info.name)}(x)`, tsTypeOf(sym.info.type));
    case 'zone':
      if (sym.info.shape === 'piles') return js(String(sym.info.index));
      return js(`x.zone(${sym.info.index})`, P.call);
    case 'deck': case 'die': case 'meld': return js(String(sym.info.index));
    case 'enum_value': return js(String(sym.ordinal));
    case 'param': case 'local': {
      const b = f.vars.get(e.name.text);
      if (b === undefined) throw new CodegenError(`${e.name.text} is not in scope`, e);
      return js(b.js, /^[\w$]+$/.test(b.js) ? P.atom : P.call);
    }
    case 'attr': {
      const face = f.special.face;
      if (face === undefined) throw new CodegenError(`attribute ${e.name.text} outside a deck line`, e);
      return js(String(face.values[sym.info.index] ?? -1), P.unary);
    }
    default: throw new CodegenError(`${e.name.text} (${sym.kind}) is not a value`, e);
  }
}

function call(e: A.CallExpr, f: FnScope): Js {
  const sym = refOf(e, f);
  if (sym === undefined) throw new CodegenError(`unresolved call ${e.callee.text}`, e);
  if (sym.kind === 'builtin_fn') return builtinFn(sym.name, e, f);
  const args = e.args.map((a) => expr(a, f));
  switch (sym.kind) {
    case 'var': {
      const v = sym.info;
      const m = v.scope === 'player' ? 'pv' : v.scope === 'side' ? 'sv' : v.scope === 'pile' ? 'zv' : null;
      if (m === null) throw new CodegenError(`global variable ${v.name} called with a seat`, e);
      return fromStored(`x.${m}(${v.index}, ${args[0]})`, v.type);
    }
    case 'zone':
      return js(`x.zone(${sym.info.index}, ${args[0]})`, P.call);
    case 'define': {
      // In a legal enumeration, the form that takes its table reads from the enumeration's top.
      const v = f.variant?.(sym.info.name) ?? null;
      const call = v === null
        ? `${f.mod.defineFn(sym.info.name)}(${['x', ...args].join(', ')})`
        : `${v.fn}(${['x', ...args, ...v.reads.map((r) => f.reads!.hoist(r))].join(', ')})`;
      const cached = f.calls?.read(e, call, tsTypeOf(sym.info.type));
      return cached == null ? js(call, P.call) : js(cached, P.assign);
    }
    case 'deck': return js(String(sym.info.index));
    default: throw new CodegenError(`${e.callee.text} (${sym.kind}) cannot be called here`, e);
  }
}

const MATH: Record<string, string> = {
  abs: 'Math.abs', floor: 'Math.floor', ceil: 'Math.ceil', sqrt: 'Math.sqrt', sin: 'Math.sin',
  cos: 'Math.cos', min: 'Math.min', max: 'Math.max', round: 'Math.round',
};

function builtinFn(fn: string, e: A.CallExpr, f: FnScope): Js {
  // Each argument is compiled once (compiling may hoist a loop function).
  const all = (): string => e.args.map((a) => expr(a, f)).join(', ');
  const cardsThen = (): string => [cardArray(e.args[0]!, f), ...e.args.slice(1).map((a) => expr(a, f))].join(', ');
  const math = MATH[fn];
  if (math !== undefined) return js(`${math}(${all()})`, P.call);
  switch (fn) {
    case 'wrap': return js(`${f.mod.useRuntime('wrap')}(${all()})`, P.call);
    case 'plus_minus': return js(`${f.mod.useRuntime('plusMinus')}(${all()})`, P.call);
    case 'owner': return js(`x.cardOwner(${all()})`, P.call);
    case 'can_meld_all': {
      // `can_meld_all(z without c, R)`: the runtime solves the whole of z once for every c.
      const a = e.args[0]!;
      if (a.kind === 'binary' && a.op === 'without' && baseType(typeOf(a.right, f))?.t === 'card') {
        return js(`x.canMeldAllWithout(${cardArray(a.left, f)}, ${expr(a.right, f)}, ${expr(e.args[1]!, f)})`, P.call);
      }
      return js(`x.canMeldAll(${cardsThen()})`, P.call);
    }
    case 'can_go_out': return js(`x.canGoOut(${cardsThen()})`, P.call);
    case 'unmelded_points': return js(`x.unmeldedPoints(${cardsThen()})`, P.call);
    default: throw new CodegenError(`unknown built-in function ${fn}`, e);
  }
}

/** A card collection (zone, `a + b`, `z without c`, list) as an array of card ids. */
export function cardArray(e: A.Expr, f: FnScope): string {
  const t = typeOf(e, f);
  if (t?.t === 'zone') return `x.cards(${expr(e, f)})`;
  if (t?.t === 'family') return `x.piles(${expr(e, f)}).flatMap((p) => x.cards(p))`;
  if (e.kind === 'binary' && e.op === '+') return `[...${cardArray(e.left, f)}, ...${cardArray(e.right, f)}]`;
  if (e.kind === 'binary' && e.op === 'without') {
    return `${f.mod.useRuntime('without')}(${cardArray(e.left, f)}, ${expr(e.right, f)})`;
  }
  return expr(e, f);
}

function isCollection(t: Type | undefined): boolean {
  return t?.t === 'zone' || t?.t === 'family' || t?.t === 'list';
}

function binary(e: A.BinaryExpr, f: FnScope): Js {
  const withFace = faceBinary(e, f);
  if (withFace !== null) return withFace;
  const bin = (op: string, p: number): Js => js(`${paren(compileExpr(e.left, f), p)} ${op} ${paren(compileExpr(e.right, f), p + 1)}`, p);
  switch (e.op) {
    case 'or': return js(`${paren(condition(e.left, f), P.or)} || ${paren(condition(e.right, f), P.or)}`, P.or);
    case 'and': return js(`${paren(condition(e.left, f), P.and)} && ${paren(condition(e.right, f), P.and)}`, P.and);
    case '==': case '!=': {
      // Lists compare element by element, in order (`targets == [2, 6]`).
      if (typeOf(e.left, f)?.t === 'list' || typeOf(e.right, f)?.t === 'list') {
        const same = `${f.mod.useRuntime('sameList')}(${cardArrayOrList(e.left, f)}, ${cardArrayOrList(e.right, f)})`;
        return e.op === '==' ? js(same, P.call) : js(`!${same}`, P.unary);
      }
      // A `bool?` is a stored number (-1, 0, 1): the bool it is compared with becomes 0/1 too.
      const stored = isOptionalBool(typeOf(e.left, f)) || isOptionalBool(typeOf(e.right, f));
      const side = (x: A.Expr, min: number): string => {
        if (!stored || typeOf(x, f)?.t !== 'bool') return paren(compileExpr(x, f), min);
        const n = toStored(x, f, typeOf(x, f));
        return /^[01]$/.test(n) ? n : `(${n})`;
      };
      const l = side(e.left, P.eq);
      const r = side(e.right, P.eq + 1);
      return e.op === '==' ? cmp(l, '===', '!==', r) : cmp(l, '!==', '===', r);
    }
    case '<': case '<=': case '>': case '>=':
      return cmp(paren(compileExpr(e.left, f), P.rel), e.op, NEGATED[e.op]!, paren(compileExpr(e.right, f), P.rel + 1), P.rel);
    case '*': return bin('*', P.mul);
    case '/': return bin('/', P.mul);
    case 'mod': return bin('%', P.mul);
    case '-': return bin('-', P.add);
    case '+':
      if (isCollection(typeOf(e, f)) || isCollection(typeOf(e.left, f))) return js(cardArray(e, f));
      return bin('+', P.add);
    case 'without': return js(cardArray(e, f), P.call);
    case 'in': {
      const rt = typeOf(e.right, f);
      if (rt?.t === 'zone') return js(`x.zoneOf(${expr(e.left, f)}) === ${paren(compileExpr(e.right, f), P.eq + 1)}`, P.eq);
      const masked = maskedMembership(e, f);
      if (masked !== null) return masked;
      return js(`${paren(compileExpr(e.right, f), P.call)}.includes(${expr(e.left, f)})`, P.call);
    }
    case 'intersects':
      return js(`${f.mod.useRuntime('intersects')}(${cardArrayOrList(e.left, f)}, ${cardArrayOrList(e.right, f)})`, P.call);
    default: throw new CodegenError(`unknown operator ${String(e.op)}`, e);
  }
}

function cardArrayOrList(e: A.Expr, f: FnScope): string {
  return isCollection(typeOf(e, f)) ? cardArray(e, f) : expr(e, f);
}

function member(e: A.MemberExpr, f: FnScope): Js {
  const attr = f.mod.game.attrs.find((a) => a.name === e.attr.text);
  if (attr === undefined) throw new CodegenError(`unknown attribute ${e.attr.text}`, e);
  return js(`x.attr(${expr(e.object, f)}, ${attr.index})`, P.call);
}

function builtin(e: A.BuiltinExpr, f: FnScope): Js {
  switch (e.name) {
    case 'me': return js('x.me', P.call);
    case 'current': return js('x.current()', P.call);
    case 'dealer': return js('x.dealer()', P.call);
    case 'my_side': return js('x.sideOf(x.me)', P.call);
    case 'now': return js('x.now', P.call);
    case 'elapsed': return js('x.elapsed()', P.call);
    case 'round': return js('x.round()', P.call);
    case 'players':
      if (f.special.playersCount !== undefined) return js(f.special.playersCount);
      if (typeOf(e, f)?.t === 'number') return js('x.players()', P.call);
      throw new CodegenError('players used as a value (not a loop source or a count)', e);
    case 'sides':
      if (typeOf(e, f)?.t === 'number') return js('x.sides()', P.call);
      throw new CodegenError('sides used as a value (not a loop source or a count)', e);
    default: throw new CodegenError(`unknown built-in ${String(e.name)}`, e);
  }
}

function countOf(e: A.CountOfExpr, f: FnScope): Js {
  const z = e.zone;
  const t = typeOf(z, f);
  if (z.kind === 'builtin' && z.name === 'sides') return js('x.sides()', P.call);
  if (z.kind === 'builtin' && z.name === 'players') {
    if (f.special.playersCount !== undefined) return js(f.special.playersCount);
    return hoistCount(z, f);
  }
  // A pile (a parameter, `new pile in`, a scenario's `pile N`) counts its cards like a zone.
  const base = t?.t === 'optional' ? t.of : t;
  if (base?.t === 'zone' || base?.t === 'pile') return js(countCall(z, base, f), P.call);
  if (t?.t === 'family') return js(`x.piles(${expr(z, f)}).length`, P.call);
  return js(`${paren(compileExpr(z, f), P.call)}.length`, P.call);
}

/** The cards in a zone or pile: its length (`x.size`) unless it may be a row, whose holes `x.count` skips. */
function countCall(z: A.Expr, t: Type, f: FnScope): string {
  return `x.${mayHaveHoles(t, f) ? 'count' : 'size'}(${expr(z, f)})`;
}

// ---- loops hoisted into module-level functions (no closure per evaluation) -------------

/** Names of variables in scope that `node`'s subtree reads (free variables of a hoisted loop). */
function freeVars(node: A.Node, f: FnScope): string[] {
  const found = new Set<string>();
  visitNodes(node, (o) => {
    if (typeof o.kind !== 'string') return false;
    if (o.kind === 'name') {
      const sym = refOf(o as unknown as A.Node, f);
      const text = (o.name as A.Ident).text;
      if ((sym?.kind === 'param' || sym?.kind === 'local') && f.vars.has(text)) found.add(text);
      // A bare per-seat variable in a winner measure reads the implicit player.
      if (sym?.kind === 'var' && sym.info.scope !== 'global' && f.vars.has('p')) found.add('p');
    }
  });
  return [...found].sort();
}

/** Hoists a function taking the free variables; returns its call. */
function hoist(
  node: A.Expr,
  f: FnScope,
  label: string,
  returnType: TsType,
  build: (inner: FnScope) => string[],
): Js {
  const free = freeVars(node, f);
  const fnName = f.mod.unique(`${f.owner}_${label}`);
  const inner = f.fresh(fnName);
  const params = [{ name: 'x', type: 'Ctx' }];
  for (const v of free) {
    const b = f.vars.get(v)!;
    inner.bind(v, { js: jsName(v), ts: b.ts });
    params.push({ name: jsName(v), type: b.ts });
  }
  const body = build(inner);
  // The same loop met twice (`count(players)` in two places) is one function.
  const name = f.mod.addHoisted({ name: fnName, params, returnType, body });
  const args = ['x', ...free.map((v) => f.vars.get(v)!.js)];
  return js(`${name}(${args.join(', ')})`, P.call);
}

function hoistCount(source: A.Expr, f: FnScope): Js {
  return hoist(source, f, 'count', 'number', (inner) => {
    const v = inner.temp('p');
    return ['let $k = 0;', ...iterate(source, v, inner, ['$k++;'], {}), 'return $k;'];
  });
}

function hoistLoop(e: A.QuantifierExpr | A.AggregateExpr, f: FnScope): Js {
  const q = e.kind === 'quantifier' ? e.quantifier : e.op;
  return hoist(e, f, q, loopReturnType(e), (inner) => loopLines(e, inner));
}

export function loopReturnType(e: A.QuantifierExpr | A.AggregateExpr): TsType {
  const q = e.kind === 'quantifier' ? e.quantifier : e.op;
  return q === 'any' || q === 'all' || q === 'exists' ? 'boolean' : 'number';
}

/**
 * The statements of a function that evaluates a quantifier or aggregate and returns its
 * value; `inner` holds the free variables. Parameterless defines read in the loop are
 * computed once before it.
 */
export function loopLines(e: A.QuantifierExpr | A.AggregateExpr, inner: FnScope): string[] {
  const q = e.kind === 'quantifier' ? e.quantifier : e.op;
  const v = jsName(e.variable.text);
  const loopScope = inner.child();
  const invariants = new Invariants(inner);
  loopScope.invariants = invariants;
  // Over one zone, a loop that asks the variable's `position of` counts the index instead
  // (nothing moves here, so the card is at its index; positionOf would search the zone).
  const index = typeOf(e.source, inner)?.t === 'zone' && asksPosition([e.where, e.kind === 'aggregate' ? e.body : null], e.variable.text) ? inner.temp('i') : undefined;
  loopScope.bind(e.variable.text, { js: v, ts: elementTs(e.source, inner), position: index });
  const where = e.where === null ? null : condition(e.where, loopScope);
  const body = e.kind === 'aggregate' ? expr(e.body, loopScope) : '';
  const when = (stmt: string): string => (where === null ? stmt : `if (${where.s}) ${stmt}`);
  const loop = (step: string[], reverse = false): string[] => iterate(e.source, v, inner, step, { reverse, index });
  let lines: string[];
  switch (q) {
    case 'any': case 'exists':
      lines = [...loop([when('return true;')]), 'return false;'];
      break;
    case 'all':
      lines = [...loop(where === null ? [] : [`if (${negate(where).s}) return false;`]), 'return true;'];
      break;
    case 'count':
      lines = ['let $k = 0;', ...loop([when('$k++;')]), 'return $k;'];
      break;
    case 'first': case 'last':
      lines = [...loop([when(`return ${v};`)], q === 'last'), 'return -1;'];
      break;
    case 'sum':
      lines = ['let $t = 0;', ...loop([when(`$t += ${body};`)]), 'return $t;'];
      break;
    case 'max': case 'min': {
      const op = q === 'max' ? '>' : '<';
      const step = [
        ...(where === null ? [] : [`if (${negate(where).s}) continue;`]),
        `const $b = ${body};`,
        `if (!$f || $b ${op} $t) {`, '$t = $b;', '$f = true;', '}',
      ];
      lines = ['let $t = -1;', 'let $f = false;', ...loop(step), 'return $t;'];
      break;
    }
    default: throw new CodegenError(`unknown quantifier ${String(q)}`, e);
  }
  return [...invariants.lines, ...lines];
}

/** Whether `nodes` contain `position of <name>`. */
function asksPosition(nodes: readonly unknown[], name: string): boolean {
  let found = false;
  visitNodes(nodes, (o) => {
    const card = o.card as A.Expr | undefined;
    if (o.kind === 'position_of' && card?.kind === 'name' && card.name.text === name) found = true;
    return !found;
  });
  return found;
}

/** The TypeScript type of a loop variable over `source`. */
export function elementTs(source: A.Expr, f: FnScope): TsType {
  const t = typeOf(source, f);
  if (t?.t === 'list') return tsTypeOf(t.of);
  return 'number';
}

// ---- strings -----------------------------------------------------------------------------

/** A template literal for an announcement or a rejection sentence (each interpolation's code also pushed to `interpolated`). */
export function template(s: A.StringLit, f: FnScope, interpolated?: string[]): string {
  if (s.parts.every((p) => p.kind === 'text')) {
    return `'${s.parts.map((p) => (p as A.StringText).value).join('').replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
  }
  let out = '`';
  for (const part of s.parts) {
    if (part.kind === 'text') out += templateText(part.value);
    else {
      const code = show(part.expr, f);
      interpolated?.push(code);
      out += '${' + code + '}';
    }
  }
  return out + '`';
}

/** Renders a value for a sentence by its type. */
function show(e: A.Expr, f: FnScope): string {
  const t = typeOf(e, f);
  // A list is followed by `.join(…)`: parenthesised unless a call or a name.
  const c = compileExpr(e, f);
  const code = baseType(t)?.t === 'list' ? paren(c, P.call) : c.s;
  return showAs(code, t, f, t?.t === 'optional');
}

function showAs(code: string, type: Type | undefined, f: FnScope, optional = false): string {
  const t = baseType(type);
  switch (t?.t) {
    case 'card': return `x.show(${code})`;
    case 'player': return `x.showValue(${code}, 'player')`;
    case 'side': return `x.showValue(${code}, 'side')`;
    case 'enum': {
      const en = f.mod.game.enums.find((en) => en.name === t.name);
      return `x.showValue(${code}, { enumIndex: ${en?.index ?? -1} })`;
    }
    case 'bool': return optional ? `x.showValue(${code}, 'bool')` : `${code}`;
    case 'list': {
      const item = showAs('$v', t.of, f);
      return item === '$v' ? `${code}.join(', ')` : `${code}.map(($v) => ${item}).join(', ')`;
    }
    case 'zone': return `x.cards(${code}).map(($v) => x.show($v)).join(', ')`;
    default: return optional ? `x.showValue(${code}, 'number')` : code;
  }
}

/** Names of parameterless defines that `nodes` read more than once (outside loops). */
export function repeatedDefines(nodes: readonly unknown[], f: FnScope): Set<string> {
  const seen = new Map<string, number>();
  visitNodes(nodes, (o) => {
    if (typeof o.kind !== 'string' || o.kind === 'quantifier' || o.kind === 'aggregate') return false;
    if (o.kind === 'name') {
      const sym = refOf(o as unknown as A.Node, f);
      if (sym?.kind === 'define') seen.set(sym.info.name, (seen.get(sym.info.name) ?? 0) + 1);
    }
  });
  return new Set([...seen].filter(([, n]) => n > 1).map(([name]) => name));
}

registerCompileExpr(compileExpr);
