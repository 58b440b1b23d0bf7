// What a card click would do, from the legal-action list alone (no game names): which cards offer
// more than one action (a card that can be discarded or go out), and what to say about a card no
// legal action names. Pure.
import type { GameView, ViewEvent, WireAction } from '../net/protocol.ts';
import { actionDef, type ClientDef } from './def.ts';
import { playableCards } from './candidates.ts';
import { readable } from './names.ts';

/**
 * Per playable card, the action types it offers that not every playable card offers: the card
 * that can also go out is marked "Go out" while every card can be discarded. Empty when all
 * cards offer the same actions.
 *
 * @example
 * extraActions(def, legal) // Map { 17 => ['go_out'] }
 */
export function extraActions(def: ClientDef, legal: readonly WireAction[]): Map<number, string[]> {
  const byCard = playableCards(def, legal);
  const typesOf = new Map([...byCard].map(([card, actions]) => [card, [...new Set(actions.map((a) => a.type))]]));
  const common = [...typesOf.values()].reduce<string[] | null>((acc, ts) => (acc === null ? ts : acc.filter((t) => ts.includes(t))), null) ?? [];
  const out = new Map<number, string[]>();
  if (typesOf.size < 2) {
    // One card: marked only when it offers several actions (the click will ask which).
    for (const [card, ts] of typesOf) if (ts.length > 1) out.set(card, ts.slice(1));
    return out;
  }
  for (const [card, ts] of typesOf) {
    const extra = ts.filter((t) => !common.includes(t));
    if (extra.length > 0) out.set(card, extra);
  }
  return out;
}

/** The prompt's sentence for marked cards: "Marked cards can also: Go out (a click asks which)." */
export function extraPrompt(def: ClientDef, extras: Map<number, string[]>): string {
  const types = [...new Set([...extras.values()].flat())];
  if (types.length === 0) return '';
  return `Marked cards can also ${types.map((t) => readable(def, t)).join(' or ')}: choosing one asks which.`;
}

/** The action types with a card parameter that could act on a card now (by stage, step or window). */
function cardActionsNow(def: ClientDef, view: GameView): string[] {
  const now = [view.window?.name, view.stage?.step, view.stage?.name].filter((x): x is string => !!x);
  return def.actions.filter((a) => a.params.some((p) => p.kind === 'card') && (a.during.length === 0 || a.during.some((d) => now.includes(d)))).map((a) => a.name);
}

export type Why =
  /** Known here: say it. */
  | { kind: 'say'; text: string }
  /** Ask the server: send this action and show its coded rejection (it changes nothing). */
  | { kind: 'ask'; action: WireAction };

/**
 * Why a card that no legal action names cannot be played, or the action whose rejection will say
 * why: another playable card's action with this card instead (the server's `require … else` sentence).
 */
export function whyNot(def: ClientDef, view: GameView, legal: readonly WireAction[], card: number, turnText: string): Why {
  const withCards = legal.filter((a) => (actionDef(def, a.type)?.params ?? []).some((p) => p.kind === 'card'));
  const example = withCards.find((a) => cardActionsNow(def, view).includes(a.type)) ?? withCards[0];
  if (example) {
    const param = actionDef(def, example.type)!.params.find((p) => p.kind === 'card')!;
    return { kind: 'ask', action: { type: example.type, args: { ...example.args, [param.name]: card } } };
  }
  if (legal.length > 0) {
    const types = [...new Set(legal.map((a) => a.type))];
    return { kind: 'say', text: `Not now: first ${types.map((t) => readable(def, t)).join(' or ')}.` };
  }
  return { kind: 'say', text: turnText ? `Not now: ${turnText.replace(/[.!…]+$/, '')}.` : 'Nothing can be played right now.' };
}

/** Learns where each action put its card (zone name) from a batch of events, into `into` (first seen wins). */
export function learnLandings(events: readonly ViewEvent[], view: GameView, into: Map<string, string>): void {
  let action: string | null = null;
  for (const e of events) {
    if (e.type === 'action') action = e.action;
    else if (e.type === 'move' && action !== null) {
      const to = view.zones.find((z) => z.id === e.to)?.name;
      if (to && !into.has(action)) into.set(action, to);
      action = null;
    }
  }
}
