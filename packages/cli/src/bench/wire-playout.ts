// The random loop over the runtime's public wire-form API (canAct, sampledActions + apply per move,
// tick at nextDeadline, wait for nextActionAt): the second figure beside the fast path.
import type { BenchRuntime, GameDef, GameState, PlayoutInput, PlayoutResult } from './runtime-api.ts';

/** Called with each state the loop reaches before a move (for sampling); return nothing. */
export type StateTap = (state: GameState, now: number) => void;

/**
 * One whole game between uniformly random bots: seats able to act now; none → on to the next
 * deadline or the first time a seat could act again (a rate limit lapsing), whichever is earlier
 * (stop if neither); else a random seat, then a random legal action, applied at `now`. The loop's RNG is `deriveRng(seed, 'playout')`, as the runtime's randomPlayout.
 *
 * @example
 * const r = wirePlayout(rt, def, { players: 4, seed: 1 }); // { actions, result, capped, time, rounds }
 */
export function wirePlayout(rt: BenchRuntime, def: GameDef, input: PlayoutInput, tap?: StateTap): PlayoutResult {
  let state = rt.setup(def, { players: input.players, seed: input.seed, options: input.options });
  const rng = rt.deriveRng(input.seed, 'playout');
  const cap = input.maxActions ?? 20_000;
  // The seats able to act, by count (no array truncated and regrown per move, as the fast path).
  const seats = new Int32Array(state.players);
  let now = state.lastAt;
  let actions = 0;
  while (state.result === null) {
    if (actions >= cap) return { actions, result: null, capped: true, time: now, rounds: state.round };
    const due = rt.nextDeadline(state);
    if (due !== null && due <= now) {
      state = rt.tick(def, state, now).state;
      continue;
    }
    let able = 0;
    for (let p = 0; p < state.players; p++) if (rt.canAct(def, state, p, now)) seats[able++] = p;
    if (able === 0) {
      let at = due;
      for (let p = 0; p < state.players; p++) {
        const t = rt.nextActionAt(def, state, p, now);
        if (t !== null && (at === null || t < at)) at = t;
      }
      if (at === null) break;
      now = at; // a timer due then fires at the top of the loop
      continue;
    }
    tap?.(state, now);
    const seat = seats[rt.nextInt(rng, able)]!;
    const legal = rt.sampledActions(def, state, seat, now);
    // Able (canAct found one), yet the full list ran out of fuel: stalled, as randomPlayout.
    if (legal.length === 0) break;
    const r = rt.apply(def, state, seat, legal[rt.nextInt(rng, legal.length)]!, now);
    if ('rejected' in r) throw new Error(`${def.id}: a listed action was rejected (${r.rejected.code}: ${r.rejected.message})`);
    state = r.state;
    actions++;
  }
  return { actions, result: state.result, capped: false, time: now, rounds: state.round };
}
