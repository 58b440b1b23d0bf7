// When a seat that cannot act now could act next without anything else happening: the lapses
// of its `rate` limits (the only availability the runtime makes depend on time alone).
import { hasLegal, type LegalEngine } from '../core/legal.ts';
import { rateMs } from './checks.ts';

/**
 * The earliest time after `e.now` at which `seat` has a legal action on e's state as it is (no
 * timer fired, nobody else acting), or -1 when none. The candidates are the lapses of the seat's
 * rate-limited actions (last accepted time + the action's `rate`), tried in increasing order,
 * each confirmed by enumerating at that time (a lapse alone is not enough: the guard, the stage
 * or another limit may still refuse). Allocates nothing; `e.now` is restored.
 */
export function nextActionTime(e: LegalEngine, seat: number): number {
  const s = e.s;
  if (s.result !== null || seat < 0 || seat >= s.players) return -1;
  const actions = e.def.actions;
  const players = s.players;
  const now = e.now;
  let after = now;
  try {
    for (;;) {
      let next = Infinity;
      for (let ai = 0; ai < actions.length; ai++) {
        const a = actions[ai];
        if (a.rate === undefined || a.byTimer === true) continue;
        const last = s.rate[ai * players + seat];
        if (last < 0) continue;
        e.me = seat;
        const at = last + rateMs(e, a);
        if (at > after && at < next) next = at;
      }
      if (next === Infinity) return -1;
      e.now = next;
      if (hasLegal(e, seat)) return next;
      e.now = now;
      after = next;
    }
  } finally {
    e.now = now;
  }
}
