// Issue 24: ISMCTS rollouts played in place (bots/rollout.ts, the fast path's session) against the
// same rollout through the public API (rolloutReference): from states of seeded random games of
// every generated game in games/, both must draw the same numbers and reach the same state (every
// field but the per-viewer id epochs, which only the public path bumps: nobody is shown a rollout).
import { describe, expect, it } from 'vitest';
import { VarOutOfRange, canAct, cloneRng, deriveRng, ismctsBot, rollout, rolloutReference, type GameState } from '@decksmith/runtime';
import { loadGame } from '../../src/simulate/load-game.ts';
import { loadBenchRuntime, type GameDef } from '../../src/bench/runtime-api.ts';
import { wirePlayout } from '../../src/bench/wire-playout.ts';
import { generatedGames } from './generated-games.ts';

/** A state as JSON without its id epochs. */
function played(state: GameState): string {
  const { epochs: _epochs, ...rest } = state;
  return JSON.stringify(rest);
}

/** Up to `count` states (with their times) spread over the first `moves` moves of a seeded random game. */
async function positions(def: GameDef, seed: number, moves: number, count: number): Promise<{ state: GameState; now: number }[]> {
  const rt = await loadBenchRuntime();
  const players = Math.min(Math.max(4, def.minPlayers), def.maxPlayers);
  const all: { state: GameState; now: number }[] = [];
  wirePlayout(rt, def, { players, seed, maxActions: moves }, (state, now) => all.push({ state, now }));
  const every = Math.max(1, Math.floor(all.length / count));
  return all.filter((_, i) => i % every === 0);
}

/** Both rollouts from one position with the same generator; what each reached and drew. */
function both(def: GameDef, at: { state: GameState; now: number }, seed: string, depth: number) {
  const input = { state: at.state, now: at.now, depth, round: at.state.round, stepMs: 800 };
  const before = JSON.stringify(at.state);
  const rngA = deriveRng(seed, 'rollout');
  const rngB = cloneRng(rngA);
  const fast = rollout(def, { ...input, rng: rngA });
  const ref = rolloutReference(def, { ...input, rng: rngB });
  expect(JSON.stringify(at.state)).toBe(before);
  return { fast, ref, rngA, rngB };
}

const GAMES = generatedGames();

describe('ISMCTS rollouts in place vs through the public API', () => {
  it.each(GAMES)('%s: the same state and the same draws from every sampled position', async (spec) => {
    const def = (await loadGame(spec)) as unknown as GameDef;
    let moved = 0;
    for (let seed = 0; seed < 2; seed++) {
      for (const [i, at] of (await positions(def, seed, 300, 30)).entries()) {
        // Deep enough to cross turns, timers and round ends; 4 is the bot's default.
        const { fast, ref, rngA, rngB } = both(def, at, `${spec}/${seed}/${i}`, 12);
        expect(fast.roundOver).toBe(ref.roundOver);
        expect(rngA).toEqual(rngB);
        expect(played(fast.state)).toBe(played(ref.state));
        if (fast.state.moves !== at.state.moves) moved++;
        // Played in place, not by the fallback: quiet steps never copy the epochs, the public path's do.
        expect(fast.state.epochs).toBe(at.state.epochs);
      }
    }
    // The rollouts played something (a test over games that never move would prove nothing).
    expect(moved).toBeGreaterThan(0);
  });

  it('an action refused mid-effect (a variable out of range) ends the rollout as the reference does', async () => {
    const def = (await loadGame('tiv-miv')) as unknown as GameDef;
    // Every action's effect refuses on states whose move count is 7 mod 10, after it began its work.
    const refusing: GameDef = {
      ...def,
      actions: def.actions.map((a) => ({
        ...a,
        effect: (x: Parameters<typeof a.effect>[0], args: Parameters<typeof a.effect>[1]) => {
          a.effect(x, args);
          if (x.s.moves % 10 === 7) throw new VarOutOfRange({ code: 'var/out_of_range', message: 'test' });
        },
      })),
    };
    let refused = 0;
    for (const [i, at] of (await positions(def, 1, 200, 40)).entries()) {
      const { fast, ref, rngA, rngB } = both(refusing, at, `refusing/${i}`, 12);
      expect(rngA).toEqual(rngB);
      expect(played(fast.state)).toBe(played(ref.state));
      if (ref.state.moves - at.state.moves < 12 && ref.state.result === null && !ref.roundOver) refused++;
    }
    expect(refused).toBeGreaterThan(0);
  });

  it.each(['tiv-miv', 'five-crowns', 'super-taki', 'go-wacky'])('%s: the ismcts bot chooses the same action with either rollout', async (spec) => {
    const def = (await loadGame(spec)) as unknown as GameDef;
    let decided = 0;
    for (const [i, at] of (await positions(def, 4, 120, 8)).entries()) {
      for (let seat = 0; seat < at.state.players; seat++) {
        if (!canAct(def, at.state, seat, at.now)) continue;
        const choose = (referenceRollout: boolean) => ismctsBot(def, at.state, seat, deriveRng(`${spec}/${i}`, 'bot'), { now: at.now, iterations: 60, referenceRollout });
        expect(JSON.stringify(choose(false))).toBe(JSON.stringify(choose(true)));
        decided++;
        break;
      }
    }
    expect(decided).toBeGreaterThan(3);
  });
});
