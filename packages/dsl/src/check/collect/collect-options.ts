// Collect pass: options, their domains and their defaults encoded as runtime numbers.
import type * as A from '../../ast/index.ts';
import { optionDefaultOutOfDomain, optionDomainInvalid } from '../../diagnostics/check-declarations.ts';
import { typeMismatch } from '../../diagnostics/check-types.ts';
import type { CheckContext } from '../context.ts';
import type { OptionInfo } from '../model.ts';
import { constValue } from '../types/const-eval.ts';
import { typeOfNode } from '../types/type-of-node.ts';
import { show, T } from '../types/type-util.ts';
import { registerValue } from './register.ts';

type Shape = Pick<OptionInfo, 'type' | 'kind' | 'min' | 'max' | 'enumName'>;

function shapeOf(ctx: CheckContext, o: A.OptionDecl): Shape | null {
  const d = o.domain;
  const invalid = (detail: string): null => {
    ctx.diagnostics.push(optionDomainInvalid(d.loc, o.name.text, detail));
    return null;
  };
  if (d.kind === 'type_range') {
    const lo = constValue(ctx, d.min);
    const hi = constValue(ctx, d.max);
    if (!lo || !hi || lo.type.t !== hi.type.t || (lo.type.t !== 'number' && lo.type.t !== 'duration')) {
      return invalid('needs a range of two integers or two durations');
    }
    if (lo.type.t === 'number' && (!Number.isInteger(lo.value) || !Number.isInteger(hi.value))) return invalid('needs integer bounds');
    if (lo.value > hi.value) return invalid(`has an empty range`);
    const isDur = lo.type.t === 'duration';
    return { type: isDur ? T.duration : T.number, kind: isDur ? 'duration' : 'int', min: lo.value, max: hi.value };
  }
  if (d.kind === 'type_optional' || d.kind === 'type_list') return invalid('cannot be optional or a list');
  if (d.kind === 'type_union' && d.members.some((m) => m.kind !== 'member_value')) return invalid('cannot be a union of numbers: use a range');
  const t = typeOfNode(ctx, d, o.name.text);
  if (t.t === 'error') return null;
  if (t.t === 'bool') return { type: t, kind: 'bool' };
  if (t.t === 'enum') return { type: t, kind: 'enum', enumName: t.name };
  return invalid(`cannot be ${show(t)}`);
}

function encodeDefault(ctx: CheckContext, o: A.OptionDecl, shape: Shape): number {
  const v = constValue(ctx, o.default, shape.enumName);
  const domain = shape.kind === 'enum' ? shape.enumName! : shape.kind === 'bool' ? 'bool' : `${rawOf(o.domain)}`;
  if (!v || (v.type.t !== shape.type.t && !(shape.kind === 'enum' && v.type.t === 'enum'))) {
    ctx.diagnostics.push(typeMismatch(o.default.loc, `a constant ${show(shape.type)}`, v ? show(v.type) : 'an expression', `as the default of option "${o.name.text}"`));
    return shape.min ?? 0;
  }
  const outOfRange = shape.min !== undefined && (v.value < shape.min || v.value > shape.max! || (shape.kind === 'int' && !Number.isInteger(v.value)));
  const wrongEnum = shape.kind === 'enum' && (v.type.t !== 'enum' || v.type.name !== shape.enumName);
  if (outOfRange || wrongEnum) {
    const text = o.default.kind === 'name' ? o.default.name.text : 'raw' in o.default ? String(o.default.raw) : String(v.value);
    ctx.diagnostics.push(optionDefaultOutOfDomain(o.default.loc, o.name.text, text, domain, o.domain.loc));
  }
  return v.value;
}

function rawOf(d: A.TypeNode): string {
  if (d.kind === 'type_range') {
    const b = (e: A.Expr) => ('raw' in e ? String(e.raw) : e.kind === 'name' ? e.name.text : '?');
    return `${b(d.min)}..${b(d.max)}`;
  }
  return 'its domain';
}

/** Registers every `option` (a variant's overrides were merged into the declarations before). */
export function collectOptions(ctx: CheckContext): void {
  for (const item of ctx.file.items) {
    if (item.kind !== 'option') continue;
    const shape = shapeOf(ctx, item) ?? { type: T.error, kind: 'int' as const };
    const info: OptionInfo = {
      name: item.name.text, index: ctx.game.options.length, ...shape, default: 0,
      description: item.description?.value ?? '', decl: item,
      ...(item.group ? { group: item.group } : {}),
    };
    if (!registerValue(ctx, item.name, { kind: 'option', info })) continue;
    if (shape.type.t !== 'error') info.default = encodeDefault(ctx, item, shape);
    const d = item.default;
    if (d.kind === 'name' && shape.enumName) {
      const ordinal = ctx.enums.get(shape.enumName)?.values.indexOf(d.name.text) ?? -1;
      if (ordinal >= 0) ctx.game.refs.set(d, { kind: 'enum_value', enumName: shape.enumName, ordinal });
    }
    ctx.game.types.set(d, shape.type);
    ctx.game.options.push(info);
  }
}
