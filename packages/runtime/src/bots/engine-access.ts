// Borrowing the runtime's Engine from bots: read-only evaluation or a copy-on-write working copy.
import { engineFor, type Engine } from '../core/engine.ts';
import type { GameDef } from '../core/game-def.ts';
import type { GameState } from '../core/state.ts';

/**
 * Runs `fn` with an engine begun on `state` at `now`. Writable engines work on a shallow
 * copy with copy-on-write arrays (the caller's state is never touched); `e.s` is that copy.
 */
export function withEngine<T>(def: GameDef, state: GameState, now: number, writable: boolean, fn: (e: Engine) => T): T {
  const e = engineFor(def);
  const wasBusy = e.busy;
  e.busy = true;
  try {
    e.begin(state, now, writable);
    return fn(e);
  } finally {
    e.busy = wasBusy;
  }
}

