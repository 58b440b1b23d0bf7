// The fast path's kernel (issue 24): where every action offered to every seat has generated
// candidates (`Compiled.kernel`), who can act and the mover's candidates come straight from the
// actions' generated `legal` functions, without `enumerate`'s per-seat refusal, generic walk and
// wrapper (the checks a plain action needs none of are still made for the others); an action
// without `rate` or `once` in a realtime stage is then performed by `runRealtime`.
// It finds what the reference finds (playout.ts `seatsWithLegal`, `moverCandidates`, `run`) in
// the same order, spending the same fuel, so a playout draws the same numbers and plays the same
// game (packages/cli/test/bench/kernel-lockstep.test.ts checks both, step by step).
import { actionAvailability, availability, limitsOk } from '../arbitration/checks.ts';
import { kernelAt, offeredAt } from '../core/compiled.ts';
import type { Engine } from '../core/engine.ts';
import { EMIT, TO_ANY, TO_BUFFER, type LegalBuffer } from '../core/legal.ts';
import { run, runRealtime } from '../core/perform.ts';
import { VarOutOfRange } from '../core/var-range.ts';

/** Whether the kernel covers the working copy's position now (e resumed). */
export function kernelCovers(e: Engine): boolean {
  const s = e.s;
  if (s.result !== null || s.stage < 0 || s.pauseUntil >= 0 || e.c.pauseAt[s.stage] === 1) return false;
  return e.c.kernel[kernelAt(e.c.positions, s.window, s.stage)] === 1;
}

let ranOut = 0;

/** How many actions' listings the kernel found running out of fuel (or ranging) since the process started (for the tests). */
export function kernelRunOuts(): number {
  return ranOut;
}

/**
 * Runs the offered actions' `legal` functions for `seat` into the engine's sink, in the mode the
 * caller set (a position the kernel covers); returns whether any candidate was found. Fuel as in
 * the reference enumeration: each action may spend what the call has now, one that runs out (or
 * ranges) adds nothing, and the call goes on with what the costliest one left. (Running them one
 * after the other from what is left is not the same: a define memoised by the first changes what
 * the next spends, and with it which one runs out.)
 */
function enumerate(e: Engine, seat: number, list: LegalBuffer | null): boolean {
  const s = e.s;
  const at = offeredAt(e.c.positions, s.window, s.stage, seat === s.current);
  const offered = e.c.offered[at];
  const plain = e.c.offeredPlain[at];
  const actions = e.def.actions;
  const fuel = e.fuel;
  let most = 0;
  let found = false;
  // A conditional parameter's generated loop sets its absent bit back to 0 itself.
  clearAbsent(e);
  e.explain = false;
  for (let j = 0; j < offered.length && !found; j++) {
    const ai = offered[j];
    if (plain[j] === 0 && !available(e, ai, seat)) continue;
    e.me = seat;
    e.fuel = fuel;
    const listed = list === null ? 0 : list.n;
    try {
      found = actions[ai].legal!(e, e.args, EMIT);
    } catch (err) {
      if (!(err instanceof VarOutOfRange)) {
        e.explain = true;
        throw err;
      }
      ranOut++;
      if (list !== null) list.n = listed;
      clearAbsent(e);
      e.sink.found = false;
      found = false;
    }
    if (fuel - e.fuel > most) most = fuel - e.fuel;
  }
  e.explain = true;
  e.fuel = fuel - most;
  return found || (list !== null && list.n > 0);
}

/** The checks a plain action needs none of: who, stage, step, window, role, rate, once. */
function available(e: Engine, ai: number, seat: number): boolean {
  e.me = seat;
  return actionAvailability(e, ai, seat) >= 0 && limitsOk(e, ai, seat);
}

function clearAbsent(e: Engine): void {
  for (let i = 0, n = e.sink.buffer.stride; i < n; i++) e.absent[i] = 0;
}

/**
 * `seatsWithLegal` for a covered position: the seats with a candidate, in seat order, into
 * `seats`; returns how many. The current seat's candidates are listed in full on the way into
 * the engine's LegalBuffer, as the reference does (the same fuel spent), and `kernelCandidates`
 * reuses them. The candidates go through the reference's own `emit` (core/legal.ts EMIT), so
 * the generated functions' call of it sees one object either way.
 */
export function kernelSeats(e: Engine, seats: Int32Array): number {
  const s = e.s;
  const sink = e.sink;
  const buf = sink.buffer;
  buf.seat = -1;
  let n = 0;
  for (let p = 0; p < s.players; p++) {
    if (s.out[p] !== 0) continue;
    let able: boolean;
    if (p === s.current) {
      sink.mode = TO_BUFFER;
      sink.found = false;
      buf.n = 0;
      able = enumerate(e, p, buf);
      buf.seat = p;
    } else {
      sink.mode = TO_ANY;
      sink.found = false;
      able = enumerate(e, p, null);
    }
    if (able) seats[n++] = p;
  }
  return n;
}

/** `seat`'s candidates in the reference's order: those `kernelSeats` listed, else listed now. */
export function kernelCandidates(e: Engine, seat: number): LegalBuffer {
  const sink = e.sink;
  const buf = sink.buffer;
  if (buf.seat === seat) return buf;
  sink.mode = TO_BUFFER;
  sink.found = false;
  buf.n = 0;
  enumerate(e, seat, buf);
  buf.seat = seat;
  return buf;
}

/** Performs candidate k of `list` for `seat` (e resumed at the action's time), as the reference does. */
export function kernelApply(e: Engine, seat: number, list: LegalBuffer, k: number): void {
  const ai = list.load(e, k);
  list.seat = -1;
  const sd = e.def.stages[e.def.rounds.stages[e.s.stage]];
  const a = e.def.actions[ai];
  e.me = seat;
  if (sd.kind === 'realtime' && a.rate === undefined && a.once !== true) runRealtime(e, seat, ai);
  else run(e, seat, ai, availability(e, ai, seat), true);
}
