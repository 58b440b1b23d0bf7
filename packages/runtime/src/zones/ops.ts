// Card movements on the engine's working state: every card move goes through moveCard,
// which keeps the card→zone index, per-viewer id epochs and move events right.
import { shuffleInPlace } from '../rng/index.ts';
import type { EngineParts } from '../core/engine-parts.ts';
import { NONE } from '../core/game-def.ts';
import { CARD_CHUNK, cardZoneOf, type GameState } from '../core/state.ts';
import { EPOCH_CHUNK, epochIndex, viewIdOf } from '../views/view-ids.ts';
import { allViewers, declaredMask } from './visibility.ts';

/** Moves one card to the top/bottom of a zone or into a slot/index (`pos` a number). */
export function moveCard(e: EngineParts, card: number, to: number, pos: 'top' | 'bottom' | number): void {
  const s = e.s;
  const from = cardZoneOf(s, card);
  // From the top down: most moves take a pile's top card (a draw, a deal), found at once.
  // (A plain loop: Array.prototype.lastIndexOf is no fast builtin and measured slower than indexOf.)
  const src = s.zones[from];
  let idx = src.length - 1;
  while (idx >= 0 && src[idx] !== card) idx--;
  const quiet = e.quiet;
  const srcMask = quiet ? 0 : e.visibleMask(from, idx);
  // Take it out (rows keep a hole).
  const fa = e.wZone(from);
  if (e.isRow(from)) fa[idx] = NONE;
  else {
    // Close the gap in place (splice would allocate the removed element's array).
    for (let i = idx; i < fa.length - 1; i++) fa[i] = fa[i + 1];
    fa.pop();
  }
  // Put it in.
  const ta = e.wZone(to);
  let at: number;
  if (e.isRow(to)) {
    at = typeof pos === 'number' ? pos : ta.indexOf(NONE);
    if (at < 0 || at >= ta.length) {
      const slots = e.def.zones[s.zoneDecl[to]].slots;
      if (slots !== undefined) throw new Error(`rule bug: no free slot in row ${e.def.zones[s.zoneDecl[to]].name} for a card`);
      while (ta.length < at) ta.push(NONE);
      at = at < 0 ? ta.length : at;
      if (at === ta.length) ta.push(card);
      else ta[at] = card;
    } else if (ta[at] >= 0) {
      throw new Error(`rule bug: slot ${at} of row ${e.def.zones[s.zoneDecl[to]].name} is taken`);
    } else ta[at] = card;
  } else if (pos === 'top') {
    ta.push(card);
    at = ta.length - 1;
  } else if (pos === 'bottom') {
    ta.unshift(card);
    at = 0;
  } else {
    at = pos < 0 ? 0 : pos > ta.length ? ta.length : pos;
    ta.splice(at, 0, card);
  }
  e.wCardZoneChunk(card)[card & (CARD_CHUNK - 1)] = to;
  if (quiet) return;
  noteMove(e, card, from, srcMask, to, at, e.visibleMask(to, at));
}

/**
 * The move's event and id bookkeeping (not quiet): `card` went from zone `from`, where
 * `srcMask` saw it, to index `at` of zone `to`, where `dstMask` sees it.
 */
function noteMove(e: EngineParts, card: number, from: number, srcMask: number, to: number, at: number, dstMask: number): void {
  const s = e.s;
  const seen = srcMask | dstMask;
  const viewers = s.players + 1;
  let ids: number[] | null = null;
  if (seen !== 0) {
    ids = new Array<number>(viewers);
    for (let v = 0; v < viewers; v++) ids[v] = ((seen >> v) & 1) === 1 ? viewIdOf(s, v, card) : 0;
  }
  // A fresh id for every viewer who cannot see the card where it lands and may have seen its id:
  // from a place whose sight cannot change while it stays (compiled staticVis), only the viewers
  // that saw it there. The others have not seen its id since it arrived there, and it arrived
  // under a fresh one for them (by this same rule), so their id is still unseen: no bump, no copy.
  let hidden = allViewers(s.players) & ~dstMask;
  if (e.c.staticVis[s.zoneDecl[from]] === 1) hidden &= srcMask;
  if (hidden !== 0) for (let v = 0; v < viewers; v++) if (((hidden >> v) & 1) === 1) e.wEpochChunk(epochIndex(s, v, card))[card & (EPOCH_CHUNK - 1)]++;
  e.events.push({ type: 'move', card, from, to, at, seen, ids });
}

/** Refills a pile declared `refill from … keeping top` when it holds fewer than n cards. */
export function ensure(e: EngineParts, z: number, n: number): void {
  const zd = e.def.zones[e.s.zoneDecl[z]];
  if (zd.refill === undefined || e.count(z) >= n) return;
  const src = e.zone(zd.refill);
  if (e.count(src) <= 1) return;
  refillKeepingTop(e, z, src);
  shuffle(e, z);
}

export function moveN(e: EngineParts, n: number, from: number, to: number, oneByOne: boolean): void {
  if (n <= 0 || from < 0 || to < 0) return;
  ensure(e, from, n);
  const k = Math.min(n, e.count(from));
  if (k === 0) return;
  if (oneByOne || e.isRow(to)) {
    const slots = e.def.zones[e.s.zoneDecl[to]].slots;
    for (let i = 0; i < k; i++) {
      if (e.isRow(to) && slots !== undefined && e.s.zones[to].indexOf(NONE) < 0) return;
      moveCard(e, e.top(from), to, 'top');
    }
    return;
  }
  // A packet keeps its order: its bottom card goes first.
  const a = e.s.zones[from];
  const packet: number[] = [];
  for (let i = a.length - 1; i >= 0 && packet.length < k; i--) if (a[i] >= 0) packet.push(a[i]);
  for (let i = packet.length - 1; i >= 0; i--) moveCard(e, packet[i], to, 'top');
}

export function moveAll(e: EngineParts, from: number, to: number): void {
  if (from < 0 || to < 0 || from === to) return;
  const cards = e.s.zones[from].filter((c) => c >= 0);
  for (const c of cards) moveCard(e, c, to, 'top');
}

export function turnOver(e: EngineParts, from: number, to: number): void {
  if (from < 0 || to < 0 || from === to) return;
  for (let c = e.top(from); c >= 0; c = e.top(from)) moveCard(e, c, to, 'top');
}

/**
 * Moves every card of `from` but its top onto `to`, bottom card first: as a moveCard per card,
 * which it is for rows and for zones with a `hidden when` condition (whose sight may change
 * while the cards go). Between two piles it moves them in one pass (a search from the top and
 * a closed gap per card made a refill of n cards n² steps), with the same events and ids: each
 * card leaves the source's bottom, never its top, and lands on the destination's top.
 */
export function refillKeepingTop(e: EngineParts, to: number, from: number): void {
  if (from < 0 || to < 0 || from === to) return;
  const zones = e.def.zones;
  const s = e.s;
  if (e.isRow(from) || e.isRow(to) || zones[s.zoneDecl[from]].hiddenWhen !== undefined || zones[s.zoneDecl[to]].hiddenWhen !== undefined) {
    const cards = s.zones[from].filter((c) => c >= 0);
    cards.pop();
    for (const c of cards) moveCard(e, c, to, 'top');
    return;
  }
  const k = s.zones[from].length - 1;
  if (k <= 0) return;
  const fa = e.wZone(from);
  const ta = e.wZone(to);
  const start = ta.length;
  for (let i = 0; i < k; i++) {
    const c = fa[i];
    ta.push(c);
    e.wCardZoneChunk(c)[c & (CARD_CHUNK - 1)] = to;
  }
  fa[0] = fa[k];
  fa.length = 1;
  if (e.quiet) return;
  const srcMask = declaredMask(e, from, false);
  const dstMask = declaredMask(e, to, true);
  for (let i = 0; i < k; i++) noteMove(e, ta[start + i], from, srcMask, to, start + i, dstMask);
}

export function newPile(e: EngineParts, family: number): number {
  const z = e.pushZone(family, NONE);
  e.wFamily(family).push(z);
  for (let v = 0; v < e.def.vars.length; v++) {
    const k = e.c.pileVarOrdinal[v];
    if (k >= 0) {
      const value = e.def.vars[v].init(e);
      e.wPileVar(k).push(value);
    }
  }
  // Pile variables are dense per zone instance: keep every ordinal's array in step.
  for (let k = 0; k < e.c.pileVarCount; k++) {
    const a = e.wPileVar(k);
    while (a.length < z + 1) a.push(0);
  }
  return z;
}

/** Seats that receive cards, in dealing order from the dealer's left. */
function dealTargets(e: EngineParts, each: 'player' | 'side'): number[] {
  const s = e.s;
  const first = e.leftOf(s.dealer < 0 ? s.players - 1 : s.dealer);
  const out: number[] = [];
  if (each === 'player') {
    for (let i = 0, p = first; i < s.players; i++, p = (p + 1) % s.players) if (s.out[p] === 0) out.push(p);
    return out;
  }
  const firstSide = s.sideOf[first];
  for (let i = 0; i < s.sides; i++) {
    const side = (firstSide + i) % s.sides;
    for (let p = 0; p < s.players; p++) {
      if (s.sideOf[p] === side && s.out[p] === 0) {
        out.push(side);
        break;
      }
    }
  }
  return out;
}

export function deal(e: EngineParts, n: number, from: number, toDecl: number, each: 'player' | 'side'): void {
  if (from < 0) return;
  const targets = dealTargets(e, each);
  if (targets.length === 0) return;
  if (n < 0) {
    if (dealAllInOnePass(e, from, targets.map((t) => e.zone(toDecl, t)))) return;
    for (let i = 0; e.count(from) > 0; i = (i + 1) % targets.length) moveCard(e, e.top(from), e.zone(toDecl, targets[i]), 'top');
    return;
  }
  for (let r = 0; r < n; r++) {
    for (const t of targets) {
      ensure(e, from, 1);
      const c = e.top(from);
      if (c < 0) return;
      moveCard(e, c, e.zone(toDecl, t), 'top');
    }
  }
}

/**
 * `deal all` from pile `from` round `to` (a zone per target, in turn) in one pass: the cards
 * leave from the top down, each onto the top of the next target's zone, as a moveCard per card
 * leaves them, without a search, a source write and a stamp check per card. Only between piles
 * (no row, no target the source itself), and quiet or where sight is static (compiled staticVis):
 * then each card's move event and id epochs are those a moveCard would note, in the same order.
 * Returns false, having done nothing, where it does not apply.
 */
function dealAllInOnePass(e: EngineParts, from: number, to: number[]): boolean {
  if (e.isRow(from)) return false;
  const s = e.s;
  const quiet = e.quiet;
  const stat = e.c.staticVis;
  if (!quiet && stat[s.zoneDecl[from]] !== 1) return false;
  for (const z of to) if (z < 0 || z === from || e.isRow(z) || (!quiet && stat[s.zoneDecl[z]] !== 1)) return false;
  const src = s.zones[from];
  if (src.length === 0) return true;
  const w = e.wZone(from);
  const dst = to.map((z) => e.wZone(z));
  const srcMask = quiet ? 0 : e.visibleMask(from, 0);
  const dstMask = quiet ? null : to.map((z) => e.visibleMask(z, 0));
  for (let k = w.length - 1, i = 0; k >= 0; k--, i = i + 1 === to.length ? 0 : i + 1) {
    const c = w[k];
    const ta = dst[i];
    ta.push(c);
    e.wCardZoneChunk(c)[c & (CARD_CHUNK - 1)] = to[i];
    if (dstMask !== null) noteMove(e, c, from, srcMask, to[i], ta.length - 1, dstMask[i]);
  }
  w.length = 0;
  return true;
}

export function flip(e: EngineParts, from: number, to: number, at: number | undefined, until?: (card: number) => boolean): void {
  if (from < 0 || to < 0) return;
  const pos = at ?? 'top';
  ensure(e, from, 1);
  if (until === undefined) {
    const c = e.top(from);
    if (c >= 0) moveCard(e, c, to, pos);
    return;
  }
  const tries = e.count(from);
  for (let i = 0; i < tries; i++) {
    const c = e.top(from);
    if (c < 0) return;
    moveCard(e, c, to, pos);
    if (until(c) || i === tries - 1) return;
    moveCard(e, c, from, 'bottom');
  }
}

export function shuffle(e: EngineParts, z: number): void {
  if (z < 0) return;
  const a = e.wZone(z);
  shuffleInPlace(e.wRng(), a);
  if (e.quiet) return;
  e.events.push({ type: 'shuffle', zone: z });
  // Cards whose place is hidden from a viewer get fresh ids for that viewer; where sight cannot
  // change while a card stays (staticVis), a viewer it is hidden from has not seen its id since it
  // arrived under a fresh one (moveCard), so only zones whose sight can change need them.
  const s = e.s;
  if (e.c.staticVis[s.zoneDecl[z]] === 1) return;
  const viewers = s.players + 1;
  const all = allViewers(s.players);
  for (let i = 0; i < a.length; i++) {
    const c = a[i];
    if (c < 0) continue;
    const hidden = all & ~e.visibleMask(z, i);
    if (hidden !== 0) for (let v = 0; v < viewers; v++) if (((hidden >> v) & 1) === 1) e.wEpochChunk(epochIndex(s, v, c))[c & (EPOCH_CHUNK - 1)]++;
  }
}

export function shuffleDeckInto(e: EngineParts, deck: number, side: number, z: number): void {
  if (z < 0) return;
  const s = e.s;
  if (e.quiet && !e.isRow(z)) gatherQuietly(e, deck, side, z);
  else for (let c = 0; c < s.face.length; c++) if (gathered(s, deck, side, z, c)) moveCard(e, c, z, 'top');
  shuffle(e, z);
}

/** Whether gathering `deck` (of one owner when side ≥ 0) into z takes card c: it is not there yet. */
function gathered(s: GameState, deck: number, side: number, z: number, c: number): boolean {
  return s.deck[c] === deck && (side < 0 || s.owner[c] === side) && cardZoneOf(s, c) !== z;
}

/**
 * The cards of `deck` (of one owner when side ≥ 0) not in z put on top of z in card order, as the
 * moveCard loop above leaves them, but with one pass over each zone instead of a search and a gap
 * closed per card (quadratic in a gathered pile). Quiet only (no events or epochs to keep), and z
 * not a row (a row takes its cards into free slots).
 */
function gatherQuietly(e: EngineParts, deck: number, side: number, z: number): void {
  const s = e.s;
  const n = s.face.length;
  const taken = (c: number): boolean => gathered(s, deck, side, z, c);
  for (let y = 0; y < s.zones.length; y++) {
    if (y === z) continue;
    const a = s.zones[y];
    let k = 0;
    while (k < a.length && !(a[k] >= 0 && taken(a[k]))) k++;
    if (k === a.length) continue;
    const w = e.wZone(y);
    if (e.isRow(y)) {
      for (let i = k; i < w.length; i++) if (w[i] >= 0 && taken(w[i])) w[i] = NONE;
      continue;
    }
    let out = k;
    for (let i = k; i < w.length; i++) if (!taken(w[i])) w[out++] = w[i];
    w.length = out;
  }
  // Every source now lacks its gathered cards; z (not a row) gains them in card order, each indexed at z.
  const ta = e.wZone(z);
  for (let c = 0; c < n; c++) {
    if (taken(c)) {
      ta.push(c);
      e.wCardZoneChunk(c)[c & (CARD_CHUNK - 1)] = z;
    }
  }
}
