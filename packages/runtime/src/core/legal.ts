// Legal-action enumeration: each available action's parameter domains, kept when the guard
// passes. The candidate lives in the engine's reused args buffer; accepted candidates go to a
// sink: wire actions (legalActions, the only allocating one), the internal LegalBuffer (the
// fast path), or "any" (canAct: stops at the first).
import { VarOutOfRange } from './var-range.ts';
import { actionAvailability, limitsOk, seatRefusal } from '../arbitration/checks.ts';
import { encodeAction, seesCard, type Action } from './codec.ts';
import type { EngineParts } from './engine-parts.ts';
import { NONE, type LegalOut } from './game-def.ts';
import { zoneMask } from '../zones/visibility.ts';
import { offeredAt } from './compiled.ts';
import { choiceSamples, encodeChoice, type ChoiceCount } from './choice.ts';

/** Largest zone whose subsets a `cards` parameter enumerates in full (else singletons + all). */
export const MAX_SUBSET_ZONE = 8;

/** Where enumerated candidates go: wire actions, a stop at the first, or the internal buffer. */
const TO_WIRE = 0;
export const TO_ANY = 1;
export const TO_BUFFER = 2;

/**
 * Legal candidates in internal form (action index, argument numbers, absent bits, card lists),
 * reused from call to call: what the fast path enumerates instead of wire actions.
 */
export class LegalBuffer {
  /** Number of candidates. */
  n = 0;
  /** Numbers per candidate in `args` / `lists` (the largest parameter count, at least 1). */
  readonly stride: number;
  ai = new Int32Array(64);
  absent = new Int32Array(64);
  args: Int32Array;
  lists: (number[] | undefined)[] = [];
  /** The seat whose candidates these are (set by legalInto; NONE once a caller voids them). */
  seat = NONE;

  constructor(stride: number) {
    this.stride = stride;
    this.args = new Int32Array(64 * stride);
  }

  /** Appends the engine's current candidate for action ai. */
  push(e: EngineParts, ai: number): void {
    const k = this.n++;
    if (k === this.ai.length) this.grow();
    this.ai[k] = ai;
    const params = e.def.actions[ai].params;
    const base = k * this.stride;
    let absent = 0;
    for (let i = 0; i < params.length; i++) {
      this.args[base + i] = e.args[i];
      if (e.absent[i] === 1) absent |= 1 << i;
      if (params[i].kind === 'cards') this.lists[base + i] = e.lists[i];
    }
    this.absent[k] = absent;
  }

  /** Puts candidate k back into the engine's argument buffers; returns its action index. */
  load(e: EngineParts, k: number): number {
    const ai = this.ai[k];
    const params = e.def.actions[ai].params;
    const base = k * this.stride;
    const absent = this.absent[k];
    for (let i = 0; i < params.length; i++) {
      e.args[i] = this.args[base + i];
      e.absent[i] = (absent >> i) & 1;
      if (params[i].kind === 'cards') e.lists[i] = this.lists[base + i]!;
    }
    return ai;
  }

  private grow(): void {
    const size = this.ai.length * 2;
    const ai = new Int32Array(size);
    ai.set(this.ai);
    this.ai = ai;
    const absent = new Int32Array(size);
    absent.set(this.absent);
    this.absent = absent;
    const args = new Int32Array(size * this.stride);
    args.set(this.args);
    this.args = args;
  }
}

/** What one enumeration writes to (one per engine, reused). */
export interface Sink {
  mode: number;
  wire: Action[];
  buffer: LegalBuffer;
  found: boolean;
  /** Wire mode: counted choices as their sampled concrete choices instead of one `choose` entry. */
  concrete?: boolean;
}

/** The engine with its enumeration sink (engine.ts's Engine is one). */
export type LegalEngine = EngineParts & { readonly sink: Sink };

/**
 * Appends every legal action of `seat` to `out` in wire form (e in read mode on the state). A
 * counted choice is one entry with `choose`, or with `concrete` its sampled choices (core/choice.ts).
 */
export function enumerateLegal(e: LegalEngine, seat: number, out: Action[], concrete = false): void {
  const sink = e.sink;
  sink.mode = TO_WIRE;
  sink.found = false;
  sink.wire = out;
  sink.concrete = concrete;
  try {
    enumerate(e, seat, sink);
  } finally {
    sink.wire = NO_WIRE;
    sink.concrete = false;
  }
}

/** Fills the engine's LegalBuffer with `seat`'s legal candidates (internal form); returns it. */
export function legalInto(e: LegalEngine, seat: number): LegalBuffer {
  const sink = e.sink;
  sink.mode = TO_BUFFER;
  sink.found = false;
  sink.buffer.n = 0;
  sink.buffer.seat = seat;
  enumerate(e, seat, sink);
  return sink.buffer;
}

/** Whether `seat` has at least one legal action (stops at the first, allocates nothing). */
export function hasLegal(e: LegalEngine, seat: number): boolean {
  const sink = e.sink;
  sink.mode = TO_ANY;
  sink.found = false;
  enumerate(e, seat, sink);
  return sink.found;
}

const NO_WIRE: Action[] = [];

function enumerate(e: EngineParts, seat: number, sink: Sink): void {
  const s = e.s;
  if (seat < 0 || seat >= s.players) return;
  // What refuses every action alike is asked once for them all, then each action's own checks.
  if (seatRefusal(e, seat) < 0) return;
  const actions = e.def.actions;
  // Only the actions this seat could be offered here, in action order: those of this stage and
  // the open window, and for a seat that is not the current player none that is `by current`.
  const c = e.c;
  const at = offeredAt(c.positions, s.window, s.stage, seat === s.current);
  const offered = c.offered[at];
  const plain = c.offeredPlain[at];
  // Guards only pass or fail here: no rejection messages are built (see Ctx.explain).
  e.explain = false;
  // Each action is enumerated with the fuel the call has now (core/fuel.ts): one that runs out is
  // left out without starving the others; the call goes on with what the costliest one left.
  const fuel = e.fuel;
  let most = 0;
  try {
    for (let j = 0; j < offered.length && !sink.found; j++) {
      const ai = offered[j];
      const a = actions[ai];
      e.me = seat;
      if (plain[j] === 0 && (actionAvailability(e, ai, seat) < 0 || !limitsOk(e, ai, seat))) continue;
      e.me = seat;
      const wireAt = sink.wire.length;
      const bufferAt = sink.buffer.n;
      e.fuel = fuel;
      try {
        const gen = a.legal;
        if (gen !== undefined) {
          // The action's own generated loops (the guard fused in); the walk below is the reference.
          for (let i = 0; i < a.params.length; i++) e.absent[i] = 0;
          gen(e, e.args, EMIT);
        }
        // No parameters (a draw): one guard call is the whole enumeration.
        else if (a.params.length === 0) leaf(e, ai, seat, sink, false);
        else enumParam(e, ai, 0, seat, sink, false);
      } catch (err) {
        // A condition that cannot be evaluated (`subsets of` past its bound, the call's fuel spent:
        // core/fuel.ts): this action is not legal now, as apply would reject it; the others are still listed.
        if (!(err instanceof VarOutOfRange)) throw err;
        sink.wire.length = wireAt;
        sink.buffer.n = bufferAt;
        sink.found = false;
      }
      if (fuel - e.fuel > most) most = fuel - e.fuel;
    }
  } finally {
    e.explain = true;
    e.fuel = fuel - most;
  }
}

/** Takes the candidates of generated enumerations (ActionDef.legal) into the engine's sink. */
export const EMIT: LegalOut = {
  emit(x, ai) {
    const e = x as LegalEngine;
    const sink = e.sink;
    if (sink.mode === TO_BUFFER) sink.buffer.push(e, ai);
    else if (sink.mode === TO_ANY) sink.found = true;
    else sink.wire.push(encodeAction(e, ai, e.me));
    return sink.found;
  },
};

function leaf(e: EngineParts, ai: number, seat: number, sink: Sink, checked: boolean): void {
  // Every candidate spends a step of the call's fuel (core/fuel.ts): cross products are bounded.
  e.step();
  if (!checked && e.def.actions[ai].guard(e, e.args) !== null) return;
  if (sink.mode === TO_BUFFER) sink.buffer.push(e, ai);
  else if (sink.mode === TO_ANY) sink.found = true;
  else sink.wire.push(encodeAction(e, ai, seat));
}

/**
 * Chooses parameter i (and, recursively, the rest). `checked`: the guard already passed for the
 * parameters chosen so far, which are all it reads (ActionDef.guardArity), so it holds for
 * every choice of the rest; a guard that fails there prunes them all.
 */
function enumParam(e: EngineParts, ai: number, i: number, seat: number, out: Sink, checked: boolean): void {
  e.step();
  const a = e.def.actions[ai];
  if (!checked && i === a.guardArity && i < a.params.length) {
    if (a.guard(e, e.args) !== null) return;
    checked = true;
  }
  if (i === a.params.length) {
    leaf(e, ai, seat, out, checked);
    return;
  }
  const p = a.params[i];
  const args = e.args;
  e.absent[i] = 0;
  if (p.when !== undefined) {
    args[i] = NONE;
    if (!p.when(e, args)) {
      e.absent[i] = 1;
      enumParam(e, ai, i + 1, seat, out, checked);
      return;
    }
  }
  switch (p.kind) {
    case 'card': {
      const z = p.zone(e);
      if (z < 0) return;
      const cards = e.s.zones[z];
      const zm = zoneMask(e, z);
      if (zm === 0) return;
      // The last parameter: each candidate goes straight to the leaf (one call, not two).
      const last = i + 1 === a.params.length;
      for (let k = 0; k < cards.length; k++) {
        const c = cards[k];
        if (c < 0 || (((zm >= 0 ? zm : e.visibleMask(z, k)) >> seat) & 1) === 0) continue;
        args[i] = c;
        if (p.where !== undefined && !p.where(e, args)) continue;
        if (last) leaf(e, ai, seat, out, checked);
        else enumParam(e, ai, i + 1, seat, out, checked);
        if (out.found) return;
      }
      return;
    }
    case 'cards': {
      const z = p.zone(e);
      if (z < 0) return;
      let pool = e.s.zones[z].filter((c) => c >= 0 && seesCard(e, seat, c));
      if (p.where !== undefined) pool = pool.filter((c) => choosable(e, i, c, p.where!));
      if (p.count !== undefined) {
        args[i] = i;
        enumChoice(e, ai, i, seat, out, checked, pool, p.count);
        return;
      }
      args[i] = i;
      if (pool.length <= MAX_SUBSET_ZONE) {
        for (let mask = 1; mask < 1 << pool.length; mask++) {
          const list: number[] = [];
          for (let b = 0; b < pool.length; b++) if ((mask >> b) & 1) list.push(pool[b]);
          e.lists[i] = list;
          enumParam(e, ai, i + 1, seat, out, checked);
          if (out.found) return;
        }
      } else {
        for (const c of pool) {
          e.lists[i] = [c];
          enumParam(e, ai, i + 1, seat, out, checked);
          if (out.found) return;
        }
        e.lists[i] = pool;
        enumParam(e, ai, i + 1, seat, out, checked);
        if (out.found) return;
      }
      return;
    }
    case 'pile': {
      const piles = e.s.families[p.family];
      for (let k = 0; k < piles.length; k++) {
        args[i] = piles[k];
        enumParam(e, ai, i + 1, seat, out, checked);
        if (out.found) return;
      }
      if (p.orNew) {
        args[i] = NONE;
        enumParam(e, ai, i + 1, seat, out, checked);
        if (out.found) return;
      }
      return;
    }
    case 'enum': {
      const n = e.def.enums[p.enumIndex].values.length;
      for (let k = 0; k < n; k++) {
        args[i] = k;
        enumParam(e, ai, i + 1, seat, out, checked);
        if (out.found) return;
      }
      return;
    }
    case 'bool':
      for (let k = 0; k < 2; k++) {
        args[i] = k;
        enumParam(e, ai, i + 1, seat, out, checked);
        if (out.found) return;
      }
      return;
    case 'int':
      for (let k = p.min; k <= p.max; k++) {
        args[i] = k;
        enumParam(e, ai, i + 1, seat, out, checked);
        if (out.found) return;
      }
      return;
    case 'player':
      for (let k = 0; k < e.s.players; k++) {
        args[i] = k;
        enumParam(e, ai, i + 1, seat, out, checked);
        if (out.found) return;
      }
      return;
  }
}

/** Whether card c passes a `cards` parameter's `where` (asked with c in a[i], then the handle back). */
function choosable(e: EngineParts, i: number, c: number, where: (x: EngineParts, a: number[]) => boolean): boolean {
  e.args[i] = c;
  const ok = where(e, e.args);
  e.args[i] = i;
  return ok;
}

/**
 * A counted choice (parameter i): its sampled subsets go through the rest of the enumeration.
 * In wire mode, when it is the last parameter, one entry with `choose` stands for them all,
 * listed when some sampled choice passes the guard.
 */
function enumChoice(e: EngineParts, ai: number, i: number, seat: number, out: Sink, checked: boolean, pool: number[], count: ChoiceCount): void {
  const template = out.mode === TO_WIRE && out.concrete !== true && i + 1 === e.def.actions[ai].params.length;
  if (template) out.mode = TO_ANY;
  try {
    for (const list of choiceSamples(e, seat, ai, pool, count)) {
      e.lists[i] = list;
      enumParam(e, ai, i + 1, seat, out, checked);
      if (out.found) break;
    }
  } finally {
    if (template) out.mode = TO_WIRE;
  }
  if (template && out.found) {
    out.found = false;
    out.wire.push(encodeChoice(e, ai, i, seat, pool, count));
  }
}
