// Probing the rules for what each per-seat zone's size means to its owner (+1, 0 or −1 per card).
//
// The rules are code, so bots ask them rather than read them: on a fresh table (fixed seed),
// seat 0's instance of the zone is emptied (its cards go to another seat's instance, or to a
// shared pile), and separately filled (with the cards of the other seats' instances and the
// shared piles); after each, triggers run (an emptied hand may win the game) and seat 0's
// standing is measured by win share or by the projected round score. If the filled table is
// better for seat 0 than the emptied one, more cards there are good (+1), if worse, bad (−1).
import type { EngineParts } from '../core/engine-parts.ts';
import type { GameDef } from '../core/game-def.ts';
import { canAct, tick } from '../core/api.ts';
import { setup, type OptionValue } from '../core/setup.ts';
import type { GameState } from '../core/state.ts';
import { settle } from '../flow/settle.ts';
import { nextDeadline } from '../timers/timers.ts';
import { withEngine } from './engine-access.ts';
import { hintsOf } from './hints.ts';

const PROBE_SEED = 'decksmith/bot-probe';

/** What the probe measures a table with (evaluate.ts's Evaluator, which calls the probe, is one). */
export interface Standing {
  /** One number for `seat` on the state, higher is better (`project`: count the round as scored now). */
  value(state: GameState, seat: number, project: boolean): number;
}

/** Option values by name, from the state's encoded values. */
export function namedOptions(def: GameDef, options: readonly number[]): Record<string, OptionValue> {
  const out: Record<string, OptionValue> = {};
  def.options.forEach((o, i) => {
    const v = options[i]!;
    out[o.name] = o.kind === 'bool' ? v === 1 : o.kind === 'enum' ? (o.values ?? [])[v] ?? String(v) : v;
  });
  return out;
}

/**
 * Weight per card of every zone declaration for its owner (0 for shared zones). `make`
 * builds an evaluator with given weights (all 0 while probing). Hints override by name.
 */
export function probeZoneWeights(def: GameDef, players: number, options: readonly number[], make: (weights: number[]) => Standing): number[] {
  const weights = def.zones.map(() => 0);
  let s: GameState;
  try {
    s = setup(def, { players, options: namedOptions(def, options), seed: PROBE_SEED });
    s = untilSomeoneActs(def, s);
  } catch {
    return applyHints(def, weights);
  }
  const plain = make(weights);
  const outcome = (st: GameState): number => plain.value(st, 0, true);
  for (let d = 0; d < def.zones.length; d++) {
    const zd = def.zones[d]!;
    if (zd.scope === 'shared' || zd.shape === 'piles') continue;
    const mine = instanceOf(s, d, zd.scope, 0);
    const other = s.players > 1 ? instanceOf(s, d, zd.scope, otherOf(s, zd.scope)) : -1;
    const dump = other !== mine && other >= 0 ? other : firstSharedPile(def, s);
    const emptied = dump < 0 ? null : moved(def, s, [mine], dump);
    const sources = sharedPiles(def, s);
    if (other !== mine && other >= 0) sources.push(other);
    const filled = zd.shape === 'row' ? null : moved(def, s, sources, mine);
    const base = outcome(s);
    const delta = (filled === null ? base : outcome(filled)) - (emptied === null ? base : outcome(emptied));
    weights[d] = delta > 1e-9 ? 1 : delta < -1e-9 ? -1 : 0;
  }
  return applyHints(def, weights);
}

function applyHints(def: GameDef, weights: number[]): number[] {
  const given = hintsOf(def)?.zoneWeights;
  if (given !== undefined) def.zones.forEach((z, d) => (weights[d] = given[z.name] ?? weights[d]!));
  return weights;
}

/** Fires timers (a countdown stage) until some seat can act, at most a few times. */
function untilSomeoneActs(def: GameDef, state: GameState): GameState {
  let s = state;
  for (let i = 0; i < 8 && s.result === null; i++) {
    let any = false;
    for (let p = 0; p < s.players && !any; p++) any = canAct(def, s, p);
    if (any) break;
    const at = nextDeadline(s);
    if (at === null) break;
    s = tick(def, s, at).state;
  }
  return s;
}

function instanceOf(s: GameState, decl: number, scope: 'player' | 'side', p: number): number {
  return s.declBase[decl]! + (scope === 'side' ? s.sideOf[p]! : p);
}

/** A player of another side than seat 0 (for a side zone), or seat 1. */
function otherOf(s: GameState, scope: 'player' | 'side'): number {
  if (scope === 'player') return 1;
  for (let p = 1; p < s.players; p++) if (s.sideOf[p] !== s.sideOf[0]) return p;
  return 0;
}

function sharedPiles(def: GameDef, s: GameState): number[] {
  const out: number[] = [];
  for (let z = 0; z < s.staticZones; z++) {
    const zd = def.zones[s.zoneDecl[z]!]!;
    if (zd.scope === 'shared' && zd.shape !== 'row') out.push(z);
  }
  return out;
}

function firstSharedPile(def: GameDef, s: GameState): number {
  return sharedPiles(def, s)[0] ?? -1;
}

/** The state after moving every card of `from` zones to `to` and letting triggers run; null if the rules object. */
function moved(def: GameDef, s: GameState, from: number[], to: number): GameState | null {
  try {
    return withEngine(def, s, s.lastAt, true, (e: EngineParts) => {
      for (const z of from) {
        if (z === to) continue;
        for (const c of s.zones[z]!.slice()) if (c >= 0) e.move(c, to, 'top');
      }
      settle(e);
      return e.s;
    });
  } catch {
    return null;
  }
}
