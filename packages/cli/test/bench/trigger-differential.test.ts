// Issue 24's differential test for incremental triggers: a trigger is re-tested only after a write
// to what its test reads (TriggerDef.reads, from the codegen); the reference (the same game without
// `reads`) tests every live trigger after every action. Both must give byte-identical states at
// every step of seeded random games through the public API, and the same whole games on the fast
// path, for every generated game in games/.
import { describe, expect, it } from 'vitest';
import { apply, arrange, legalActions, setup, type GameState } from '@decksmith/runtime';
import { loadGame } from '../../src/simulate/load-game.ts';
import { loadBenchRuntime, type GameDef } from '../../src/bench/runtime-api.ts';
import { generatedGames } from './generated-games.ts';
import { expectSameGames } from './same-games.ts';

/** The same game with the read sets taken out: every trigger tested after every action. */
function reference(def: GameDef): GameDef {
  return { ...def, triggers: def.triggers.map(({ reads: _reads, ...t }) => t) };
}

/** The game with each trigger test counted (calls[t]). */
function counted(def: GameDef, calls: number[]): GameDef {
  return {
    ...def,
    triggers: def.triggers.map((t, i) => {
      calls[i] = 0;
      return {
        ...t,
        test: (x: Parameters<typeof t.test>[0]) => {
          calls[i]!++;
          return t.test(x);
        },
      };
    }),
  };
}

const GAMES = generatedGames();
/** Moves per game whose states are compared step by step (the whole game by randomPlayout). */
const COMPARED_MOVES = 400;

describe('incremental triggers vs testing every trigger after every action', () => {
  it('the generated games carry read sets, and the reference has none', async () => {
    const def = (await loadGame('spades')) as unknown as GameDef;
    expect(def.triggers.length).toBeGreaterThan(0);
    expect(def.triggers.every((t) => t.reads !== undefined)).toBe(true);
    expect(reference(def).triggers.some((t) => t.reads !== undefined)).toBe(false);
  });

  it('re-tests fewer triggers than the reference where actions leave their reads alone (Spades)', async () => {
    const rt = await loadBenchRuntime();
    const def = (await loadGame('spades')) as unknown as GameDef;
    const inc: number[] = [];
    const all: number[] = [];
    const a = rt.randomPlayout(counted(def, inc), { players: 4, seed: 3 });
    const b = rt.randomPlayout(counted(reference(def), all), { players: 4, seed: 3 });
    expect(a).toEqual(b);
    const sum = (xs: number[]): number => xs.reduce((s, v) => s + v, 0);
    expect(sum(inc)).toBeLessThan(sum(all));
  });

  it('tests every trigger on a state no settled apply returned (an arrangement): Spades ends the round on a bid once the hands are empty', async () => {
    const def = (await loadGame('spades')) as unknown as GameDef;
    const start = setup(def, { players: 4, seed: 5 });
    const hand = def.zones.findIndex((z) => z.name === 'hand');
    // Every hand emptied while bidding: `when all p in players where count(hand(p)) == 0 and trick is empty`
    // holds, but a bid writes only variables, so only a full test after it sees it.
    const arranged = arrange(def, start, [0, 1, 2, 3].map((p) => ({ zone: start.declBase[hand]! + p, cards: [] })));
    if (!('zones' in arranged)) throw new Error(arranged.message);
    const seat = arranged.current;
    const bid = legalActions(def, arranged, seat, arranged.lastAt)[0]!;
    const run = (d: GameDef): GameState => {
      const r = apply(d, arranged, seat, bid, arranged.lastAt);
      if ('rejected' in r) throw new Error(r.rejected.message);
      return r.state;
    };
    const got = run(def);
    expect(got).toEqual(run(reference(def)));
    expect(got.round).toBe(arranged.round + 1);
  });

  it.each(GAMES)('%s: the same state at every step through the public API, and the same whole games', async (spec) => {
    const rt = await loadBenchRuntime();
    const def = (await loadGame(spec)) as unknown as GameDef;
    const ref = reference(def);
    expectSameGames(rt, def, ref, COMPARED_MOVES);
  });
});
