// A view's `actions` (the names of the actions its seat may take at the state's last time),
// remembered from the last enumeration of that state and seat: a server lists a seat's legal
// actions for its frame and views the same state right after, and enumeration (guards, meld
// searches) is the costly part of both. States are immutable values, so the names of a
// (state, seat) pair never change; the memo holds nothing once the state is gone.
import type { Action } from '../core/codec.ts';
import type { GameDef } from '../core/game-def.ts';
import type { GameState } from '../core/state.ts';

const memo = new WeakMap<GameState, { def: GameDef; bySeat: (readonly string[] | undefined)[] }>();

/** The distinct action names of a legal list, in first-seen order. */
export function actionNames(legal: readonly Action[]): string[] {
  const names: string[] = [];
  for (const a of legal) if (!names.includes(a.type)) names.push(a.type);
  return names;
}

/** Records what `seat` may do in `state` at `state.lastAt` (its full legal list, just enumerated). */
export function rememberNames(def: GameDef, state: GameState, seat: number, legal: readonly Action[]): void {
  let m = memo.get(state);
  if (m === undefined || m.def !== def) memo.set(state, (m = { def, bySeat: [] }));
  m.bySeat[seat] = actionNames(legal);
}

/** The names recorded for (state, seat) under `def`, a fresh array, or undefined. */
export function recalledNames(def: GameDef, state: GameState, seat: number): string[] | undefined {
  const m = memo.get(state);
  return m !== undefined && m.def === def ? m.bySeat[seat]?.slice() : undefined;
}
