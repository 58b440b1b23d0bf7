// Arranging my hand: as dealt, sorted by suit/colour then rank (or rank then suit), or in an order
// the player drags cards into — remembered per table in this browser. Only the drawing changes:
// the server's order of the zone is untouched. Pure apart from the storage helpers.
import type { ViewSlot } from '../net/protocol.ts';
import { isCard } from '../net/protocol.ts';
import type { ClientDef } from './def.ts';

export type HandSort = 'dealt' | 'suit' | 'rank' | 'free';

export interface HandArrangement {
  sort: HandSort;
  /** For `free`: card view ids in the order the player put them (new cards go to the end). */
  order: number[];
}

/** The sort keys of a face: enum attributes (suit, colour) and numeric ones (rank), in the face table's order. */
function keys(def: ClientDef, face: number): { enums: number[]; numbers: number[]; kind: number } {
  const enums: number[] = [];
  const numbers: number[] = [];
  def.faces.attrs.forEach((a, i) => {
    const v = def.faces.values[i]?.[face] ?? -1;
    if (a.enumIndex >= 0) enums.push(v);
    else numbers.push(v);
  });
  return { enums, numbers, kind: def.faces.kind[face] ?? 0 };
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? -1) - (b[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * The hand's cards in the arranged order, each with its index in the server's zone.
 *
 * @example
 * arrange(def, cards, { sort: 'suit', order: [] }) // hearts first, each suit by rank
 */
export function arrange(def: ClientDef, cards: readonly ViewSlot[], how: HandArrangement): { slot: ViewSlot; index: number }[] {
  const items = cards.map((slot, index) => ({ slot, index }));
  if (how.sort === 'dealt') return items;
  if (how.sort === 'free') {
    const at = (s: ViewSlot) => (isCard(s) ? how.order.indexOf(s.id) : -1);
    const pos = (s: ViewSlot, i: number) => (at(s) < 0 ? how.order.length + i : at(s));
    return items.sort((x, y) => pos(x.slot, x.index) - pos(y.slot, y.index));
  }
  return items.sort((x, y) => {
    if (!isCard(x.slot) || !isCard(y.slot)) return x.index - y.index;
    const a = keys(def, x.slot.face);
    const b = keys(def, y.slot.face);
    const first = how.sort === 'suit' ? compare([...a.enums, a.kind, ...a.numbers], [...b.enums, b.kind, ...b.numbers]) : compare([...a.numbers, a.kind, ...a.enums], [...b.numbers, b.kind, ...b.enums]);
    return first !== 0 ? first : x.index - y.index;
  });
}

/** Moves card `id` to just before `before` (or to the end) in a free order built from the hand as shown. */
export function moveCard(shown: readonly number[], id: number, before: number | null): number[] {
  const rest = shown.filter((x) => x !== id);
  const at = before === null ? rest.length : rest.indexOf(before);
  rest.splice(at < 0 ? rest.length : at, 0, id);
  return rest;
}

const key = (room: string) => `decksmith:hand:${room}`;

export function loadArrangement(room: string): HandArrangement {
  try {
    const v = JSON.parse(localStorage.getItem(key(room)) ?? 'null') as HandArrangement | null;
    if (v && ['dealt', 'suit', 'rank', 'free'].includes(v.sort) && Array.isArray(v.order)) return v;
  } catch {
    /* unreadable: as dealt */
  }
  return { sort: 'dealt', order: [] };
}

export function saveArrangement(room: string, how: HandArrangement): void {
  try {
    localStorage.setItem(key(room), JSON.stringify(how));
  } catch {
    /* private mode */
  }
}
