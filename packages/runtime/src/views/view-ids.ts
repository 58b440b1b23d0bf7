// Per-viewer opaque card ids: a keyed 32-bit Feistel permutation of (epoch, card).
//
// A viewer sees card c as E_k(epoch · N + c), where k is the viewer's secret key (4 round
// keys derived from the seed) and epoch counts how often c entered a place hidden from that
// viewer after the viewer may have seen its id (zones/ops.ts). E is a bijection on uint32, so
// ids are unique per viewer and decoding needs no table: D_k(id) gives back (epoch, c), and an
// id whose epoch is not the card's current one is stale. A card that disappears from a
// viewer's sight comes back under a fresh id, so neither id order nor position history links
// it to what the viewer saw before.
// (Not cryptographically strong: a 4-round Feistel with a 64-bit-mixing round function.
// It is enough that ids look random and cannot be linked without the key; a server
// wanting more can swap in a real block cipher here.)
import type { GameState } from '../core/state.ts';

function round16(r: number, k: number): number {
  let h = Math.imul(r ^ k, 0x45d9f3b);
  h ^= h >>> 16;
  h = Math.imul(h, 0x45d9f3b);
  h ^= h >>> 16;
  return h & 0xffff;
}

/** Encrypts a uint32 with the 4 round keys at keys[at..at+3]. */
export function feistelEncode(keys: readonly number[], at: number, x: number): number {
  let l = x >>> 16;
  let r = x & 0xffff;
  for (let i = 0; i < 4; i++) {
    const t = l ^ round16(r, keys[at + i]);
    l = r;
    r = t;
  }
  return ((l << 16) | r) >>> 0;
}

/** Inverse of {@link feistelEncode}. */
export function feistelDecode(keys: readonly number[], at: number, y: number): number {
  let l = y >>> 16;
  let r = y & 0xffff;
  for (let i = 3; i >= 0; i--) {
    const t = r ^ round16(l, keys[at + i]);
    r = l;
    l = t;
  }
  return ((l << 16) | r) >>> 0;
}

/**
 * Epochs are kept in chunks of EPOCH_CHUNK cards: `state.epochs[epochIndex(s, viewer, card)]`
 * holds the chunk, at `card % EPOCH_CHUNK`. A card entering a hidden place copies only its chunk
 * (copy-on-write, core/working-copy.ts), not the viewer's whole row: most of what an action
 * allocated, and a holder of the state keeps alive, was those rows.
 */
export const EPOCH_CHUNK = 16;

/** Chunks per viewer for n cards. */
export function epochChunks(n: number): number {
  return (n + EPOCH_CHUNK - 1) >> 4;
}

/** Where in `state.epochs` the chunk holding (viewer, card) is. */
export function epochIndex(s: GameState, viewer: number, card: number): number {
  return viewer * epochChunks(s.face.length) + (card >> 4);
}

/** How often `card` entered a place hidden from `viewer`. */
export function epochOf(s: GameState, viewer: number, card: number): number {
  return s.epochs[epochIndex(s, viewer, card)][card & (EPOCH_CHUNK - 1)];
}

/** The id under which `viewer` (a player, or `players` for the spectator) sees `card` now. */
export function viewIdOf(s: GameState, viewer: number, card: number): number {
  const n = s.face.length;
  return feistelEncode(s.keys, viewer * 4, epochOf(s, viewer, card) * n + card);
}

/** The card a viewer's id names, or -1 when the id is malformed, unknown or stale. */
export function cardOfViewId(s: GameState, viewer: number, id: unknown): number {
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id > 0xffffffff) return -1;
  const n = s.face.length;
  const x = feistelDecode(s.keys, viewer * 4, id);
  const card = x % n;
  const epoch = (x - card) / n;
  return epochOf(s, viewer, card) === epoch ? card : -1;
}
