// The `greedy` bot level: one ply, each legal action judged on a few determinizations.
import { apply, sampledActions } from '../core/api.ts';
import type { Action } from '../core/codec.ts';
import type { GameDef } from '../core/game-def.ts';
import type { GameState } from '../core/state.ts';
import { nextInt, type RngState } from '../rng/index.ts';
import { actionKey } from './action-key.ts';
import { determinize } from './determinize.ts';
import { evaluatorFor } from './evaluate.ts';
import { mayWait } from './situation.ts';

export interface GreedyOptions {
  /** Logical time of the decision (default: the state's last time). */
  now?: number;
  /** Determinizations each action is tried on (default 4): the hidden cards are unknown. */
  determinizations?: number;
}

const EPS = 1e-9;

/**
 * Applies each of `seat`'s legal actions to copies of a few determinizations (states the
 * seat cannot tell from the real one) and picks the one whose result it values most (see
 * evaluate.ts; ties broken at random). Returns null when the seat has no legal action, or
 * when it may let the moment pass (mayWait) and every action looks worse than waiting.
 * MUTATES `rng` only.
 *
 * @example
 * const a = greedyBot(def, state, seat, deriveRng(seed, `bot:${seat}`));
 */
export function greedyBot(def: GameDef, state: GameState, seat: number, rng: RngState, opts: GreedyOptions = {}): Action | null {
  const now = opts.now ?? state.lastAt;
  const legal = sampledActions(def, state, seat, now);
  if (legal.length === 0) return null;
  const canWait = mayWait(def, state, seat, now);
  if (legal.length === 1 && !canWait) return legal[0]!;
  const byKey = new Map<string, Action>();
  for (const a of legal) {
    const k = actionKey(def, state, seat, a);
    if (!byKey.has(k)) byKey.set(k, a);
  }
  const ev = evaluatorFor(def, state);
  const worlds: GameState[] = [];
  for (let i = 0; i < Math.max(1, opts.determinizations ?? 4); i++) worlds.push(determinize(def, state, seat, rng));
  let best = -Infinity;
  let choices: Action[] = [];
  for (const a of byKey.values()) {
    let v = 0;
    for (const w of worlds) {
      const r = apply(def, w, seat, a, now);
      v += 'rejected' in r ? -1e12 : ev.value(r.state, seat, true);
    }
    v /= worlds.length;
    if (v > best + EPS) {
      best = v;
      choices = [a];
    } else if (v >= best - EPS) choices.push(a);
  }
  if (canWait) {
    let stay = 0;
    for (const w of worlds) stay += ev.value(w, seat, true);
    if (stay / worlds.length > best + EPS) return null;
  }
  return choices[nextInt(rng, choices.length)]!;
}
