// Determinization: one full state consistent with what a seat can see, for information-set search.
//
// The faces the seat cannot see now are dealt again at random among the places it cannot
// see. Only the card → face table changes: zones, sizes, card ids, per-viewer ids and
// variables stay as they are, so the seat's view is unchanged by construction. Faces are
// exchanged only between cards with the same back (same deck and owner), because a seat
// sees backs. The RNG in the state is replaced too: the real one would tell the future
// shuffles, which the seat cannot know.
import type { GameDef } from '../core/game-def.ts';
import type { GameState } from '../core/state.ts';
import { createRng, nextUint32, shuffleInPlace, type RngState } from '../rng/index.ts';
import { withEngine } from './engine-access.ts';

/** Options of {@link determinize}. */
export interface DeterminizeOptions {
  /**
   * Internal card ids whose face the seat remembers (it saw them and knows where they are
   * now): kept fixed although the seat does not see them at present.
   */
  known?: ReadonlySet<number>;
}

/**
 * Card ids whose face `seat` cannot see in `state` now (in zone order, bottom to top).
 *
 * @example
 * const unseen = hiddenCards(def, state, 0); // opponents' hands, the draw pile …
 */
export function hiddenCards(def: GameDef, state: GameState, seat: number): number[] {
  return withEngine(def, state, state.lastAt, false, (e) => {
    const out: number[] = [];
    const bit = 1 << seat;
    const zones = state.zones;
    for (let z = 0; z < zones.length; z++) {
      const a = zones[z];
      for (let i = 0; i < a.length; i++) {
        const c = a[i];
        if (c >= 0 && (e.visibleMask(z, i) & bit) === 0) out.push(c);
      }
    }
    return out;
  });
}

/**
 * A state that `seat` cannot tell apart from `state`: the faces of the cards it cannot see
 * are shuffled among those cards (within each back: deck and owner), and the state's RNG is
 * reseeded from `rng`. Zone sizes, card ids, every variable and `view(def, s, seat)` are
 * unchanged; cards the seat sees (and `known` ones) keep their faces. MUTATES `rng` only.
 *
 * @example
 * const d = determinize(def, state, seat, rng);
 * // search on d as if it were the real state: view(def, d, seat) equals view(def, state, seat)
 */
export function determinize(def: GameDef, state: GameState, seat: number, rng: RngState, opts: DeterminizeOptions = {}): GameState {
  const hidden = hiddenCards(def, state, seat);
  const known = opts.known;
  // Group by back: deck index and owner side (cards of a per-side deck show their owner).
  const groups = new Map<number, number[]>();
  for (const c of hidden) {
    if (known?.has(c)) continue;
    const key = state.deck[c] * 64 + (state.owner[c] + 1);
    let g = groups.get(key);
    if (g === undefined) {
      g = [];
      groups.set(key, g);
    }
    g.push(c);
  }
  const face = state.face.slice();
  for (const cards of groups.values()) {
    if (cards.length < 2) continue;
    const faces = cards.map((c) => state.face[c]);
    shuffleInPlace(rng, faces);
    for (let i = 0; i < cards.length; i++) face[cards[i]] = faces[i];
  }
  return { ...state, face, rng: reseed(rng) };
}

/** A fresh generator state drawn from `rng` (so the searched futures are not the real one). */
function reseed(rng: RngState): RngState {
  return createRng(`${nextUint32(rng)}:${nextUint32(rng)}`);
}
