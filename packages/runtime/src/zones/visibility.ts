// Who sees a card at a position of a zone instance (language.md §5), as a bitmask of viewers.
import { VIS_OWNER, VIS_TOP, VIS_VISIBLE } from '../core/compiled.ts';
import type { EngineParts } from '../core/engine-parts.ts';

/** Mask of every viewer: the players and the spectator (bit `players`). */
export function allViewers(players: number): number {
  return players >= 30 ? 0x7fffffff : (1 << (players + 1)) - 1;
}

/**
 * Bitmask of the viewers (players 0..n-1, spectator n) who see the face at index idx of
 * zone z in the engine's current state.
 */
export function visibleMask(e: EngineParts, z: number, idx: number): number {
  const decl = e.s.zoneDecl[z];
  const zd = e.def.zones[decl];
  if (zd.hiddenWhen !== undefined && zd.hiddenWhen(e)) return 0;
  // Where the top is is asked only of a `visible top` zone (a row finds it by a scan).
  return maskOf(e, z, decl, e.c.vis[decl] === VIS_TOP && idx >= 0 && idx === e.topIndex(z));
}

/**
 * The mask zone z's declared visibility gives a position, told whether it is the zone's top:
 * `visibleMask` without the `hidden when` condition (which the caller has settled).
 */
export function declaredMask(e: EngineParts, z: number, atTop: boolean): number {
  return maskOf(e, z, e.s.zoneDecl[z], atTop);
}

function maskOf(e: EngineParts, z: number, decl: number, atTop: boolean): number {
  const s = e.s;
  const code = e.c.vis[decl];
  if (code === VIS_VISIBLE) return allViewers(s.players);
  if (code === VIS_TOP) return atTop ? allViewers(s.players) : 0;
  if (code === VIS_OWNER) {
    const owner = s.zoneOwner[z];
    if (owner < 0) return 0;
    if (e.def.zones[decl].scope === 'player') return 1 << owner;
    let m = 0;
    for (let p = 0; p < s.players; p++) if (s.sideOf[p] === owner) m |= 1 << p;
    return m;
  }
  return 0;
}

/**
 * The mask every position of zone z shares now, or -1 when it depends on the position (a
 * `visible top` pile): lets enumeration ask once per zone instead of once per card.
 */
export function zoneMask(e: EngineParts, z: number): number {
  return e.c.vis[e.s.zoneDecl[z]] === VIS_TOP ? -1 : visibleMask(e, z, 0);
}
