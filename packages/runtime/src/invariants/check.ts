// Invariants usable in tests and `decksmith play`: card conservation, index consistency,
// row sizes, and visibility respected by every seat's view.
import { engineFor } from '../core/engine.ts';
import type { GameDef } from '../core/game-def.ts';
import { cardZoneOf, type GameState } from '../core/state.ts';
import { cardOfViewId } from '../views/view-ids.ts';
import { zoneViews } from '../views/view.ts';

/**
 * Every violated invariant, as a sentence; empty when all hold.
 *
 * @example
 * expect(checkInvariants(def, state)).toEqual([]);
 */
export function checkInvariants(def: GameDef, state: GameState): string[] {
  const out: string[] = [];
  const n = state.face.length;
  const seen = new Int32Array(n).fill(-1);
  if (state.zoneDecl.length !== state.zones.length || state.zoneOwner.length !== state.zones.length) {
    out.push('zone tables differ in length');
  }
  for (let z = 0; z < state.zones.length; z++) {
    const zd = def.zones[state.zoneDecl[z]];
    const a = state.zones[z];
    if (zd.shape === 'row' && zd.slots !== undefined && a.length !== zd.slots) out.push(`row ${zd.name}#${z} has ${a.length} slots, not ${zd.slots}`);
    for (const c of a) {
      if (c === -1 && zd.shape === 'row') continue;
      if (!Number.isInteger(c) || c < 0 || c >= n) {
        out.push(`zone ${zd.name}#${z} holds ${c}, which is no card`);
        continue;
      }
      if (seen[c] >= 0) out.push(`card ${c} is in zone ${seen[c]} and zone ${z}`);
      else seen[c] = z;
      if (cardZoneOf(state, c) !== z) out.push(`card ${c} is in zone ${z} but indexed in ${cardZoneOf(state, c)}`);
    }
  }
  for (let c = 0; c < n; c++) if (seen[c] < 0) out.push(`card ${c} is in no zone`);
  for (let d = 0; d < def.zones.length; d++) {
    for (const z of state.families[d]) if (state.zoneDecl[z] !== d) out.push(`pile ${z} listed in family ${def.zones[d].name} is not one of its piles`);
  }
  if (out.length === 0) out.push(...checkViews(def, state));
  return out;
}

/** Walks every viewer's zones: no id or face of a card the viewer cannot see. */
export function checkViews(def: GameDef, state: GameState): string[] {
  const out: string[] = [];
  const eng = engineFor(def);
  eng.busy = true;
  try {
    eng.begin(state, state.lastAt, false);
    for (let viewer = 0; viewer <= state.players; viewer++) {
      const name = viewer === state.players ? 'spectator' : `seat ${viewer}`;
      const ids = new Set<number>();
      for (const zv of zoneViews(eng, viewer)) {
        if (zv.cards === undefined) continue;
        const a = state.zones[zv.id];
        if (zv.cards.length !== a.length) out.push(`${name}: zone ${zv.name}#${zv.id} shows ${zv.cards.length} places, holds ${a.length}`);
        zv.cards.forEach((slot, i) => {
          const c = a[i];
          if (slot === null) {
            if (c !== -1) out.push(`${name}: a card of ${zv.name}#${zv.id} is shown as a hole`);
            return;
          }
          const visible = ((eng.visibleMask(zv.id, i) >> viewer) & 1) === 1;
          if ('back' in slot) {
            if (visible) out.push(`${name}: a visible card of ${zv.name}#${zv.id} is shown as a back`);
            if (Object.keys(slot).length !== 1) out.push(`${name}: a back in ${zv.name}#${zv.id} carries more than its owner`);
            return;
          }
          if (!visible) out.push(`${name}: sees the face of a hidden card in ${zv.name}#${zv.id}`);
          if (cardOfViewId(state, viewer, slot.id) !== c) out.push(`${name}: id ${slot.id} in ${zv.name}#${zv.id} does not name its card`);
          if (slot.face !== state.face[c]) out.push(`${name}: wrong face in ${zv.name}#${zv.id}`);
          if (ids.has(slot.id)) out.push(`${name}: id ${slot.id} shown twice`);
          ids.add(slot.id);
        });
      }
    }
  } finally {
    eng.busy = false;
  }
  return out;
}
