// Secrecy on the wire: what a frame sent to one seat must not contain, judged against the runtime's internal state.
import type { GameDef, GameState } from '@decksmith/runtime';
// eslint-disable-next-line @nx/enforce-module-boundaries -- test-only: the per-viewer id function is internal to the runtime.
import { viewIdOf } from '../../../packages/runtime/src/views/view-ids.ts';
import type { HostedGame } from '../src/games/types.ts';
import { hiddenFrom, snapRace, type SnapState } from './fixtures/snap-race.ts';

/** Viewers (players, then the spectator) who see card position idx of zone instance z; hiddenWhen is ignored (stricter views pass). */
function sees(def: GameDef, s: GameState, z: number, idx: number, viewer: number): boolean {
  const zd = def.zones[s.zoneDecl[z]!]!;
  if (zd.visibility === 'visible') return true;
  if (zd.visibility === 'top') return idx === s.zones[z]!.length - 1;
  if (zd.visibility === 'owner') {
    const owner = s.zoneOwner[z]!;
    if (viewer >= s.players || owner < 0) return false;
    return zd.scope === 'player' ? owner === viewer : s.sideOf[viewer] === owner;
  }
  return false;
}

function walk(x: unknown, visit: (key: string, value: unknown, parent: Record<string, unknown>) => void): void {
  if (Array.isArray(x)) for (const v of x) walk(v, visit);
  else if (x && typeof x === 'object') {
    for (const [k, v] of Object.entries(x)) {
      visit(k, v, x as Record<string, unknown>);
      walk(v, visit);
    }
  }
}

/** Problems with one frame sent to `seat` (empty when it keeps every secret). */
export function leaks(game: HostedGame, state: unknown, seat: number | 'spectator', frame: string): string[] {
  const msg = JSON.parse(frame) as Record<string, unknown>;
  const problems: string[] = [];
  if (game.id === snapRace.id) {
    const s = state as SnapState;
    const hidden = hiddenFrom(s, seat === 'spectator' ? -1 : seat);
    walk(msg, (k, v) => {
      if (typeof v === 'number' && hidden.ids.has(v)) problems.push(`hidden card id ${v} under "${k}"`);
      if (typeof v === 'string' && hidden.faces.has(v)) problems.push(`hidden face ${v}`);
    });
    return problems;
  }
  const def = (game as HostedGame & { def?: GameDef }).def;
  if (!def) return [`no GameDef for ${game.id}`];
  const s = state as GameState;
  const viewer = seat === 'spectator' ? s.players : seat;
  // 1. No id of a card hidden from this seat, under any viewer's key, in the view or the legal actions.
  const hiddenIds = new Map<number, number>();
  s.zones.forEach((cards, z) =>
    cards.forEach((c, idx) => {
      if (c < 0 || sees(def, s, z, idx, viewer)) return;
      for (let w = 0; w <= s.players; w++) hiddenIds.set(viewIdOf(s, w, c), c);
    }),
  );
  // (A v2 patch holds only values of the new view, so its ids are checked the same way.)
  walk({ view: msg['view'], patch: msg['patch'], legal: msg['legal'] }, (k, v) => {
    if (typeof v === 'number' && hiddenIds.has(v) && v > 0xffff) problems.push(`id of hidden card ${hiddenIds.get(v)} under "${k}"`);
  });
  // Events may name a card the seat saw while it moved (a card flipped, then covered); never
  // one that went from a place the seat cannot see at all to another such place.
  const blind = (z: number): boolean => {
    const zd = def.zones[s.zoneDecl[z]!];
    if (!zd) return false;
    if (zd.visibility === 'hidden' || zd.visibility === 'count') return true;
    if (zd.visibility !== 'owner') return false;
    const owner = s.zoneOwner[z]!;
    return viewer >= s.players || (zd.scope === 'player' ? owner !== viewer : s.sideOf[viewer] !== owner);
  };
  for (const ev of (msg['events'] as Record<string, unknown>[] | undefined) ?? []) {
    if (ev['type'] !== 'move' || typeof ev['from'] !== 'number' || typeof ev['to'] !== 'number') continue;
    if (blind(ev['from']) && blind(ev['to']) && ('card' in ev || 'face' in ev || 'shown' in ev)) problems.push(`move between unseen zones ${ev['from']}→${ev['to']} names its card`);
  }
  // 2. Zones in the view: a position this seat cannot see shows a back, never a face.
  const view = msg['view'] as { zones?: { id: number; cards?: (Record<string, unknown> | null)[] }[] } | undefined;
  for (const zv of view?.zones ?? []) {
    (zv.cards ?? []).forEach((slot, idx) => {
      if (slot && ('face' in slot || 'shown' in slot || 'id' in slot) && !sees(def, s, zv.id, idx, viewer)) {
        problems.push(`face shown at ${idx} of zone ${zv.id}`);
      }
    });
  }
  return problems;
}
