// Registers a declaration in the value namespace, reporting a clash with a declaration of another kind.
import type * as A from '../../ast/index.ts';
import type { CheckContext } from '../context.ts';
import type { Symbol } from '../model.ts';

function declOf(s: Symbol): A.Node | null {
  switch (s.kind) {
    case 'option': case 'define': case 'zone': case 'deck': case 'die': case 'meld': return s.info.decl;
    case 'var': return s.info.decl ?? s.info.roundValue;
    default: return null;
  }
}

/** The Ident naming a value declaration (for "declared here" notes). */
export function nameLocOf(s: Symbol): A.Loc | null {
  const decl = declOf(s) as { name?: A.Ident } | null;
  return decl?.name?.loc ?? null;
}

/**
 * Adds `sym` under `name`; returns false (keeping the first) if the name is taken, which
 * report-duplicate-declaration reports (it runs in the same stage).
 */
export function registerValue(ctx: CheckContext, name: A.Ident, sym: Symbol): boolean {
  if (ctx.values.has(name.text)) return false;
  ctx.values.set(name.text, sym);
  return true;
}
