// A definition against its reference form (the same game with an optimisation's tables taken
// out): seeded random games through the public API with byte-identical states at every step,
// and the same whole games on the fast path. Shared by the differential tests of issue 24.
import { expect } from 'vitest';
import type { BenchRuntime, GameDef } from '../../src/bench/runtime-api.ts';
import { wirePlayout } from '../../src/bench/wire-playout.ts';

/** Asserts that `def` and `ref` play the same games for seeds 0 and 1 (`moves` compared step by step). */
export function expectSameGames(rt: BenchRuntime, def: GameDef, ref: GameDef, moves: number): void {
  const players = Math.min(Math.max(4, def.minPlayers), def.maxPlayers);
  for (let seed = 0; seed < 2; seed++) {
    const got: string[] = [];
    const want: string[] = [];
    const r1 = wirePlayout(rt, def, { players, seed, maxActions: moves }, (state, now) => got.push(`${now} ${JSON.stringify(state)}`));
    const r2 = wirePlayout(rt, ref, { players, seed, maxActions: moves }, (state, now) => want.push(`${now} ${JSON.stringify(state)}`));
    expect(r1).toEqual(r2);
    expect(got.length).toBe(want.length);
    for (let i = 0; i < got.length; i++) if (got[i] !== want[i]) expect(`step ${i}: ${got[i]}`).toBe(`step ${i}: ${want[i]}`);
    expect(rt.randomPlayout(def, { players, seed })).toEqual(rt.randomPlayout(ref, { players, seed }));
  }
}
