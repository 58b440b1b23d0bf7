// Action keys for search trees: what an action does, with cards named by face, not by id.
//
// Information-set search meets the "same" action in many determinizations, where the card
// ids in an opponent's hand carry different faces. Keying by face ("play R5") makes the
// statistics of a tree edge mean the same thing in every determinization; two copies of a
// face are one move, which they are for play purposes.
import type { Action } from '../core/codec.ts';
import { compiled } from '../core/compiled.ts';
import type { GameDef } from '../core/game-def.ts';
import type { GameState } from '../core/state.ts';
import { cardOfViewId } from '../views/view-ids.ts';

function faceName(def: GameDef, state: GameState, seat: number, id: unknown): string {
  const c = cardOfViewId(state, seat, id);
  return c < 0 ? '?' : def.faces.notation[state.face[c]]!;
}

/**
 * A stable description of `action` as `seat` would send it in `state`, e.g. `play(c=R5)`.
 *
 * @example
 * const key = actionKey(def, state, 0, { type: 'play', args: { c: 41213 } }); // "play(c=R5)"
 */
export function actionKey(def: GameDef, state: GameState, seat: number, action: Action): string {
  const ai = compiled(def).actionIndex.get(action.type);
  if (ai === undefined || action.args === undefined) return action.type;
  const parts: string[] = [];
  for (const p of def.actions[ai]!.params) {
    const v = action.args[p.name];
    if (v === undefined) continue;
    if (p.kind === 'card') parts.push(`${p.name}=${faceName(def, state, seat, v)}`);
    else if (p.kind === 'cards' && Array.isArray(v)) parts.push(`${p.name}=[${v.map((id) => faceName(def, state, seat, id)).sort().join(',')}]`);
    else parts.push(`${p.name}=${String(v)}`);
  }
  return `${action.type}(${parts.join(',')})`;
}
