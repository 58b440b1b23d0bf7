// Issue 24: the fast path's kernel (runtime src/bots/kernel.ts) against the reference enumeration
// and `run`, over every generated game in games/: at every decision the kernel covers, the same
// seats able to act, the same candidates in the same order and the same fuel spent; and whole
// playouts with the kernel and without it play the same game to the same final state.
import { describe, expect, it } from 'vitest';
import { kernelLockstep, playoutEnd } from '@decksmith/runtime/test-fixtures/kernel-lockstep';
import { setFuel, type GameDef } from '@decksmith/runtime';
import { loadGame } from '../../src/simulate/load-game.ts';
import { generatedGames } from './generated-games.ts';

describe('the fast path kernel', () => {
  it.each(generatedGames())('%s: lists what the reference lists at every decision, and plays the same games', async (spec) => {
    const def = (await loadGame(spec)) as unknown as GameDef;
    const players = Math.min(Math.max(4, def.minPlayers), def.maxPlayers);
    let covered = 0;
    for (let seed = 0; seed < 3; seed++) {
      const step = kernelLockstep(def, { players, seed, maxActions: 3000 });
      expect(step.mismatches).toEqual([]);
      expect(step.actions).toBeGreaterThan(0);
      covered += step.covered;
      const withKernel = playoutEnd(def, { players, seed });
      const without = playoutEnd(def, { players, seed, kernel: false });
      expect(withKernel.result).toEqual(without.result);
      expect(withKernel.state).toBe(without.state);
    }
    // Every game in games/ has positions the kernel covers (most have nothing else).
    expect(covered).toBeGreaterThan(0);
  });

  // With little fuel some actions' candidates run out mid-listing: the kernel then lists the seat
  // again the reference's way, and must still find what the reference finds with the same fuel.
  it.each(['super-taki/super-taki', 'tiv-miv/tiv-miv', 'five-crowns/five-crowns'])('%s: the same when candidates run out of fuel', async (spec) => {
    const def = { ...((await loadGame(spec)) as unknown as GameDef) };
    setFuel(def, FEW_STEPS[spec]!);
    let outOfFuel = 0;
    for (let seed = 0; seed < 3; seed++) {
      const step = kernelLockstep(def, { players: 4, seed, maxActions: 400 });
      expect(step.mismatches).toEqual([]);
      outOfFuel += step.outOfFuel;
      const withKernel = playoutEnd(def, { players: 4, seed, maxActions: 400 });
      expect(withKernel).toEqual(playoutEnd(def, { players: 4, seed, maxActions: 400, kernel: false }));
    }
    expect(outOfFuel).toBeGreaterThan(0);
  });
});

describe('randomPlayout when a listing runs out of fuel', () => {
  // canAct's search stops at a seat's first candidate; the mover's full list can then run out
  // and come back empty. The playout stops there, stalled (it drew from an empty list before).
  it('stops stalled, the same with the kernel and without', async () => {
    const def = { ...((await loadGame('tiv-miv/tiv-miv')) as unknown as GameDef) };
    setFuel(def, 30);
    let stalled = 0;
    for (let seed = 0; seed < 6; seed++) {
      const withKernel = playoutEnd(def, { players: 4, seed });
      expect(withKernel).toEqual(playoutEnd(def, { players: 4, seed, kernel: false }));
      if (withKernel.result.result === null && !withKernel.result.capped) stalled++;
    }
    expect(stalled).toBeGreaterThan(0);
  });
});

/** A fuel per call small enough that some listings run out (found by trying), large enough to play on. */
const FEW_STEPS: Record<string, number> = { 'super-taki/super-taki': 40, 'tiv-miv/tiv-miv': 60, 'five-crowns/five-crowns': 40 };
