// The declared range of a variable (`var tricks: 0..13`, `var left: 0..hand_size?`): its two
// bounds as numbers or options, for the runtime's range check and the checker's warning.
import type * as A from '../../ast/index.ts';
import { varRangeExceeded } from '../../diagnostics/check-values.ts';
import type { CheckContext } from '../context.ts';
import type { CheckedGame, OptionInfo, VarInfo } from '../model.ts';

export type RangeBound = { kind: 'number'; value: number } | { kind: 'option'; option: OptionInfo };

function boundOf(game: CheckedGame, e: A.Expr): RangeBound | null {
  if (e.kind === 'number') return { kind: 'number', value: e.value };
  if (e.kind === 'duration') return { kind: 'number', value: e.ms };
  if (e.kind === 'name') {
    const sym = game.refs.get(e);
    if (sym?.kind === 'option') return { kind: 'option', option: sym.info };
  }
  return null;
}

/** `lo..hi` of a variable's written type (through `?`), or null when it has no range. */
export function declaredRange(game: CheckedGame, type: A.TypeNode): [RangeBound, RangeBound] | null {
  const t = type.kind === 'type_optional' ? type.inner : type;
  if (t.kind !== 'type_range') return null;
  const lo = boundOf(game, t.min);
  const hi = boundOf(game, t.max);
  return lo === null || hi === null ? null : [lo, hi];
}

/** The smallest and largest value a bound can take (an option: over its domain). */
export function boundSpan(b: RangeBound): [number, number] {
  if (b.kind === 'number') return [b.value, b.value];
  const o = b.option;
  return [o.min ?? o.default, o.max ?? o.default];
}

/** A literal number (`14`, `-1`), or null. */
function literalNumber(e: A.Expr): number | null {
  if (e.kind === 'number') return e.value;
  if (e.kind === 'unary' && e.op === '-' && e.operand.kind === 'number') return -e.operand.value;
  return null;
}

const showBound = (b: RangeBound): string => (b.kind === 'number' ? String(b.value) : b.option.name);

/**
 * var_range_exceeded when `value` is a literal that lies outside variable v's range for every
 * value its option bounds can take (`set tricks = 14` with `tricks: 0..13`).
 */
export function reportConstantOutOfRange(ctx: CheckContext, v: VarInfo, value: A.Expr): void {
  if (v.decl === null) return;
  const range = declaredRange(ctx.game, v.decl.type);
  const n = literalNumber(value);
  if (range === null || n === null) return;
  const [lo, hi] = range;
  if (n >= boundSpan(lo)[0] && n <= boundSpan(hi)[1]) return;
  ctx.diagnostics.push(varRangeExceeded(value.loc, v.name, n, `${showBound(lo)}..${showBound(hi)}`, v.decl.type.loc));
}
