// Issue 24's differential test: the enumeration the codegen specialises per action
// (ActionDef.legal) and the runtime's generic walk (the reference: the same game without those
// functions) agree on every seat's legal actions at every state of seeded random games, and the
// fast path plays the very same games with either, for every generated game in games/.
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/simulate/load-game.ts';
import { loadBenchRuntime, type GameDef } from '../../src/bench/runtime-api.ts';
import { wirePlayout } from '../../src/bench/wire-playout.ts';
import { generatedGames } from './generated-games.ts';

/** The same game with the generated enumerations taken out: the runtime walks every action. */
function reference(def: GameDef): GameDef {
  return { ...def, actions: def.actions.map(({ legal: _legal, ...a }) => a) };
}

const GAMES = generatedGames();
/** Moves per game whose states are compared seat by seat (the whole game is compared by randomPlayout). */
const COMPARED_MOVES = 250;

describe('generated legal-action enumeration vs the reference walk', () => {
  it('covers every game, and the launch games have generated enumerations', async () => {
    expect(GAMES.length).toBeGreaterThanOrEqual(8);
    const def = await loadGame('tiv-miv');
    expect(def.actions.map((a) => a.legal !== undefined)).toEqual([true, true]);
    expect(reference(def as unknown as GameDef).actions.some((a) => a.legal !== undefined)).toBe(false);
    // Parameters with `if` (Super Taki's colour choice, its run ending) are generated too; only
    // the turn timer's action, never enumerated, has none.
    const taki = await loadGame('super-taki');
    expect(taki.actions.filter((a) => a.legal === undefined).map((a) => a.name)).toEqual(['time_out']);
    // `pile in centre or new` parameters too (Wackee Six's plays onto the centre's piles).
    const wackee = await loadGame('wackee-six');
    expect(wackee.actions.filter((a) => a.legal === undefined).map((a) => a.name)).toEqual([]);
  });

  it.each(GAMES)('%s: the same legal actions for every seat at every state, and the same whole games', async (spec) => {
    const rt = await loadBenchRuntime();
    const def = (await loadGame(spec)) as unknown as GameDef;
    const ref = reference(def);
    const players = Math.min(Math.max(4, def.minPlayers), def.maxPlayers);
    let compared = 0;
    let nonEmpty = 0;
    for (let seed = 0; seed < 2; seed++) {
      wirePlayout(rt, def, { players, seed, maxActions: COMPARED_MOVES }, (state, now) => {
        for (let p = 0; p < players; p++) {
          const got = rt.legalActions(def, state, p, now);
          expect(got).toEqual(rt.legalActions(ref, state, p, now));
          expect(rt.canAct(def, state, p, now)).toBe(rt.canAct(ref, state, p, now));
          compared++;
          if (got.length > 0) nonEmpty++;
        }
      });
      expect(rt.randomPlayout(def, { players, seed })).toEqual(rt.randomPlayout(ref, { players, seed }));
    }
    expect(nonEmpty).toBeGreaterThan(0);
    expect(compared).toBeGreaterThan(players * 10);
  });
});
