// Where each zone sits at the table — mine, each opponent's, the shared centre — from the game's
// `place` hints, with defaults for zones the hints leave out. Pure: the renderer only draws the result.
import type { ClientDef, PlaceAt, ZoneDef } from '../state/def.ts';
import type { GameView, ZoneView } from '../net/protocol.ts';

/** Zones of one declaration shown together: a single zone, or every pile of a `piles` family. */
export interface ZoneGroup {
  key: string;
  name: string;
  decl: ZoneDef;
  /** Index of the declaration in def.zones (a `pile` parameter's family). */
  declIndex: number;
  zones: ZoneView[];
  at: PlaceAt;
}

export interface Seat {
  player: number;
  groups: ZoneGroup[];
}

export interface TableLayout {
  centre: ZoneGroup[];
  /** My zones: `bottom` ones in the hand area, `side` ones beside it. */
  mine: ZoneGroup[];
  mineSide: ZoneGroup[];
  /** Opponents in seating order after me (or from seat 0 for a spectator). */
  others: Seat[];
}

type Of = 'me' | 'others' | 'shared';

function placeOf(def: ClientDef, zone: string, of: Of): { at: PlaceAt; order: number } | undefined {
  const i = def.layout.places.findIndex((p) => p.zone === zone && p.of === of);
  return i < 0 ? undefined : { at: def.layout.places[i]!.at, order: i };
}

/** The player a zone belongs to (side zones: the side's first player), or -1 for shared zones. */
export function zonePlayer(decl: ZoneDef | undefined, zone: ZoneView, view: GameView): number {
  if (!decl || decl.scope === 'shared' || zone.owner < 0) return -1;
  if (decl.scope === 'player') return zone.owner;
  const i = view.sideOf.indexOf(zone.owner);
  return i;
}

/** Whether the viewing seat owns the zone (its own or its side's). */
export function isMine(decl: ZoneDef | undefined, zone: ZoneView, view: GameView): boolean {
  if (!decl || typeof view.seat !== 'number' || decl.scope === 'shared') return false;
  return decl.scope === 'player' ? zone.owner === view.seat : zone.owner === view.sideOf[view.seat];
}

/**
 * Groups the view's zones by where they sit.
 *
 * @example
 * const { centre, mine, others } = tableLayout(def, view);
 */
export function tableLayout(def: ClientDef, view: GameView): TableLayout {
  const centre: (ZoneGroup & { order: number })[] = [];
  const mine: (ZoneGroup & { order: number })[] = [];
  const bySeat = new Map<number, (ZoneGroup & { order: number })[]>();
  const families = new Map<string, ZoneGroup & { order: number }>();
  const DEFAULT = 1000;

  def.zones.forEach((decl, declIndex) => {
    if (decl.shape !== 'piles' || decl.scope !== 'shared') return;
    const p = placeOf(def, decl.name, 'shared');
    const g = { key: `family:${decl.name}`, name: decl.name, decl, declIndex, zones: [], at: p?.at ?? 'centre', order: p?.order ?? DEFAULT + declIndex };
    families.set(decl.name, g);
    centre.push(g);
  });

  for (const zone of view.zones) {
    const declIndex = def.zones.findIndex((z) => z.name === zone.name);
    const decl = def.zones[declIndex];
    if (!decl) continue;
    const family = families.get(zone.name);
    if (family) {
      family.zones.push(zone);
      continue;
    }
    const group = (at: PlaceAt, order: number) => ({ key: `zone:${zone.id}`, name: zone.name, decl, declIndex, zones: [zone], at, order });
    if (decl.scope === 'shared') {
      const p = placeOf(def, zone.name, 'shared');
      centre.push(group(p?.at ?? 'centre', p?.order ?? DEFAULT + declIndex));
    } else if (isMine(decl, zone, view)) {
      const p = placeOf(def, zone.name, 'me');
      mine.push(group(p?.at ?? 'bottom', p?.order ?? DEFAULT + declIndex));
    } else {
      const p = placeOf(def, zone.name, 'others');
      const player = zonePlayer(decl, zone, view);
      if (player < 0) continue;
      // A side's zones go with each player of the side that is not me (pairs share a deck).
      const list = bySeat.get(player) ?? [];
      list.push(group(p?.at ?? 'around', p?.order ?? DEFAULT + declIndex));
      bySeat.set(player, list);
    }
  }

  const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;
  const strip = ({ order: _order, ...g }: ZoneGroup & { order: number }): ZoneGroup => g;
  const me = typeof view.seat === 'number' ? view.seat : -1;
  const seats: Seat[] = [];
  for (let k = 1; k <= view.players; k++) {
    const player = me < 0 ? k - 1 : (me + k) % view.players;
    if (player === me) continue;
    seats.push({ player, groups: (bySeat.get(player) ?? []).sort(byOrder).map(strip) });
  }
  const mineSorted = mine.sort(byOrder).map(strip);
  return {
    centre: centre.sort(byOrder).map(strip),
    mine: mineSorted.filter((g) => g.at !== 'side'),
    mineSide: mineSorted.filter((g) => g.at === 'side'),
    others: seats,
  };
}
