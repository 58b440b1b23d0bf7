// A generated module runs: compiled in memory (as `play` does for an author's file), set up, and played.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRulesInMemory, importCompiled } from '../../src/node/compile-in-memory.ts';

const sample = fileURLToPath(new URL('./samples/mini-shed/input.rules', import.meta.url));

// The runtime is imported through a variable so that `tsc -p packages/dsl` does not compile its
// sources under the dsl's stricter settings; this is the slice of its API the test uses.
interface State { current: number; result: unknown }
interface Runtime {
  setup(def: unknown, input: { players: number; seed: number }): State;
  legalActions(def: unknown, state: State, seat: number, now?: number): unknown[];
  apply(def: unknown, state: State, seat: number, action: unknown, now: number): { state: State } | { rejected: { code: string; message: string } };
}
const runtimeModule: string = '@decksmith/runtime';

describe('generated module smoke test', () => {
  it('mini-shed sets up and plays legal actions until someone wins', async () => {
    const compiled = await compileRulesInMemory(sample);
    expect(compiled.report).toEqual([]);
    const { game } = await importCompiled<{ game: { id: string } }>(compiled.js!);
    expect(game.id).toBe('mini-shed');
    const { setup, legalActions, apply } = (await import(runtimeModule)) as Runtime;

    let state = setup(game, { players: 3, seed: 7 });
    let now = 0;
    let moves = 0;
    for (; moves < 400 && state.result === null; moves++) {
      const seat = state.current;
      const legal = legalActions(game, state, seat, now);
      expect(legal.length).toBeGreaterThan(0);
      const r = apply(game, state, seat, legal[moves % legal.length]!, (now += 100));
      if ('rejected' in r) throw new Error(`${r.rejected.code}: ${r.rejected.message}`);
      state = r.state;
    }
    expect(moves).toBeGreaterThan(3);
    expect(state.result).not.toBeNull();
  }, 60_000);
});
