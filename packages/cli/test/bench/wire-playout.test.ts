// The bench's wire loop (public API) plays the very games of the runtime's randomPlayout, so the
// two moves/s figures time the same work by two paths.
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/simulate/load-game.ts';
import { loadBenchRuntime, type GameDef } from '../../src/bench/runtime-api.ts';
import { wirePlayout } from '../../src/bench/wire-playout.ts';

describe('wirePlayout', () => {
  it.each(['tiv-miv', 'super-taki', 'go-wacky'])('%s: the same actions, time, rounds and result as randomPlayout, seed by seed', async (id) => {
    const rt = await loadBenchRuntime();
    const def = (await loadGame(id)) as unknown as GameDef;
    expect(rt.randomPlayout).toBeTypeOf('function');
    for (let seed = 0; seed < 4; seed++) {
      const wire = wirePlayout(rt, def, { players: 4, seed });
      expect(wire.result).not.toBeNull();
      expect(wire).toEqual(rt.randomPlayout(def, { players: 4, seed }));
    }
  });

  it('samples states along the way without changing the game', async () => {
    const rt = await loadBenchRuntime();
    const def = (await loadGame('tiv-miv')) as unknown as GameDef;
    let taps = 0;
    const r = wirePlayout(rt, def, { players: 3, seed: 9 }, () => { taps++; });
    expect(taps).toBe(r.actions);
    expect(wirePlayout(rt, def, { players: 3, seed: 9 })).toEqual(r);
  });
});
