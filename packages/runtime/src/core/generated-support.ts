// Small game-agnostic helpers that generated game modules import (lists of values, sides).
import type { Ctx } from './ctx.ts';
import type { Engine } from './engine.ts';
import type { Rejection } from './game-def.ts';
import { zoneMask } from '../zones/visibility.ts';

/**
 * Whether two lists share a value (`colours(c) intersects colours(top of play)`).
 *
 * @example
 * intersects([0, 3], [3]); // true
 */
export function intersects(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const v = a[i] as number;
    for (let j = 0; j < b.length; j++) if (b[j] === v) return true;
  }
  return false;
}

/**
 * Whether two lists hold the same values in the same order (`targets == [2, 6]`).
 *
 * @example
 * sameList([2, 6], [2, 6]); // true
 * sameList([2, 6], [6, 2]); // false
 */
export function sameList(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The membership mask of a list (`c.main in targets` → `((listMask(targets) >>> c.main) & 1) === 1`):
 * bit v for each value v of 0..30 in the list, bit 31 for -1 (the attribute of no card); other
 * values leave no bit, since a value tested so is always -1 or within 0..30 (codegen/list-mask.ts).
 *
 * @example
 * listMask([2, 6]); // 0b1000100
 * ((listMask([2, 6]) >>> 6) & 1) === 1; // true
 */
export function listMask(list: readonly number[]): number {
  let mask = 0;
  for (let i = 0; i < list.length; i++) {
    const v = list[i] as number;
    if (v >= -1 && v <= 30 && Number.isInteger(v)) mask |= 1 << (v & 31);
  }
  return mask;
}

/**
 * A copy of `list` without `value` (`hand(me) without c`); holes (-1) of rows are dropped.
 *
 * @example
 * without([4, 7, 9], 7); // [4, 9]
 */
export function without(list: readonly number[], value: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < list.length; i++) {
    const v = list[i] as number;
    if (v !== value && v >= 0) out.push(v);
  }
  return out;
}

/**
 * How players form sides (`sides { when …: one per player  otherwise: pairs, odd player alone }`;
 * `pairs across` is 'pairs_across').
 */
export type SidesArrangement = 'one_per_player' | 'pairs' | 'pairs_odd_alone' | 'pairs_across';

/**
 * Seats → sides and role masks. Alone, a player has every role; in a pair the first player
 * (in seat order) has the first role and the second the others. Pairs are seats (0, 1),
 * (2, 3) …; an odd player out sits alone on the last side.
 *
 * @example
 * assignSides(5, 'pairs_odd_alone', 2); // { sideOf: [0, 0, 1, 1, 2], roles: [1, 2, 1, 2, 3] }
 *
 * `pairs_across` seats partners opposite each other, so that turns alternate between sides
 * (Spades, Euchre, Bridge): seat p partners seat p + ⌈n/2⌉, and with an odd number of players
 * seat ⌈n/2⌉ − 1, which has no seat opposite, sits alone.
 * assignSides(4, 'pairs_across', 2); // { sideOf: [0, 1, 0, 1], roles: [1, 1, 2, 2] }
 */
export function assignSides(players: number, arrangement: SidesArrangement, roleCount: number): { sideOf: number[]; roles: number[] } {
  const all = roleCount <= 0 ? 0 : (1 << roleCount) - 1;
  const sideOf: number[] = [];
  const roles: number[] = [];
  if (arrangement === 'one_per_player' || players < 2) {
    for (let p = 0; p < players; p++) {
      sideOf.push(p);
      roles.push(all);
    }
    return { sideOf, roles };
  }
  if (arrangement === 'pairs_across') {
    const half = Math.ceil(players / 2);
    for (let p = 0; p < players; p++) {
      const side = p % half;
      const alone = players % 2 === 1 && side === half - 1;
      sideOf.push(side);
      roles.push(alone ? all : p < half ? all & 1 : all & ~1);
    }
    return { sideOf, roles };
  }
  for (let p = 0; p < players; p++) {
    const side = p >> 1;
    const alone = p === players - 1 && players % 2 === 1;
    sideOf.push(side);
    roles.push(alone ? all : p % 2 === 0 ? 1 : all & ~1);
  }
  return { sideOf, roles };
}

/**
 * What a generated guard returns for a failing `require` when `x.explain` is false (legal-action
 * enumeration): only the failure matters there, so no message is built.
 */
export const REJECTED: Rejection = Object.freeze({ code: 'guard/failed', message: 'This action is not possible now.' });

/**
 * Whether `x.me` sees the cards of zone z now, for a generated enumeration: 1 every card, 0
 * none (also for no zone, z < 0), -1 it depends on the position (a `visible top` pile: ask
 * cardSeen per card).
 */
export function zoneSeen(x: Ctx, z: number): number {
  if (z < 0) return 0;
  const e = x as Engine;
  const m = zoneMask(e, z);
  return m < 0 ? -1 : (m >> e.me) & 1;
}

/** Whether `x.me` sees the card at position k of zone z (after zoneSeen said -1). */
export function cardSeen(x: Ctx, z: number, k: number): boolean {
  const e = x as Engine;
  return ((e.visibleMask(z, k) >> e.me) & 1) !== 0;
}
