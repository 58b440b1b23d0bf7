// Loops over the sources of quantifiers and `for each`: seats, zones, families, lists, `a + b`, `s without c`.
import type * as A from '../ast/index.ts';
import { expr } from './expr-hook.ts';
import { mayHaveHoles, typeOf } from './js.ts';
import type { FnScope } from './module-builder.ts';

export interface IterateOptions {
  /** Top to bottom (for `last`). */
  reverse?: boolean;
  /** Loop over a copy of each zone: the body moves cards (a `for each` statement). */
  copy?: boolean;
  /** A single zone's loop counts its index in this variable (the card's `position of`). */
  index?: string;
}

/**
 * Statements that run `body` once per element of `source` with the element in `v` (a fresh
 * `const`/`let`). `body` may `continue` to skip an element; `return` leaves the function.
 */
export function iterate(source: A.Expr, v: string, f: FnScope, body: string[], opts: IterateOptions): string[] {
  if (source.kind === 'builtin' && (source.name === 'players' || source.name === 'sides')) {
    const players = source.name === 'players';
    const n = f.temp('n');
    const skip = players ? [`if (!x.active(${v})) continue;`] : [];
    const count = players ? (f.special.playersCount ?? 'x.players()') : 'x.sides()';
    const head = opts.reverse
      ? `for (let ${v} = ${count} - 1; ${v} >= 0; ${v}--) {`
      : `for (let ${v} = 0, ${n} = ${count}; ${v} < ${n}; ${v}++) {`;
    return [head, ...skip, ...body, '}'];
  }
  if (source.kind === 'binary' && source.op === '+') {
    const parts = [iterate(source.left, v, f, body, opts), iterate(source.right, v, f, body, opts)];
    if (opts.reverse) parts.reverse();
    return parts.flat();
  }
  if (source.kind === 'binary' && source.op === 'without') {
    const w = f.temp('w');
    return [`const ${w} = ${expr(source.right, f)};`, ...iterate(source.left, v, f, [`if (${v} === ${w}) continue;`, ...body], opts)];
  }
  const t = typeOf(source, f);
  if (t?.t === 'family') {
    const p = f.temp('p');
    const piles = opts.copy ? `x.piles(${expr(source, f)}).slice()` : `x.piles(${expr(source, f)})`;
    if (opts.reverse) {
      const ps = f.temp('ps');
      const i = f.temp('i');
      return [
        `const ${ps} = ${piles};`,
        `for (let ${i} = ${ps}.length - 1; ${i} >= 0; ${i}--) {`,
        `const ${p} = ${ps}[${i}]!;`,
        ...zoneLoop(p, v, f, body, opts, false),
        '}',
      ];
    }
    return [`for (const ${p} of ${piles}) {`, ...zoneLoop(p, v, f, body, opts, false), '}'];
  }
  if (t?.t === 'zone') {
    return zoneLoop(expr(source, f), v, f, body, opts, mayHaveHoles(t, f));
  }
  // A list value (a define's result, a list literal, a `cards` parameter, a subset). Each element
  // spends a step of the call's fuel (runtime core/fuel.ts): nested loops over lists are how a rule
  // file's work multiplies. Zone and family loops are paid for by x.cards / x.piles.
  const list = expr(source, f);
  if (opts.reverse) {
    const l = f.temp('l');
    const i = f.temp('i');
    return [`const ${l} = ${list};`, `for (let ${i} = ${l}.length - 1; ${i} >= 0; ${i}--) {`, `const ${v} = ${l}[${i}]!;`, 'x.step();', ...body, '}'];
  }
  return [`for (const ${v} of ${list}) {`, 'x.step();', ...body, '}'];
}

function zoneLoop(zone: string, v: string, f: FnScope, body: string[], opts: IterateOptions, holes: boolean): string[] {
  const skip = holes ? [`if (${v} < 0) continue;`] : [];
  if (opts.reverse) {
    const cs = f.temp('cs');
    const i = opts.index ?? f.temp('i');
    return [
      `const ${cs} = x.cards(${zone});`,
      `for (let ${i} = ${cs}.length - 1; ${i} >= 0; ${i}--) {`,
      `const ${v} = ${cs}[${i}]!;`,
      ...skip,
      ...body,
      '}',
    ];
  }
  const cards = opts.copy ? `x.cards(${zone}).slice()` : `x.cards(${zone})`;
  if (opts.index !== undefined) {
    const cs = f.temp('cs');
    const i = opts.index;
    return [`const ${cs} = ${cards};`, `for (let ${i} = 0; ${i} < ${cs}.length; ${i}++) {`, `const ${v} = ${cs}[${i}]!;`, ...skip, ...body, '}'];
  }
  return [`for (const ${v} of ${cards}) {`, ...skip, ...body, '}'];
}
