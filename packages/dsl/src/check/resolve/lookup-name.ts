// Resolves a bare name in an expression: locals, a deck line's attributes, values, enum values by expected type.
import type * as A from '../../ast/index.ts';
import { deckAttributeNotOnKind } from '../../diagnostics/check-declarations.ts';
import { enumValueAmbiguous, nameUndefined } from '../../diagnostics/check-names.ts';
import { nameLocOf } from '../collect/register.ts';
import type { Symbol, Type } from '../model.ts';
import { closest } from '../names.ts';
import { strip } from '../types/type-util.ts';
import { localNames, lookupLocal, type Env } from './scope.ts';

/** True when `e` is a bare name that could be an enum value (so its meaning may need the other side's type). */
export function isEnumCandidate(env: Env, e: A.Expr): boolean {
  if (e.kind !== 'name' || lookupLocal(env, e.name.text)) return false;
  if (env.deckKind && env.ctx.attrs.has(e.name.text)) return false;
  return env.ctx.enumValues.has(e.name.text);
}

/** The enum name an expected type asks for (through `?` and lists), or null. */
function expectedEnum(expected: Type | undefined): string | null {
  if (!expected) return null;
  const s = strip(expected);
  if (s.t === 'enum') return s.name;
  if (s.t === 'list') return expectedEnum(s.of);
  return null;
}

function suggest(env: Env, name: string): string | null {
  const ctx = env.ctx;
  return closest(name, [...localNames(env), ...ctx.values.keys(), ...ctx.enumValues.keys()]);
}

/**
 * What `id` means here, or null after reporting `name_undefined`. Locals shadow globals; an
 * enum value is preferred when the expected type is its enum, else any other meaning is.
 */
export function lookupName(env: Env, id: A.Ident, expected?: Type): Symbol | null {
  const ctx = env.ctx;
  const name = id.text;
  const local = lookupLocal(env, name);
  if (local) return local;
  if (env.deckKind) {
    const attr = ctx.attrs.get(name);
    if (attr) {
      if (!env.deckKind.attrs.includes(attr.index)) {
        ctx.diagnostics.push(deckAttributeNotOnKind(id.loc, name, env.deckKind.name, env.deckKind.decl.name.loc));
        return null;
      }
      return { kind: 'attr', info: attr };
    }
  }
  const value = ctx.values.get(name);
  const enums = ctx.enumValues.get(name) ?? [];
  const wanted = expectedEnum(expected);
  const match = enums.find((e) => e.enumName === wanted);
  if (match) return { kind: 'enum_value', ...match };
  if (value) return value;
  const first = enums[0];
  if (first) {
    if (enums.length > 1) ctx.diagnostics.push(enumValueAmbiguous(id.loc, name, enums.map((e) => e.enumName)));
    return { kind: 'enum_value', ...first };
  }
  const suggestion = suggest(env, name);
  const sugSym = suggestion ? ctx.values.get(suggestion) : undefined;
  ctx.diagnostics.push(nameUndefined(id.loc, name, suggestion, (sugSym && nameLocOf(sugSym)) ?? undefined));
  return null;
}
