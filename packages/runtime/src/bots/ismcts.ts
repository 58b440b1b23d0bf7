// The `ismcts` bot level: single-observer information-set Monte Carlo tree search.
//
// Each iteration deals a determinization (determinize.ts: the hidden cards shuffled among the
// hidden places), walks the tree choosing by UCB among the edges available in that world
// (counting availability, as ISMCTS does), expands one edge, plays at random to the end of the
// game, the end of the round or a depth cap, and credits every edge with the result seen by
// the player who took it. Edges are keyed by mover and face-keyed action, so statistics mean
// the same move in every world. The game model is the runtime's own: whoever can act may act
// (a seat drawn at random among them), logical time moves on by a human-like step, and timers
// fire when due, so real-time stages and windows are searched like turns.
import { apply, sampledActions } from '../core/api.ts';
import type { Action } from '../core/codec.ts';
import type { GameDef } from '../core/game-def.ts';
import type { GameState } from '../core/state.ts';
import { nextInt, type RngState } from '../rng/index.ts';
import { actionKey } from './action-key.ts';
import { determinize } from './determinize.ts';
import { evaluatorFor, winShares, type Evaluator } from './evaluate.ts';
import { nextMover } from './next-mover.ts';
import { rollout, rolloutReference } from './rollout.ts';
import { mayWait } from './situation.ts';

export interface IsmctsOptions {
  /** Logical time of the decision (default: the state's last time). */
  now?: number;
  /** Iterations (default 400); with `ms` and `clock`, a cap. */
  iterations?: number;
  /** Thinking time in ms, measured with `clock` (the runtime reads no clock itself). */
  ms?: number;
  /** A clock in ms, e.g. `() => performance.now()`; needed for `ms`. */
  clock?: () => number;
  /** Random steps after the tree before judging the position (default 4). */
  rolloutDepth?: number;
  /** UCB exploration constant (default 0.7; rewards are in [0, 1]). */
  exploration?: number;
  /** Median logical time between two acts in the searched futures, ms (default 800). */
  stepMs?: number;
  /**
   * Rollouts through the public API (rollout.ts's `rolloutReference`) instead of in place: the
   * same steps and the same choice, slower; for the differential test and A/B measurements.
   */
  referenceRollout?: boolean;
  /** Receives the number of iterations run (for measurements). */
  onDone?: (stats: { iterations: number }) => void;
}

interface Edge {
  mover: number;
  /** Face key of the action, or WAIT. */
  key: string;
  visits: number;
  avail: number;
  reward: number;
  child: Node | null;
}

interface Node {
  edges: Map<string, Edge>;
}

const WAIT = '·wait';

/**
 * Chooses `seat`'s action by ISMCTS within the budget; null when it has no legal action or
 * judges waiting best (only when mayWait). Deterministic for a given `rng` unless a clock
 * budget is used. MUTATES `rng` only.
 *
 * @example
 * const a = ismctsBot(def, state, seat, rng, { iterations: 500 });
 * const b = ismctsBot(def, state, seat, rng, { ms: 200, clock: () => performance.now() });
 */
export function ismctsBot(def: GameDef, state: GameState, seat: number, rng: RngState, opts: IsmctsOptions = {}): Action | null {
  const now0 = opts.now ?? state.lastAt;
  const legal = sampledActions(def, state, seat, now0);
  if (legal.length === 0) return null;
  const canWait = mayWait(def, state, seat, now0);
  const real = new Map<string, Action>();
  for (const a of legal) {
    const k = actionKey(def, state, seat, a);
    if (!real.has(k)) real.set(k, a);
  }
  if (real.size === 1 && !canWait) return legal[0]!;

  const ev = evaluatorFor(def, state);
  const search = new Search(def, ev, seat, rng, opts, state.round);
  const root: Node = { edges: new Map() };
  const cap = opts.iterations ?? (opts.ms !== undefined && opts.clock !== undefined ? Infinity : 400);
  const deadline = opts.ms !== undefined && opts.clock !== undefined ? opts.clock() + opts.ms : Infinity;
  let n = 0;
  while (n < cap && (deadline === Infinity || opts.clock!() < deadline)) {
    search.iterate(root, determinize(def, state, seat, rng), now0, real, canWait);
    n++;
  }
  opts.onDone?.({ iterations: n });

  let best: Edge | null = null;
  for (const e of root.edges.values()) {
    if (e.mover !== seat || e.visits === 0) continue;
    if (best === null || e.visits > best.visits || (e.visits === best.visits && e.reward > best.reward)) best = e;
  }
  if (best === null) return legal[nextInt(rng, legal.length)]!;
  if (best.key === WAIT) return null;
  return real.get(best.key) ?? legal[0]!;
}

class Search {
  private readonly depth: number;
  private readonly c: number;
  private readonly stepMs: number;
  private gapSum = 0;
  private gapCount = 0;
  private readonly play: typeof rollout;

  constructor(
    private readonly def: GameDef,
    private readonly ev: Evaluator,
    private readonly seat: number,
    private readonly rng: RngState,
    opts: IsmctsOptions,
    private readonly round: number,
  ) {
    this.depth = opts.rolloutDepth ?? 4;
    this.c = opts.exploration ?? 0.7;
    this.stepMs = opts.stepMs ?? 800;
    this.play = opts.referenceRollout === true ? rolloutReference : rollout;
  }

  /** One iteration on the determinization `world`. */
  iterate(root: Node, world: GameState, now0: number, rootKeys: Map<string, Action>, canWait: boolean): void {
    const def = this.def;
    let st = world;
    let now = now0;
    // The gaps in this world before anything happens: leaves are judged by how the gaps moved,
    // so the unknown cards dealt to this world (the same at both ends) cancel out.
    const base = this.gaps(world, true);
    let node = root;
    const path: Edge[] = [];
    let expanded = false;
    // Selection and expansion.
    for (let first = true; !expanded && st.result === null; first = false) {
      let mover = this.seat;
      if (!first) {
        const next = nextMover(def, st, now, this.rng, this.stepMs);
        st = next.state;
        now = next.now;
        if (next.mover < 0) break;
        mover = next.mover;
      }
      const options = this.options(st, mover, now, first ? rootKeys : null, first && canWait);
      if (options.size === 0) break;
      let pick: Edge | null = null;
      const fresh: Edge[] = [];
      for (const key of options.keys()) {
        const id = `${mover}|${key}`;
        let e = node.edges.get(id);
        if (e === undefined) {
          e = { mover, key, visits: 0, avail: 0, reward: 0, child: null };
          node.edges.set(id, e);
        }
        e.avail++;
        if (e.visits === 0) fresh.push(e);
      }
      if (fresh.length > 0) {
        pick = fresh[nextInt(this.rng, fresh.length)]!;
        expanded = true;
      } else {
        let bestScore = -Infinity;
        for (const key of options.keys()) {
          const e = node.edges.get(`${mover}|${key}`)!;
          const score = e.reward / e.visits + this.c * Math.sqrt(Math.log(e.avail) / e.visits);
          if (score > bestScore) {
            bestScore = score;
            pick = e;
          }
        }
      }
      const e = pick!;
      const action = options.get(e.key) ?? null;
      if (action !== null) {
        const r = apply(def, st, mover, action, now);
        if ('rejected' in r) break;
        st = r.state;
      }
      path.push(e);
      e.child ??= { edges: new Map() };
      node = e.child;
    }
    // Rollout, in place (rollout.ts; the same steps as through the public API).
    const end = this.play(def, { state: st, now, depth: this.depth, round: this.round, rng: this.rng, stepMs: this.stepMs });
    st = end.state;
    const roundOver = end.roundOver;
    // Back-propagation: each edge is credited from its mover's point of view.
    const rewards = this.rewards(st, !roundOver, base);
    for (const e of path) {
      e.visits++;
      e.reward += rewards[e.mover]!;
    }
  }

  /**
   * Rewards in [0, 1]: win shares when the game is over, else a logistic of how much each
   * player's standing above the best other player grew since the root of this world, in units
   * of the mean such change seen so far in this search (so the scale adapts to the game).
   */
  private rewards(st: GameState, project: boolean, base: readonly number[]): number[] {
    if (st.result !== null) return winShares(st);
    const gaps = this.gaps(st, project).map((g, p) => g - base[p]!);
    for (const g of gaps) {
      this.gapSum += Math.abs(g);
      this.gapCount++;
    }
    const scale = Math.max(1e-6, this.gapSum / this.gapCount);
    return gaps.map((g) => 1 / (1 + Math.exp(-g / scale)));
  }

  /** Each player's standing minus the best other player's. */
  private gaps(st: GameState, project: boolean): number[] {
    const v = this.ev.standings(st, project);
    const n = v.length;
    const out: number[] = [];
    for (let p = 0; p < n; p++) {
      let best = -Infinity;
      for (let q = 0; q < n; q++) if (q !== p && v[q]! > best) best = v[q]!;
      out.push(n < 2 ? 0 : v[p]! - best);
    }
    return out;
  }

  /** The mover's options in this world, by face key (a WAIT option when it may wait). */
  private options(st: GameState, mover: number, now: number, restrict: Map<string, Action> | null, wait: boolean): Map<string, Action | null> {
    const out = new Map<string, Action | null>();
    for (const a of sampledActions(this.def, st, mover, now)) {
      const k = actionKey(this.def, st, mover, a);
      if (restrict !== null && !restrict.has(k)) continue;
      if (!out.has(k)) out.set(k, a);
    }
    if (wait) out.set(WAIT, null);
    return out;
  }
}
