// The three Tiv-Miv implementations play the same game: over 300 seeded random games each (two
// phases a game, to keep the test short), mean moves, phases and final score agree within a few %.
import { beforeAll, describe, expect, it } from 'vitest';
import { playTivMiv } from '../../bench/baseline/tiv-miv.ts';
import type { PlayoutStats } from '../../bench/types.ts';
import { loadGame } from '../../src/simulate/load-game.ts';
import { fastPlayout } from '../../src/bench/engine-figures.ts';
import { checkFidelity, Tally, type GameShape } from '../../src/bench/fidelity.ts';
import { loadBenchRuntime, type GameDef } from '../../src/bench/runtime-api.ts';

const GAMES = 300;
const PLAYERS = 4;
const OPTIONS = { phases: 2, maxIndex: 5 };

function shape(play: (seed: number) => PlayoutStats): GameShape {
  const t = new Tally();
  for (let seed = 0; seed < GAMES; seed++) {
    const r = play(seed);
    t.add(seed, r.moves, r.phases, r.scores);
  }
  return t.summary();
}

describe('fidelity of the peer and the baseline to the rule file', () => {
  let decksmith: GameShape;
  beforeAll(async () => {
    const rt = await loadBenchRuntime();
    const def = (await loadGame('tiv-miv')) as unknown as GameDef;
    const play = fastPlayout(rt, { def, players: PLAYERS, options: { phases: OPTIONS.phases } });
    decksmith = shape((seed) => {
      const r = play(seed);
      return { moves: r.actions, phases: r.rounds, blocked: 0, scores: r.result?.scores ?? [], winners: r.result?.winners ?? [] };
    });
  });

  it('every Decksmith game ends, after the phases asked for', () => {
    expect(decksmith.games).toBe(GAMES);
    expect(decksmith.phasesPerGame).toBe(OPTIONS.phases);
    expect(decksmith.movesPerGame).toBeGreaterThan(100);
  });

  it('the hand-written baseline: same moves and phases per game within 5 %, same mean score within 10 %', () => {
    const hand = shape((seed) => playTivMiv(seed, PLAYERS, OPTIONS));
    expect(checkFidelity(decksmith, [hand], 5).ok).toBe(true);
    expect(Math.abs(hand.meanScore - decksmith.meanScore) / decksmith.meanScore).toBeLessThan(0.1);
  });

  it('the boardgame.io peer: same moves and phases per game within 5 %, same mean score within 10 %', async () => {
    const env = process.env.NODE_ENV;
    // As the bench runs it: boardgame.io re-checks every move's state for JSON-safety outside production.
    process.env.NODE_ENV = 'production';
    try {
      const { playBgio } = await import('../../bench/peer/drive.ts');
      const peer = shape((seed) => playBgio(seed, PLAYERS, OPTIONS));
      expect(checkFidelity(decksmith, [peer], 5).ok).toBe(true);
      expect(Math.abs(peer.meanScore - decksmith.meanScore) / decksmith.meanScore).toBeLessThan(0.1);
    } finally {
      process.env.NODE_ENV = env;
    }
  }, 120_000);
});
