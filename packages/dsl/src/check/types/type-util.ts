// Type constructors, printing, equality and assignability for the expression language.
import type { Type } from '../model.ts';

export const T = {
  number: { t: 'number' } as Type,
  bool: { t: 'bool' } as Type,
  duration: { t: 'duration' } as Type,
  string: { t: 'string' } as Type,
  player: { t: 'player' } as Type,
  side: { t: 'side' } as Type,
  card: { t: 'card' } as Type,
  pile: { t: 'pile' } as Type,
  none: { t: 'none' } as Type,
  error: { t: 'error' } as Type,
  zone: (decl: string | null): Type => ({ t: 'zone', decl }),
  family: (decl: string): Type => ({ t: 'family', decl }),
  enum: (name: string): Type => ({ t: 'enum', name }),
  list: (of: Type): Type => ({ t: 'list', of }),
  optional: (of: Type): Type => (of.t === 'optional' || of.t === 'none' || of.t === 'error' ? of : { t: 'optional', of }),
};

/** The type without its `?`. */
export function strip(t: Type): Type {
  return t.t === 'optional' ? t.of : t;
}

export function isOptional(t: Type): boolean {
  return t.t === 'optional' || t.t === 'none';
}

/** Numbers and durations (milliseconds) take part in arithmetic and ordering. */
export function isNumeric(t: Type): boolean {
  const s = strip(t);
  return s.t === 'number' || s.t === 'duration';
}

/** Zones, families and piles hold cards; lists of cards too (for iteration). */
export function isCardSource(t: Type): boolean {
  const s = strip(t);
  return s.t === 'zone' || s.t === 'family' || s.t === 'pile' || (s.t === 'list' && strip(s.of).t === 'card');
}

/** Where cards can be moved to: a zone or a pile. */
export function isZoneLike(t: Type): boolean {
  const s = strip(t);
  return s.t === 'zone' || s.t === 'pile';
}

export function show(t: Type): string {
  switch (t.t) {
    case 'enum': return t.name;
    case 'list': return `[${show(t.of)}]`;
    case 'optional': return `${show(t.of)}?`;
    case 'zone': return t.decl ? `zone ${t.decl}` : 'zone';
    case 'family': return `piles ${t.decl}`;
    case 'deck': return `deck ${t.name}`;
    case 'die': return `die ${t.name}`;
    case 'meld_rules': return `meld rules ${t.name}`;
    case 'player': return 'Player';
    case 'side': return 'Side';
    case 'card': return 'Card';
    case 'face': return 'a card face';
    case 'pile': return 'Pile';
    default: return t.t;
  }
}

export function sameType(a: Type, b: Type): boolean {
  if (a.t !== b.t) return false;
  switch (a.t) {
    case 'enum': return a.name === (b as typeof a).name;
    case 'list':
    case 'optional': return sameType(a.of, (b as typeof a).of);
    case 'deck':
    case 'die':
    case 'meld_rules': return a.name === (b as typeof a).name;
    default: return true;
  }
}

/**
 * May a value of type `from` go where `to` is expected? `none` only where `T?` is; a `T?` where
 * `T` is (it is `none` at run time, which the runtime tolerates everywhere: NONE = -1); a
 * duration where a number is (it is milliseconds); zones of any declaration where a zone is.
 */
export function assignable(from: Type, to: Type): boolean {
  if (from.t === 'error' || to.t === 'error') return true;
  if (from.t === 'none') return to.t === 'optional' || to.t === 'none';
  const f = strip(from);
  const t = strip(to);
  if (f.t === 'duration' && t.t === 'number') return true;
  if (f.t === 'zone' && t.t === 'zone') return t.decl === null || f.decl === null || f.decl === t.decl;
  if (f.t === 'list' && t.t === 'list') return f.of.t === 'error' || assignable(f.of, t.of);
  return sameType(f, t);
}

/** The common type of two branches (`if … then a else b`, list elements), or null. */
export function unify(a: Type, b: Type): Type | null {
  if (a.t === 'error') return b;
  if (b.t === 'error') return a;
  if (a.t === 'none') return b.t === 'none' ? a : T.optional(b);
  if (b.t === 'none') return T.optional(a);
  const opt = isOptional(a) || isOptional(b);
  const sa = strip(a);
  const sb = strip(b);
  let base: Type | null = null;
  if (sameType(sa, sb)) base = sa;
  else if (isNumeric(sa) && isNumeric(sb)) base = T.number;
  else if (sa.t === 'zone' && sb.t === 'zone') base = T.zone(null);
  else if (sa.t === 'list' && sb.t === 'list') {
    const e = unify(sa.of, sb.of);
    base = e ? T.list(e) : null;
  }
  if (!base) return null;
  return opt ? T.optional(base) : base;
}

/** May `a` and `b` be compared with `==`/`!=` (and, when ordered, `<` …)? */
export function comparable(a: Type, b: Type, ordered: boolean): boolean {
  if (a.t === 'error' || b.t === 'error') return true;
  if (a.t === 'none' || b.t === 'none') return !ordered;
  const sa = strip(a);
  const sb = strip(b);
  if (isNumeric(sa) && isNumeric(sb)) return true;
  if (!sameType(sa, sb) && !(sa.t === 'zone' && sb.t === 'zone')) return false;
  if (!ordered) return true;
  return sa.t === 'enum';
}
