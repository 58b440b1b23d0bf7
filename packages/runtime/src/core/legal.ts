// Legal-action enumeration: each available action's parameter domains, kept when the guard
// passes. The candidate lives in the engine's reused args buffer; only accepted candidates
// allocate (their wire form).
import { availability, limitsOk } from '../arbitration/checks.ts';
import { encodeAction, seesCard, type Action } from './codec.ts';
import type { Engine } from './engine.ts';
import { NONE } from './game-def.ts';

/** Largest zone whose subsets a `cards` parameter enumerates in full (else singletons + all). */
export const MAX_SUBSET_ZONE = 8;

/** Appends every legal action of `seat` to `out` (e in read mode on the state). */
export function enumerateLegal(e: Engine, seat: number, out: Action[]): void {
  const s = e.s;
  if (s.result !== null || seat < 0 || seat >= s.players) return;
  const n = e.def.actions.length;
  for (let ai = 0; ai < n; ai++) {
    e.me = seat;
    if (e.def.actions[ai].byTimer === true || availability(e, ai, seat) < 0 || !limitsOk(e, ai, seat)) continue;
    e.me = seat;
    enumParam(e, ai, 0, seat, out);
  }
}

/** Whether `seat` has at least one legal action (stops at the first). */
export function hasLegal(e: Engine, seat: number): boolean {
  const probe: Action[] = [];
  const s = e.s;
  if (s.result !== null) return false;
  for (let ai = 0; ai < e.def.actions.length && probe.length === 0; ai++) {
    e.me = seat;
    if (e.def.actions[ai].byTimer === true || availability(e, ai, seat) < 0 || !limitsOk(e, ai, seat)) continue;
    e.me = seat;
    enumParam(e, ai, 0, seat, probe);
  }
  return probe.length > 0;
}

function leaf(e: Engine, ai: number, seat: number, out: Action[]): void {
  if (e.def.actions[ai].guard(e, e.args) === null) out.push(encodeAction(e, ai, seat));
}

function enumParam(e: Engine, ai: number, i: number, seat: number, out: Action[]): void {
  const a = e.def.actions[ai];
  if (i === a.params.length) {
    leaf(e, ai, seat, out);
    return;
  }
  const p = a.params[i];
  const args = e.args;
  e.absent[i] = 0;
  if (p.when !== undefined) {
    args[i] = NONE;
    if (!p.when(e, args)) {
      e.absent[i] = 1;
      enumParam(e, ai, i + 1, seat, out);
      return;
    }
  }
  switch (p.kind) {
    case 'card': {
      const z = p.zone(e);
      if (z < 0) return;
      const cards = e.s.zones[z];
      for (let k = 0; k < cards.length; k++) {
        const c = cards[k];
        if (c < 0 || ((e.visibleMask(z, k) >> seat) & 1) === 0) continue;
        args[i] = c;
        if (p.where !== undefined && !p.where(e, args)) continue;
        enumParam(e, ai, i + 1, seat, out);
      }
      return;
    }
    case 'cards': {
      const z = p.zone(e);
      if (z < 0) return;
      const pool = e.s.zones[z].filter((c) => c >= 0 && seesCard(e, seat, c));
      args[i] = i;
      if (pool.length <= MAX_SUBSET_ZONE) {
        for (let mask = 1; mask < 1 << pool.length; mask++) {
          const list: number[] = [];
          for (let b = 0; b < pool.length; b++) if ((mask >> b) & 1) list.push(pool[b]);
          e.lists[i] = list;
          enumParam(e, ai, i + 1, seat, out);
        }
      } else {
        for (const c of pool) {
          e.lists[i] = [c];
          enumParam(e, ai, i + 1, seat, out);
        }
        e.lists[i] = pool;
        enumParam(e, ai, i + 1, seat, out);
      }
      return;
    }
    case 'pile': {
      const piles = e.s.families[p.family];
      for (let k = 0; k < piles.length; k++) {
        args[i] = piles[k];
        enumParam(e, ai, i + 1, seat, out);
      }
      if (p.orNew) {
        args[i] = NONE;
        enumParam(e, ai, i + 1, seat, out);
      }
      return;
    }
    case 'enum': {
      const n = e.def.enums[p.enumIndex].values.length;
      for (let k = 0; k < n; k++) {
        args[i] = k;
        enumParam(e, ai, i + 1, seat, out);
      }
      return;
    }
    case 'bool':
      for (let k = 0; k < 2; k++) {
        args[i] = k;
        enumParam(e, ai, i + 1, seat, out);
      }
      return;
    case 'int':
      for (let k = p.min; k <= p.max; k++) {
        args[i] = k;
        enumParam(e, ai, i + 1, seat, out);
      }
      return;
    case 'player':
      for (let k = 0; k < e.s.players; k++) {
        args[i] = k;
        enumParam(e, ai, i + 1, seat, out);
      }
      return;
  }
}
