// The bench's wire loop (public API) plays the very games of the runtime's randomPlayout, so the
// two moves/s figures time the same work by two paths.
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/simulate/load-game.ts';
import { loadBenchRuntime, type GameDef } from '../../src/bench/runtime-api.ts';
import { wirePlayout } from '../../src/bench/wire-playout.ts';
import { generatedGames } from './generated-games.ts';

describe('wirePlayout', () => {
  // Every generated game in games/ (issue 24), its variants too.
  it.each(generatedGames())('%s: the same actions, time, rounds and result as randomPlayout, seed by seed', async (spec) => {
    const rt = await loadBenchRuntime();
    const def = (await loadGame(spec)) as unknown as GameDef;
    expect(rt.randomPlayout).toBeTypeOf('function');
    const players = Math.min(Math.max(4, def.minPlayers), def.maxPlayers);
    let finished = 0;
    for (let seed = 0; seed < 3; seed++) {
      const wire = wirePlayout(rt, def, { players, seed });
      if (wire.result !== null) finished++;
      expect(wire).toEqual(rt.randomPlayout(def, { players, seed }));
    }
    expect(finished).toBeGreaterThan(0);
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
