// How bots judge a position without per-game code: the game's own scoring, plus zone sizes.
//
// A player's standing (higher is better for them) is the sum of three terms:
// 1. the winner rule's value (`winner lowest score` → −score), computed after running the
//    round's `scoring` on a copy as if the round ended now (the "projected" score); in games
//    with meld rules each player first lays their best melds from the hands only they see, as
//    rummy scoring does, so deadwood counts and melded cards do not;
// 2. a per-card weight (+1, 0 or −1) for each per-seat zone, times its size: the weights come
//    from probing the rules once (see zone-weights.ts), e.g. "an empty hand wins" → −1 per
//    card in hand, "the bank counts for the winner" → +1 per banked card;
// 3. the rule file's optional hints (hints.ts).
import type { EngineParts } from '../core/engine-parts.ts';
import { NONE, type GameDef } from '../core/game-def.ts';
import type { GameState } from '../core/state.ts';
import { bestLaydown, type MeldCard } from '../stdlib/index.ts';
import { withEngine } from './engine-access.ts';
import { hintsOf } from './hints.ts';
import { probeZoneWeights } from './zone-weights.ts';

/** Reward of a finished game for every player: winners share 1, the others get 0. */
export function winShares(state: GameState): number[] {
  const out = new Array<number>(state.players).fill(0);
  const w = state.result?.winners ?? [];
  for (const p of w) out[p] = 1 / w.length;
  return out;
}

/** Judges positions of one game set-up (definition, player count, options). */
export class Evaluator {
  readonly def: GameDef;
  /** Per zone declaration: weight per card in a seat's own instance. */
  readonly zoneWeights: number[];

  constructor(def: GameDef, zoneWeights: number[]) {
    this.def = def;
    this.zoneWeights = zoneWeights;
  }

  /**
   * Every player's standing in `state` (higher is better for that player), seen with full
   * information (call it on a determinization to stay within a seat's knowledge). With
   * `project` the round's scoring is run on a copy as if the round ended now.
   */
  standings(state: GameState, project: boolean): number[] {
    const def = this.def;
    return withEngine(def, state, state.lastAt, true, (e) => {
      const n = state.players;
      const out = new Array<number>(n).fill(0);
      this.addZoneTerms(e, out);
      const hints = hintsOf(def);
      if (hints?.standing !== undefined || hints?.cardValue !== undefined) addHintTerms(e, out);
      if (project && state.result === null) projectRound(e);
      const sign = def.winner.by === 'highest' ? 1 : -1;
      for (let p = 0; p < n; p++) {
        if (e.s.out[p] !== 0) {
          out[p] = -1e9;
          continue;
        }
        e.me = NONE;
        out[p] += sign * def.winner.value(e, p);
      }
      return out;
    });
  }

  /**
   * Rewards in [0, 1] for every player: win shares when the game is over, else the share of
   * opponents the player stands above (ties count half).
   */
  rewards(state: GameState, project: boolean): number[] {
    if (state.result !== null) return winShares(state);
    const st = this.standings(state, project);
    const n = st.length;
    const out = new Array<number>(n).fill(0.5);
    if (n < 2) return out;
    for (let p = 0; p < n; p++) {
      let beat = 0;
      for (let q = 0; q < n; q++) if (q !== p) beat += st[p]! > st[q]! ? 1 : st[p] === st[q] ? 0.5 : 0;
      out[p] = beat / (n - 1);
    }
    return out;
  }

  /**
   * One number for `seat` (higher is better): a finished game is ±1e6 by win share above
   * the fair share; otherwise the seat's standing minus the best opponent's.
   */
  value(state: GameState, seat: number, project: boolean): number {
    if (state.result !== null) return (winShares(state)[seat]! - 1 / state.players) * 1e6;
    const st = this.standings(state, project);
    let best = -Infinity;
    for (let q = 0; q < st.length; q++) if (q !== seat && st[q]! > best) best = st[q]!;
    return st[seat]! - (best === -Infinity ? 0 : best);
  }

  private addZoneTerms(e: EngineParts, out: number[]): void {
    const s = e.s;
    const def = this.def;
    for (let d = 0; d < def.zones.length; d++) {
      const w = this.zoneWeights[d]!;
      if (w === 0) continue;
      const scope = def.zones[d]!.scope;
      for (let p = 0; p < s.players; p++) out[p]! += w * e.count(e.zone(d, scope === 'side' ? s.sideOf[p]! : p));
    }
  }
}

function addHintTerms(e: EngineParts, out: number[]): void {
  const def = e.def;
  const hints = hintsOf(def)!;
  const s = e.s;
  for (let p = 0; p < s.players; p++) {
    e.me = NONE;
    if (hints.standing !== undefined) out[p]! += hints.standing(e, p);
    if (hints.cardValue === undefined) continue;
    for (const z of privateZones(e, p)) for (const c of s.zones[z]!) if (c >= 0) out[p]! += hints.cardValue(e, c, p);
  }
}

/** Zone instances of `p` (per player, or per side for p's side) whose faces only their owners see. */
export function privateZones(e: EngineParts, p: number): number[] {
  const s = e.s;
  const out: number[] = [];
  for (let d = 0; d < e.def.zones.length; d++) {
    const zd = e.def.zones[d]!;
    if (zd.scope === 'shared' || zd.shape === 'piles' || zd.visibility !== 'owner') continue;
    out.push(e.zone(d, zd.scope === 'side' ? s.sideOf[p]! : p));
  }
  return out;
}

/** Runs the round's scoring on the engine's working copy, as if the round ended now. */
function projectRound(e: EngineParts): void {
  const def = e.def;
  if (def.rounds.scoring === undefined) return;
  try {
    if (def.melds.length > 0) layPrivateMelds(e);
    e.me = NONE;
    e.resetTurnFlags();
    def.rounds.scoring(e);
    e.resetTurnFlags();
  } catch {
    // A scoring block that cannot run on this position: keep the unprojected values.
  }
}

/** Takes every player's best melds out of their private zones (the copy only), as a last turn would. */
function layPrivateMelds(e: EngineParts): void {
  const m = e.def.melds[0]!;
  const allWildMeld = m.allWildMeld && (m.allWildWhen === undefined || m.allWildWhen(e));
  const rules = { minSize: m.minSize, minRank: m.minRank, maxRank: m.maxRank, books: m.books, runs: m.runs, allWildMeld };
  for (let p = 0; p < e.s.players; p++) {
    for (const z of privateZones(e, p)) {
      const cards = e.s.zones[z]!.filter((c) => c >= 0);
      if (cards.length < m.minSize) continue;
      e.me = NONE;
      const mc: MeldCard[] = cards.map((c) => ({ rank: e.attr(c, m.rankAttr), suit: e.attr(c, m.suitAttr), wild: m.isWild(e, c), points: m.points(e, c) }));
      const laid = bestLaydown(mc, rules);
      if (laid.melds.length === 0) continue;
      const keep = new Set(laid.rest.map((i) => cards[i]!));
      const a = e.wZone(z);
      const rest = a.filter((c) => c < 0 || keep.has(c));
      a.length = 0;
      a.push(...rest);
    }
  }
}

const cache = new WeakMap<GameDef, Map<string, Evaluator>>();

/**
 * The evaluator for `state`'s set-up (cached per definition, player count and options).
 *
 * @example
 * const ev = evaluatorFor(def, state);
 * const mine = ev.value(afterMyMove, seat, true);
 */
export function evaluatorFor(def: GameDef, state: GameState): Evaluator {
  let byKey = cache.get(def);
  if (byKey === undefined) {
    byKey = new Map();
    cache.set(def, byKey);
  }
  const key = `${state.players}|${state.options.join(',')}`;
  let ev = byKey.get(key);
  if (ev === undefined) {
    ev = new Evaluator(def, probeZoneWeights(def, state.players, state.options, (weights) => new Evaluator(def, weights)));
    byKey.set(key, ev);
  }
  return ev;
}
