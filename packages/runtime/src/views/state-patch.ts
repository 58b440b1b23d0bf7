// A viewer's view patch computed from two states, without building either whole view: only the
// zones whose view can differ — another array, declaration or owner, the viewer's sight of them, a
// visible card's id epoch or wild mark — are built for both states and diffed; the zones a change
// left alone (most of a game's, at every action) are neither built nor walked. What no viewer sees
// differently — the view's parts outside the zones and its `actions`, and a zone blind to the
// viewer in both states — is diffed once per pair of states and shared by every viewer's patch: a
// fan-out asks for the same pair once per seat and spectator, in a row.
import { VIS_TOP } from '../core/compiled.ts';
import { engineFor, type Engine } from '../core/engine.ts';
import type { GameDef } from '../core/game-def.ts';
import type { GameState } from '../core/state.ts';
import { epochOf } from './view-ids.ts';
import { diff, diffListBy, diffObject, diffView, type ObjectPatch, type ViewPatch } from './view-patch.ts';
import { actionNamesOf, isWild, sightOf, viewerIndex, viewWith, zoneView, zoneViews, type ViewSlot, type ZoneView } from './view.ts';

/** Stands for the zones in the views' other parts, so that their diff skips them. */
const NO_ZONES: ZoneView[] = [];
/** A patch slot not yet computed for the pair. */
const UNKNOWN: unknown = Symbol('not computed');

/** What every viewer's patch between the same two states shares. */
interface Pair {
  def: GameDef;
  from: GameState;
  to: GameState;
  /** The patch of the views' other parts (seat and actions aside: the same for every viewer); null until computed. */
  head: ObjectPatch | null;
  /** Per zone, the patch between its two blind views (undefined: equal), or UNKNOWN. */
  blind: unknown[];
}
let pair: Pair | undefined;

/** Per zone, how the viewer saw it in the first state: -1 blind, else the index of the top it saw (`visible top`) or 0. */
let sight = new Int32Array(64);
/** Per card, whether it was wild in the first state (recorded for the cards of zones the viewer saw). */
let wildThen = new Uint8Array(256);

/**
 * Whether the viewer's view of zone z is the same in `from` as in the engine's state (the
 * conditions of view.ts's `stillValid`, read from the states), given `seen` (sightOf in the
 * engine's state): the same array (copy-on-write, so the same cards in the same places),
 * declaration and owner, seen the same way, and every card it sees under the same id and wild mark.
 */
function sameZone(e: Engine, from: GameState, z: number, viewer: number, seen: number, melds: boolean): boolean {
  const s = e.s;
  const a = s.zones[z];
  if (from.zones[z] !== a || from.zoneDecl[z] !== s.zoneDecl[z] || from.zoneOwner[z] !== s.zoneOwner[z] || seen !== sight[z]) return false;
  if (seen < 0) return true;
  const top = e.c.vis[s.zoneDecl[z]] === VIS_TOP;
  const sameEpochs = from.epochs === s.epochs;
  for (let i = 0; i < a.length; i++) {
    const c = a[i];
    if (c < 0 || (top && i !== seen)) continue;
    if (!sameEpochs && epochOf(from, viewer, c) !== epochOf(s, viewer, c)) return false;
    if (melds && wildThen[c] !== (isWild(e, c) ? 1 : 0)) return false;
  }
  return true;
}

/** Whether two slots of a zone view are equal (jsonEqual's answer, from their fields: a card's id names it and its epoch, so its face and owner). */
function sameSlot(x: ViewSlot, y: ViewSlot): boolean {
  if (x === y) return true;
  if (x === null || y === null) return false;
  if ('back' in x) return 'back' in y && x.back === y.back;
  return !('back' in y) && x.id === y.id && x.face === y.face && x.owner === y.owner && x.wild === y.wild && x.shown === y.shown;
}

/**
 * The patch between two views of one zone: where only its count and cards can differ (the same
 * id, declaration and owner), those two compared directly (a zone's other keys are a view's
 * plainest, and walking them generically cost most of a patch); else `diff`.
 */
function zoneDiff(a: ZoneView, b: ZoneView): ViewPatch | undefined {
  if (a === b) return undefined;
  if (a.id !== b.id || a.name !== b.name || a.owner !== b.owner || a.shape !== b.shape || a.visibility !== b.visibility || (a.cards === undefined) !== (b.cards === undefined)) return diff(a, b);
  const cards = a.cards === undefined ? undefined : diffListBy(a.cards, b.cards!, sameSlot);
  if (cards === undefined && a.count === b.count) return undefined;
  const out: ObjectPatch = {};
  if (a.count !== b.count) out.s = { count: b.count };
  if (cards !== undefined) {
    if ('r' in cards) (out.s ??= {}).cards = cards.r;
    else out.p = { cards };
  }
  return out;
}

/**
 * The patch that turns `seat`'s view of `from` into its view of `to` (two states of one game;
 * `from` is typically the state of the last frame the viewer took): applied to `view(def, from,
 * seat)` it gives exactly `view(def, to, seat)`, as `diffView` of the two views does, without
 * building either whole view. The patch may share objects with other viewers' patches of the same
 * two states: encode it (or treat it as frozen) before using it.
 *
 * @example
 * const patch = viewPatch(def, lastSent, state, 2); // applyViewPatch(view(def, lastSent, 2), patch) gives view(def, state, 2)
 */
export function viewPatch(def: GameDef, from: GameState, to: GameState, seat: number | 'spectator'): ViewPatch {
  if (from === to) return {};
  const e = engineFor(def);
  e.busy = true;
  try {
    const viewer = viewerIndex(to, seat);
    // Two states of different shapes (another game, another deal of ids, zones added): the whole
    // views are diffed.
    if (from.game !== to.game || from.keys !== to.keys || from.players !== to.players || from.zones.length !== to.zones.length || from.face !== to.face || from.owner !== to.owner) {
      e.begin(from, from.lastAt, false);
      const a = viewWith(e, seat, undefined, zoneViews(e, viewer));
      e.begin(to, to.lastAt, false);
      return diffView(a, viewWith(e, seat, undefined, zoneViews(e, viewer)));
    }
    const zones = to.zones.length;
    if (pair === undefined || pair.def !== def || pair.from !== from || pair.to !== to) pair = { def, from, to, head: null, blind: new Array<unknown>(zones).fill(UNKNOWN) };
    const shared = pair;
    if (sight.length < zones) sight = new Int32Array(zones * 2);
    const melds = def.melds.length > 0;
    if (melds && wildThen.length < to.face.length) wildThen = new Uint8Array(to.face.length * 2);

    e.begin(from, from.lastAt, false);
    const head0 = shared.head === null ? viewWith(e, 'spectator', undefined, NO_ZONES) : undefined;
    const names0 = seat === 'spectator' ? undefined : actionNamesOf(e, seat);
    for (let z = 0; z < zones; z++) {
      const seen = (sight[z] = sightOf(e, z, viewer));
      // Wild marks are compared only where the array stayed (sameZone), and only of the cards seen.
      if (seen < 0 || !melds || from.zones[z] !== to.zones[z]) continue;
      const a = from.zones[z];
      if (e.c.vis[from.zoneDecl[z]] === VIS_TOP) wildThen[a[seen]] = isWild(e, a[seen]) ? 1 : 0;
      else for (let i = 0; i < a.length; i++) if (a[i] >= 0) wildThen[a[i]] = isWild(e, a[i]) ? 1 : 0;
    }

    e.begin(to, to.lastAt, false);
    if (head0 !== undefined) shared.head = diffObject(head0 as never, viewWith(e, 'spectator', undefined, NO_ZONES) as never) ?? {};
    const names1 = seat === 'spectator' ? undefined : actionNamesOf(e, seat);
    // Zones that changed for this viewer: its view of each in the new state, unless the zone is
    // blind to it in both states and the pair's patch of the zone is known.
    const changed: number[] = [];
    const blind: boolean[] = [];
    const now: (ZoneView | null)[] = [];
    for (let z = 0; z < zones; z++) {
      const seen = sightOf(e, z, viewer);
      if (sameZone(e, from, z, viewer, seen, melds)) continue;
      const both = seen < 0 && sight[z] < 0;
      changed.push(z);
      blind.push(both);
      now.push(both && shared.blind[z] !== UNKNOWN ? null : zoneView(e, z, viewer));
    }

    // Copies of the shared head's levels that this viewer's keys are added to; the rest is shared.
    const out: ObjectPatch = { ...shared.head! };
    const act = names0 !== undefined && names1 !== undefined ? diff(names0, names1) : undefined;
    if (act !== undefined) {
      if ('r' in act) out.s = { ...out.s, actions: act.r };
      else out.p = { ...out.p, actions: act };
    }
    if (changed.length === 0) return out;

    e.begin(from, from.lastAt, false);
    let p: Record<string, ViewPatch> | undefined;
    for (let k = 0; k < changed.length; k++) {
      const z = changed[k];
      const next = now[k];
      let sub: ViewPatch | undefined;
      if (next === null) sub = shared.blind[z] as ViewPatch | undefined;
      else {
        sub = zoneDiff(zoneView(e, z, viewer), next);
        if (blind[k]) shared.blind[z] = sub;
      }
      if (sub !== undefined) (p ??= {})[z] = sub;
    }
    if (p !== undefined) out.p = { ...out.p, zones: { p } };
    return out;
  } finally {
    e.busy = false;
  }
}
