// Turning clicks into actions: the server lists every legal action with its arguments; a click
// binds a card, a pile or a choice, and what is left to choose becomes the next question. Pure.
import type { ArgValue, WireAction } from '../net/protocol.ts';
import { actionDef, type ClientDef, type ParamDef } from './def.ts';

/** What the player has chosen so far. */
export interface Binding {
  type?: string;
  args: Record<string, ArgValue>;
}

export type Question =
  | { kind: 'none' }
  | { kind: 'send'; action: WireAction }
  | { kind: 'type'; options: string[] }
  | { kind: 'param'; param: ParamDef; values: ArgValue[] };

const same = (a: ArgValue | undefined, b: ArgValue | undefined): boolean => JSON.stringify(a) === JSON.stringify(b);

export function matches(action: WireAction, binding: Binding): boolean {
  if (binding.type !== undefined && action.type !== binding.type) return false;
  for (const [k, v] of Object.entries(binding.args)) if (!same(action.args?.[k], v)) return false;
  return true;
}

export function candidates(legal: readonly WireAction[], binding: Binding): WireAction[] {
  return legal.filter((a) => matches(a, binding));
}

/** The card parameters of an action (card ids sit in these args). */
function cardParams(def: ClientDef, type: string): string[] {
  return (actionDef(def, type)?.params ?? []).filter((p) => p.kind === 'card').map((p) => p.name);
}

/** Every card id some legal action names, with the actions that name it. */
export function playableCards(def: ClientDef, legal: readonly WireAction[]): Map<number, WireAction[]> {
  const out = new Map<number, WireAction[]>();
  for (const a of legal) {
    for (const p of cardParams(def, a.type)) {
      const id = a.args?.[p];
      if (typeof id === 'number') out.set(id, [...(out.get(id) ?? []), a]);
    }
  }
  return out;
}

/** Binds a clicked card: to the first card parameter of the candidates that names it. */
export function bindCard(def: ClientDef, legal: readonly WireAction[], binding: Binding, card: number): Binding | null {
  for (const a of candidates(legal, binding)) {
    for (const p of cardParams(def, a.type)) {
      if (a.args?.[p] === card && binding.args[p] === undefined) {
        return { type: binding.type, args: { ...binding.args, [p]: card } };
      }
    }
  }
  return null;
}

/** Binds a pile (zone instance id, or 'new') to the candidates' pile parameter. */
export function bindPile(def: ClientDef, legal: readonly WireAction[], binding: Binding, pile: number | 'new'): Binding | null {
  for (const a of candidates(legal, binding)) {
    for (const p of actionDef(def, a.type)?.params ?? []) {
      if (p.kind === 'pile' && binding.args[p.name] === undefined && a.args?.[p.name] === pile) {
        return { type: binding.type, args: { ...binding.args, [p.name]: pile } };
      }
    }
  }
  return null;
}

/** Actions that do not start from a card: offered as buttons (draw, pass, "last card!", roll …). */
export function buttonActions(def: ClientDef, legal: readonly WireAction[]): string[] {
  const out: string[] = [];
  // An action a turn timer performs (Super Taki's time_out) is the timer's, not a button.
  const timerActions = new Set(def.stages.flatMap((s) => (s.turnTimer ? [s.turnTimer] : [])));
  for (const a of legal) {
    if (out.includes(a.type) || timerActions.has(a.type)) continue;
    // A choice of several cards is made in its own panel (table/MultiChoice.svelte), not by a button.
    if (a.choose !== undefined) continue;
    if (cardParams(def, a.type).length === 0) out.push(a.type);
  }
  return out;
}

/**
 * What is left to decide for a partial binding: nothing (send it), which action, or which
 * value of the first parameter on which the remaining candidates differ.
 *
 * @example
 * nextQuestion(def, legal, { args: { c: 123 } }) // { kind: 'param', param: chosen, values: ['red', …] }
 */
export function nextQuestion(def: ClientDef, legal: readonly WireAction[], binding: Binding): Question {
  const cands = candidates(legal, binding);
  if (cands.length === 0) return { kind: 'none' };
  const types = [...new Set(cands.map((a) => a.type))];
  if (types.length > 1) return { kind: 'type', options: types };
  if (cands.length === 1) return { kind: 'send', action: cands[0]! };
  const params = actionDef(def, types[0]!)?.params ?? [];
  for (const p of params) {
    if (binding.args[p.name] !== undefined) continue;
    const values: ArgValue[] = [];
    for (const a of cands) {
      const v = a.args?.[p.name];
      if (v !== undefined && !values.some((x) => same(x, v))) values.push(v);
    }
    if (values.length > 1) return { kind: 'param', param: p, values };
  }
  // Candidates equal in every parameter (they differ only in what they expect): any will do.
  return { kind: 'send', action: cands[0]! };
}

/** Binds an answer to a question. */
export function answer(binding: Binding, q: Question, value: ArgValue | string): Binding {
  if (q.kind === 'type') return { type: String(value), args: binding.args };
  if (q.kind === 'param') return { type: binding.type, args: { ...binding.args, [q.param.name]: value } };
  return binding;
}
