// Which defines the runtime memoises (Ctx.memo: computed once per state version, and per actor and
// time unless shared; a shared one with a read set is kept until a write to what it reads),
// decided from the define's body: emit-behaviour.ts emits them so, and list-mask.ts memoises a
// membership mask of such a list beside it.
import type * as A from '../ast/index.ts';
import type { CheckedGame, DefineInfo } from '../check/model.ts';
import { type ModuleBuilder, tsTypeOf } from './module-builder.ts';
import { defineReads, type TriggerReads } from './trigger-reads.ts';

/**
 * How a memoised define is memoised: `shared` when it reads neither the actor nor the time;
 * `reads`, for a shared one whose every read a write channel stands for, what it reads (the
 * runtime then keeps its value until a write there, across actions and calls: GameDef.memoReads).
 */
export interface DefineMemo {
  shared: boolean;
  reads: TriggerReads | undefined;
}

/**
 * How the define is memoised, or null when it is computed per call: a define without parameters
 * whose value is a list (plus_minus, [a, b] …) or that is one loop (a quantifier or an aggregate),
 * unless it rolls a die or draws a random number (a memo would replay the draw).
 *
 * @example
 * defineMemo(game.defines.get('targets')!, game); // { shared: true }
 */
export function defineMemo(info: DefineInfo, game: CheckedGame): DefineMemo | null {
  const b = info.decl.body;
  const costly = tsTypeOf(info.type) === 'readonly number[]' || b.kind === 'quantifier' || b.kind === 'aggregate';
  if (info.params.length !== 0 || !costly || drawsChance(b, game, new Set([info.name]))) return null;
  const shared = !readsActorOrTime(b, game, new Set([info.name]));
  return { shared, reads: shared ? defineReads(game, info) : undefined };
}

/**
 * The memoised call of a value function (a define's own, or its mask's): `x.memo` with the
 * module's next slot, whose read set goes in the slot's place of `GameDef.memoReads`.
 */
export function memoCall(mod: ModuleBuilder, valueFn: string, memo: DefineMemo): string {
  mod.memoReads.push(memo.reads);
  return `x.memo(${mod.memoReads.length - 1}, ${valueFn}${memo.shared ? ', true' : ''})`;
}

/** Whether an expression rolls a die or draws a random number, itself or through a define it reads. */
function drawsChance(node: unknown, game: CheckedGame, seen: Set<string>): boolean {
  return reaches(node, game, seen, (n) => n.kind === 'roll' || n.kind === 'random');
}

/** Whether an expression reads `me`, `my side`, `now` or `elapsed`, itself or through a define it reads. */
function readsActorOrTime(node: unknown, game: CheckedGame, seen: Set<string>): boolean {
  return reaches(node, game, seen, (n) => n.kind === 'builtin' && ACTOR_OR_TIME.has((n as { name?: unknown }).name));
}

const ACTOR_OR_TIME = new Set<unknown>(['me', 'my_side', 'now', 'elapsed']);

/** Whether `hit` holds for a node under `node`, or under the body of a define it reads (each define once: `seen`). */
function reaches(node: unknown, game: CheckedGame, seen: Set<string>, hit: (n: { kind?: unknown }) => boolean): boolean {
  if (Array.isArray(node)) return node.some((n) => reaches(n, game, seen, hit));
  if (typeof node !== 'object' || node === null) return false;
  if (hit(node as { kind?: unknown })) return true;
  const sym = game.refs.get(node as A.Node);
  if (sym?.kind === 'define' && !seen.has(sym.info.name)) {
    seen.add(sym.info.name);
    if (reaches(sym.info.decl.body, game, seen, hit)) return true;
  }
  for (const [key, v] of Object.entries(node)) if (key !== 'loc' && reaches(v, game, seen, hit)) return true;
  return false;
}
