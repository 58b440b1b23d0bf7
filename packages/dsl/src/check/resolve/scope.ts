// Lexical scopes and the environment expressions and statements are checked in.
import type * as A from '../../ast/index.ts';
import type { CheckContext } from '../context.ts';
import type { KindInfo, Symbol, Type } from '../model.ts';

export interface Scope {
  locals: Map<string, Symbol>;
  parent: Scope | null;
}

/** Where a statement or expression is, for context-dependent rules. */
export interface Env {
  ctx: CheckContext;
  scope: Scope;
  /** Null where effects are allowed; else what the pure context is ("a define", "a where"). */
  pure: string | null;
  /** Inside a deck line's `where`: bare attribute names are that kind's attributes. */
  deckKind: KindInfo | null;
  /** In a `winner` measure without `for`: a bare per-player/side variable means the ranked player's. */
  implicitOwner: boolean;
  /** The define or procedure being checked (for the call graph), or null. */
  owner: A.Node | null;
  /** Card kinds known for locals/parameters here (`c is Number and …`): see types/narrow.ts. */
  narrow: ReadonlyMap<Symbol, ReadonlySet<number>>;
}

export function rootEnv(ctx: CheckContext, pure: string | null, owner: A.Node | null = null): Env {
  return { ctx, scope: { locals: new Map(), parent: null }, pure, deckKind: null, implicitOwner: false, owner, narrow: new Map() };
}

/** A child environment with a fresh scope (for blocks and binders). */
export function child(env: Env, patch: Partial<Omit<Env, 'scope' | 'ctx'>> = {}): Env {
  return { ...env, ...patch, scope: { locals: new Map(), parent: env.scope } };
}

/** A pure child environment (`where`s, guards), keeping an enclosing pure description. */
export function pureChild(env: Env, what: string): Env {
  return child(env, { pure: env.pure ?? what });
}

export function lookupLocal(env: Env, name: string): Symbol | null {
  for (let s: Scope | null = env.scope; s; s = s.parent) {
    const hit = s.locals.get(name);
    if (hit) return hit;
  }
  return null;
}

/** Every local name visible from `env` (for "did you mean"). */
export function localNames(env: Env): string[] {
  const out: string[] = [];
  for (let s: Scope | null = env.scope; s; s = s.parent) out.push(...s.locals.keys());
  return out;
}

/** Binds a `let`, loop or quantifier variable; returns its symbol. */
export function bindLocal(env: Env, id: A.Ident, type: Type, decl: A.Node = id): Symbol {
  const sym: Symbol = { kind: 'local', name: id.text, type, decl };
  env.scope.locals.set(id.text, sym);
  return sym;
}

/** Binds a parameter (action, define, procedure, meld line, winner's implicit player). */
export function bindParam(env: Env, name: string, index: number, type: Type): Symbol {
  const sym: Symbol = { kind: 'param', index, type };
  env.scope.locals.set(name, sym);
  return sym;
}
