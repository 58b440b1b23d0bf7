// Optimistic plays: a sent action shows at once — its card moved onto the target pile when the
// action names one (a pile argument, or the raced pile its `expect` describes), else lifted in place.
import type { GameView, ViewSlot, WireAction, ZoneView } from '../net/protocol.ts';
import { isCard } from '../net/protocol.ts';
import { actionDef, type ClientDef } from './def.ts';

export interface Pending {
  seq: number;
  action: WireAction;
  /** The card the action plays, if any. */
  card?: number;
  /** Zone instance it is expected to land on, or `new:<family>` for a pile to be created. */
  dest?: number | string;
  /** Set once acknowledged, with the log height that confirms it. */
  ackN?: number;
  /** Sent although the server's last list did not hold it (a rate-limited action offered again). */
  speculative?: boolean;
}

/** Where an action will put its card, when the action says so. */
export function destinationOf(def: ClientDef, view: GameView, action: WireAction): number | string | undefined {
  const params = actionDef(def, action.type)?.params ?? [];
  for (const p of params) {
    if (p.kind !== 'pile') continue;
    const v = action.args?.[p.name];
    if (typeof v === 'number') return v;
    if (v === 'new') return `new:${def.zones[p.family]?.name ?? p.family}`;
  }
  if (action.expect) {
    const { height, top } = action.expect;
    const fits = view.zones.filter((z) => {
      if (z.count !== height || z.shape === 'fan') return false;
      const last = z.cards?.[z.cards.length - 1];
      return top === null ? !isCard(last) : isCard(last) && last.id === top;
    });
    if (fits.length === 1) return fits[0]!.id;
  }
  return undefined;
}

/** The first card an action names. */
export function cardOf(def: ClientDef, action: WireAction): number | undefined {
  for (const p of actionDef(def, action.type)?.params ?? []) {
    const v = action.args?.[p.name];
    if (p.kind === 'card' && typeof v === 'number') return v;
  }
  return undefined;
}

/** The view with pending plays applied: cards with a known destination moved there. */
export function optimisticView(view: GameView, pending: readonly Pending[]): GameView {
  const moving = pending.filter((p) => p.card !== undefined && typeof p.dest === 'number');
  if (moving.length === 0) return view;
  const zones: ZoneView[] = view.zones.map((z) => ({ ...z, cards: z.cards ? [...z.cards] : undefined }));
  for (const p of moving) {
    const to = zones.find((z) => z.id === p.dest);
    let card: ViewSlot | undefined;
    for (const z of zones) {
      const i = z.cards?.findIndex((c) => isCard(c) && c.id === p.card) ?? -1;
      if (i < 0 || !z.cards) continue;
      card = z.cards[i];
      if (z.shape === 'row') z.cards[i] = null;
      else z.cards.splice(i, 1);
      z.count -= 1;
    }
    if (to && card && to.cards) {
      to.cards.push(card);
      to.count += 1;
    }
  }
  return { ...view, zones };
}
