// Explicit starting arrangements (for scenarios and tests): put named cards into zones.
import { engineFor } from '../core/engine.ts';
import type { GameDef, Rejection } from '../core/game-def.ts';
import { cardZoneOf, type GameState } from '../core/state.ts';
import { moveCard } from '../zones/ops.ts';

export interface Arrangement {
  /** Zone instance. */
  zone: number;
  /** Exact contents bottom→top in card notation (`R5`); for rows, slot order. */
  cards: string[];
  /** Only the top of the zone: its other cards stay below the listed ones. */
  onTop?: boolean;
}

/**
 * Returns a state whose listed zones hold exactly the named cards (bottom→top). Cards are
 * taken from the listed zones first, then from anywhere else; a zone of a side (or of a
 * player) takes a copy from that side's own deck when there is one (per-side decks), then any
 * copy. Cards displaced from a listed zone go to their home zone (or the first unlisted zone
 * when that is listed too). Card conservation holds; ids of moved cards are refreshed like
 * any move. Each card a side's zone had to take from another side's deck (the side has no copy
 * left) is said in `borrowed`, when given, with the index of its entry in `spec`: a scenario warns about it, since the card's back
 * then shows the other side.
 *
 * @example
 * state = arrange(def, state, [{ zone: hand0, cards: ['R1', 'G+2'] }, { zone: discard, cards: ['R5'] }]);
 */
export function arrange(def: GameDef, state: GameState, spec: readonly Arrangement[], borrowed?: { spec: number; message: string }[]): GameState | Rejection {
  const listed = new Set(spec.map((a) => a.zone));
  const onTop = new Set(spec.filter((a) => a.onTop === true).map((a) => a.zone));
  const claimed = new Set<number>();
  const plan: number[][] = [];
  const s = state;
  for (const [k, a] of spec.entries()) {
    if (!Number.isInteger(a.zone) || a.zone < 0 || a.zone >= s.zones.length) return { code: 'setup/invalid', message: `No zone ${a.zone}.` };
    const slots = def.zones[s.zoneDecl[a.zone]].slots;
    if (slots !== undefined && a.cards.length > slots) return { code: 'setup/invalid', message: `${def.zones[s.zoneDecl[a.zone]].name} has ${slots} slots, not ${a.cards.length}.` };
    const list: number[] = [];
    const mine = sideOfZone(def, s, a.zone);
    for (const name of a.cards) {
      const face = def.faces.notation.indexOf(name);
      if (face < 0) return { code: 'setup/invalid', message: `No card is written "${name}".` };
      // Prefer the zone's side's own copy, then any; each from a listed zone first, then from anywhere (top first).
      let pick = -1;
      const order = [...listed, ...s.zones.keys()];
      for (let pass = mine < 0 ? 1 : 0; pass < 2 && pick < 0; pass++) {
        for (let k = 0; k < order.length && pick < 0; k++) {
          const zs = s.zones[order[k]];
          for (let i = zs.length - 1; i >= 0 && pick < 0; i--) {
            const c = zs[i];
            if (c >= 0 && s.face[c] === face && !claimed.has(c) && (pass === 1 || s.owner[c] === mine)) pick = c;
          }
        }
      }
      if (pick < 0) return { code: 'setup/invalid', message: `Not enough "${name}" cards.` };
      if (mine >= 0 && s.owner[pick] >= 0 && s.owner[pick] !== mine) {
        borrowed?.push({ spec: k, message: `"${name}" in ${zoneName(def, s, a.zone)} is side ${s.owner[pick] + 1}'s card: side ${mine + 1} has no other "${name}"` });
      }
      claimed.add(pick);
      list.push(pick);
    }
    plan.push(list);
  }
  let spare = -1;
  for (let z = 0; z < s.staticZones && spare < 0; z++) if (!listed.has(z) && def.zones[s.zoneDecl[z]].shape !== 'row') spare = z;
  const spareBottom = spare < 0 && onTop.size > 0;
  if (spareBottom) spare = [...onTop][0];
  const e = engineFor(def);
  e.busy = true;
  try {
    e.begin(state, state.lastAt, true);
    for (const z of listed) {
      if (onTop.has(z)) continue;
      for (const c of s.zones[z].slice()) {
        if (c < 0 || claimed.has(c)) continue;
        const home = listed.has(s.home[c]) && !onTop.has(s.home[c]) ? spare : s.home[c];
        if (home < 0) return { code: 'setup/invalid', message: 'No zone is left to put displaced cards in.' };
        moveCard(e, c, home, onTop.has(home) ? 'bottom' : 'top');
      }
    }
    // Claimed cards leave rows first (through a pile), so that a full row has room and a row's
    // cards land in the listed slot order.
    let staging = -1;
    for (let z = 0; z < s.staticZones && staging < 0; z++) if (def.zones[s.zoneDecl[z]].shape !== 'row') staging = z;
    spec.forEach((a, k) => {
      for (const c of plan[k]) {
        const via = e.isRow(a.zone) ? staging : a.zone;
        if (e.isRow(cardZoneOf(e.s, c)) && via >= 0) moveCard(e, c, via, 'top');
      }
    });
    spec.forEach((a, k) => {
      for (const c of plan[k]) moveCard(e, c, a.zone, 'top');
    });
    return e.s;
  } finally {
    e.busy = false;
  }
}

/** `waste(side 1)`, `hand(player 2)`, `discard`: a zone instance as an author writes it. */
function zoneName(def: GameDef, s: GameState, zone: number): string {
  const d = def.zones[s.zoneDecl[zone]];
  const owner = s.zoneOwner[zone];
  return owner < 0 || d.scope === 'shared' ? d.name : `${d.name}(${d.scope} ${owner + 1})`;
}

/** The side owning a zone instance: its side, its player's side, or -1 (shared zones, piles). */
function sideOfZone(def: GameDef, s: GameState, zone: number): number {
  const owner = s.zoneOwner[zone];
  if (owner < 0 || zone >= s.staticZones) return -1;
  const scope = def.zones[s.zoneDecl[zone]].scope;
  return scope === 'side' ? owner : scope === 'player' ? s.sideOf[owner] : -1;
}
