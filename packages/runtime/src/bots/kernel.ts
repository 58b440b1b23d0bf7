// The fast path's kernel (issue 24): where every action offered to every seat has generated
// candidates (`Compiled.kernel`), who can act and the mover's candidates come straight from the
// actions' generated `legal` functions, without the generic enumeration's walk, sink and buffers
// (the checks a plain action needs none of are still made for the others); an action without
// `rate` or `once` in a realtime stage is then performed by `runRealtime` instead of `run`.
// It finds what the reference finds (playout.ts `seatsWithLegal`, `moverCandidates`, `run`) in
// the same order, spending the same fuel, so a playout draws the same numbers and plays the same
// game (packages/cli/test/bench/kernel-lockstep.test.ts checks both, step by step).
import { actionAvailability, availability, limitsOk } from '../arbitration/checks.ts';
import { kernelAt, offeredAt } from '../core/compiled.ts';
import type { Engine } from '../core/engine.ts';
import type { LegalOut } from '../core/game-def.ts';
import { run, runRealtime } from '../core/perform.ts';
import { VarOutOfRange } from '../core/var-range.ts';

/** Whether the kernel covers the working copy's position now (e resumed). */
export function kernelCovers(e: Engine): boolean {
  const s = e.s;
  if (s.result !== null || s.stage < 0 || s.pauseUntil >= 0 || e.c.pauseAt[s.stage] === 1) return false;
  return e.c.kernel[kernelAt(e.c.positions, s.window, s.stage)] === 1;
}

/** Stops a `legal` function at its first candidate. */
const FIRST: LegalOut = { emit: () => true };

/** A seat's candidates: action index, arguments and absent bits, reused from call to call. */
export class KernelList implements LegalOut {
  n = 0;
  /** The seat listed (-1: none since the last write). */
  seat = -1;
  ai = new Int32Array(64);
  absent = new Int32Array(64);
  args: Int32Array;
  readonly stride: number;
  private readonly arity: Int32Array;

  constructor(e: Engine) {
    this.arity = Int32Array.from(e.def.actions, (a) => a.params.length);
    this.stride = Math.max(1, ...this.arity);
    this.args = new Int32Array(64 * this.stride);
  }

  emit(x: unknown, ai: number): boolean {
    const e = x as Engine;
    const k = this.n++;
    if (k === this.ai.length) this.grow();
    this.ai[k] = ai;
    const base = k * this.stride;
    let absent = 0;
    for (let i = 0, n = this.arity[ai]; i < n; i++) {
      this.args[base + i] = e.args[i];
      if (e.absent[i] === 1) absent |= 1 << i;
    }
    this.absent[k] = absent;
    return false;
  }

  /** Puts candidate k into the engine's argument buffers; returns its action index. */
  load(e: Engine, k: number): number {
    const ai = this.ai[k];
    const base = k * this.stride;
    const absent = this.absent[k];
    for (let i = 0, n = this.arity[ai]; i < n; i++) {
      e.args[i] = this.args[base + i];
      e.absent[i] = (absent >> i) & 1;
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

const lists = new WeakMap<Engine, KernelList>();
// The engine asked last and its list: a playout asks twice per action (a WeakMap lookup each time
// costs what engineFor's cache saves: see there).
let lastEngine: Engine | null = null;
let lastList: KernelList | null = null;

/** The engine's reused candidate list. */
export function kernelList(e: Engine): KernelList {
  if (e === lastEngine) return lastList!;
  let list = lists.get(e);
  if (list === undefined) {
    list = new KernelList(e);
    lists.set(e, list);
  }
  lastEngine = e;
  lastList = list;
  return list;
}

/**
 * Runs the offered actions' `legal` functions for `seat` into `out` (a position the kernel
 * covers); returns whether any candidate was found. The fuel is the reference enumeration's:
 * each action may spend what the call has now, and the call goes on with what the costliest one
 * left. Without a throw, running them one after the other and keeping the largest spend comes to
 * the same; when one runs out (or ranges), they are run again each from the call's fuel, as the
 * reference does, and that one adds nothing.
 */
function enumerate(e: Engine, seat: number, out: LegalOut, list: KernelList | null): boolean {
  const s = e.s;
  const at = offeredAt(e.c.positions, s.window, s.stage, seat === s.current);
  const fuel = e.fuel;
  const from = list === null ? 0 : list.n;
  // A conditional parameter's generated loop sets its absent bit back to 0 itself.
  clearAbsent(e);
  e.explain = false;
  try {
    return walk(e, seat, e.c.offered[at], e.c.offeredPlain[at], out, list, fuel);
  } catch (err) {
    if (!(err instanceof VarOutOfRange)) throw err;
    if (list !== null) list.n = from;
    clearAbsent(e);
    e.fuel = fuel;
    return walkCarefully(e, seat, e.c.offered[at], e.c.offeredPlain[at], out, list, fuel);
  } finally {
    e.explain = true;
  }
}

/** The actions' candidates one after the other, keeping the largest spend of fuel. */
function walk(e: Engine, seat: number, offered: Int32Array, plain: Uint8Array, out: LegalOut, list: KernelList | null, fuel: number): boolean {
  const actions = e.def.actions;
  let most = 0;
  let found = false;
  for (let j = 0; j < offered.length && !found; j++) {
    const ai = offered[j];
    e.me = seat;
    if (plain[j] === 0 && (actionAvailability(e, ai, seat) < 0 || !limitsOk(e, ai, seat))) continue;
    e.me = seat;
    const before = e.fuel;
    found = actions[ai].legal!(e, e.args, out);
    if (before - e.fuel > most) most = before - e.fuel;
  }
  e.fuel = fuel - most;
  return found || (list !== null && list.n > 0);
}

/** As the reference enumeration: each action from fuel `fuel`, one that throws adding nothing. */
function walkCarefully(e: Engine, seat: number, offered: Int32Array, plain: Uint8Array, out: LegalOut, list: KernelList | null, fuel: number): boolean {
  const actions = e.def.actions;
  let most = 0;
  let found = false;
  for (let j = 0; j < offered.length && !found; j++) {
    const ai = offered[j];
    e.me = seat;
    if (plain[j] === 0 && (actionAvailability(e, ai, seat) < 0 || !limitsOk(e, ai, seat))) continue;
    e.me = seat;
    e.fuel = fuel;
    const listed = list === null ? 0 : list.n;
    try {
      found = actions[ai].legal!(e, e.args, out);
    } catch (err) {
      if (!(err instanceof VarOutOfRange)) throw err;
      if (list !== null) list.n = listed;
      clearAbsent(e);
      found = false;
    }
    if (fuel - e.fuel > most) most = fuel - e.fuel;
  }
  e.fuel = fuel - most;
  return found || (list !== null && list.n > 0);
}

function clearAbsent(e: Engine): void {
  for (let i = 0, n = e.sink.buffer.stride; i < n; i++) e.absent[i] = 0;
}

/**
 * `seatsWithLegal` for a covered position: the seats with a candidate, in seat order, into
 * `seats`; returns how many. The current seat's candidates are listed in full on the way, as the
 * reference does (the same fuel spent), and `kernelCandidates` reuses them.
 */
export function kernelSeats(e: Engine, seats: Int32Array): number {
  const s = e.s;
  const list = kernelList(e);
  list.seat = -1;
  let n = 0;
  for (let p = 0; p < s.players; p++) {
    if (s.out[p] !== 0) continue;
    let able: boolean;
    if (p === s.current) {
      list.n = 0;
      able = enumerate(e, p, list, list);
      list.seat = p;
    } else able = enumerate(e, p, FIRST, null);
    if (able) seats[n++] = p;
  }
  return n;
}

/** `seat`'s candidates in the reference's order: those `kernelSeats` listed, else listed now. */
export function kernelCandidates(e: Engine, seat: number): KernelList {
  const list = kernelList(e);
  if (list.seat === seat) return list;
  list.n = 0;
  enumerate(e, seat, list, list);
  list.seat = seat;
  return list;
}

/** Performs candidate k of `list` for `seat` (e resumed at the action's time), as the reference does. */
export function kernelApply(e: Engine, seat: number, list: KernelList, k: number): void {
  const ai = list.load(e, k);
  list.seat = -1;
  const sd = e.def.stages[e.def.rounds.stages[e.s.stage]];
  e.me = seat;
  const a = e.def.actions[ai];
  if (sd.kind === 'realtime' && a.rate === undefined && a.once !== true) runRealtime(e, seat, ai);
  else run(e, seat, ai, availability(e, ai, seat), true);
}
