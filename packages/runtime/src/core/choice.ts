// Counted choices of several cards (`cs: 3 cards in hand(me)`, `cs: 1..3 cards in hand(me)`).
//
// They are never enumerated as every subset (C(13, 3) = 286, C(52, 13) is astronomical): the wire
// legal-action list carries ONE entry with the candidate cards and the count (`Action.choose`),
// `apply` validates a concrete choice (membership, distinctness, count, then the guard), and what
// needs concrete candidates — `canAct`, the fast path, the bots — takes a bounded sample of
// subsets: all of them when there are at most CHOICE_SAMPLES, else CHOICE_SAMPLES drawn by a
// generator seeded from the candidates, the move count, the seat and the action, so the sample is
// deterministic (the same state gives the same sample) and changes as the game moves.
// The wire entry is offered only when some sampled choice passes the guard.
import type { Action } from './codec.ts';
import { encodeAction } from './codec.ts';
// The spec of a counted choice is part of the wire Action, so it is declared in codec.ts.
export type { ChoiceSpec } from './codec.ts';
import type { EngineParts } from './engine-parts.ts';
import type { ParamDef } from './game-def.ts';
import { viewIdOf } from '../views/view-ids.ts';

/** How many subsets a counted choice is sampled as (all of them when there are no more). */
export const CHOICE_SAMPLES = 16;

/** The count of a counted choice. */
export interface ChoiceCount {
  min: number;
  max: number;
}

/** Whether `p` is a counted choice (`n cards in …` / `a..b cards in …`). */
export function isChoice(p: ParamDef): p is Extract<ParamDef, { kind: 'cards' }> & { count: ChoiceCount } {
  return p.kind === 'cards' && p.count !== undefined;
}

/** Number of subsets of n cards with min..max cards, or cap + 1 once it passes cap. */
export function subsetCount(n: number, min: number, max: number, cap: number): number {
  let total = 0;
  for (let k = Math.max(0, min); k <= Math.min(max, n); k++) {
    let c = 1;
    for (let j = 0; j < k; j++) {
      c = (c * (n - j)) / (j + 1);
      if (c > cap) return cap + 1;
    }
    total += c;
    if (total > cap) return cap + 1;
  }
  return total;
}

/** Every subset of `pool` with min..max cards, smallest first, each in pool order. */
function allSubsets(pool: readonly number[], min: number, max: number): number[][] {
  const out: number[][] = [];
  const idx: number[] = [];
  const walk = (from: number, k: number): void => {
    if (idx.length === k) {
      out.push(idx.map((j) => pool[j]!));
      return;
    }
    for (let j = from; j <= pool.length - (k - idx.length); j++) {
      idx.push(j);
      walk(j + 1, k);
      idx.pop();
    }
  };
  for (let k = min; k <= max; k++) walk(0, k);
  return out;
}

/** A small 32-bit generator (mulberry32) for sampling; its seed comes from the state, never a clock. */
function generator(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), t | 1);
    r ^= r + Math.imul(r ^ (r >>> 7), r | 61);
    return (r ^ (r >>> 14)) >>> 0;
  };
}

function mix(h: number, v: number): number {
  return Math.imul(h ^ (v >>> 0), 0x9e3779b1) ^ (h >>> 15);
}

/**
 * The subsets of `pool` (min..max cards) that stand for the choice: all of them when there are
 * at most CHOICE_SAMPLES, else CHOICE_SAMPLES distinct ones, the sizes taken in turn from min to
 * max, drawn deterministically from the state, `seat` and action `ai`.
 */
export function choiceSamples(e: EngineParts, seat: number, ai: number, pool: readonly number[], count: ChoiceCount): number[][] {
  const min = Math.max(0, count.min);
  const max = Math.min(count.max, pool.length);
  if (min > max) return [];
  if (subsetCount(pool.length, min, max, CHOICE_SAMPLES) <= CHOICE_SAMPLES) return allSubsets(pool, min, max);
  // Seeded from what the seat knows (its candidates' ids, the move count), not from the RNG
  // words: a bot's determinized worlds (same ids, reseeded RNG) then sample the same choices.
  let h = mix(mix(mix(0x2545f491, e.s.moves), seat), ai);
  for (const c of pool) h = mix(h, c);
  const next = generator(h);
  const out: number[][] = [];
  const seen = new Set<string>();
  const idx = pool.map((_, j) => j);
  for (let tries = 0; out.length < CHOICE_SAMPLES && tries < CHOICE_SAMPLES * 4; tries++) {
    const k = min + (tries % (max - min + 1));
    // A partial Fisher–Yates shuffle: the first k indices are a uniform k-subset.
    for (let j = 0; j < k; j++) {
      const r = j + (next() % (idx.length - j));
      const t = idx[j]!;
      idx[j] = idx[r]!;
      idx[r] = t;
    }
    const chosen = idx.slice(0, k).sort((x, y) => x - y);
    const key = chosen.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(chosen.map((j) => pool[j]!));
  }
  return out;
}

/**
 * The wire entry of a counted choice (parameter i, the action's last): the other arguments as
 * usual, the choice left open in `choose` with the candidates as `seat`'s view ids.
 */
export function encodeChoice(e: EngineParts, ai: number, i: number, seat: number, pool: readonly number[], count: ChoiceCount): Action {
  e.absent[i] = 1;
  const out = encodeAction(e, ai, seat);
  e.absent[i] = 0;
  if (out.args !== undefined && Object.keys(out.args).length === 0) delete out.args;
  const p = e.def.actions[ai].params[i];
  out.choose = {
    param: p.name,
    from: pool.map((c) => viewIdOf(e.s, seat, c)),
    min: Math.max(0, count.min),
    max: Math.min(count.max, pool.length),
  };
  return out;
}
