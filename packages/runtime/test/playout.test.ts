// randomPlayout (the in-place fast path) plays exactly the game that the same loop over the
// public API plays (test/fixtures/reference-playout.ts): same actions, time, rounds and result.
import { describe, expect, it } from 'vitest';
import { apply, legalActions, randomPlayout, setup, type GameDef } from '../src/index.ts';
import { race } from './fixtures/race.ts';
import { react } from './fixtures/react.ts';
import { referencePlayout } from './fixtures/reference-playout.ts';
import { rummy } from './fixtures/rummy.ts';
import { shed } from './fixtures/shed.ts';
import { teams } from './fixtures/teams.ts';

const fixtures: [string, GameDef][] = [['shed', shed], ['race', race], ['react', react], ['teams', teams], ['rummy', rummy]];

describe('randomPlayout matches the public-API loop', () => {
  for (const [name, def] of fixtures) {
    it(`${name}: every player count, 6 seeds each`, () => {
      for (let players = def.minPlayers; players <= Math.min(def.maxPlayers, 6); players++) {
        for (let seed = 1; seed <= 6; seed++) {
          const input = { players, seed: `${name}-${seed}` };
          const fast = randomPlayout(def, input);
          expect(fast, `${players} players, seed ${seed}`).toEqual(referencePlayout(def, input));
          expect(fast.actions).toBeGreaterThan(0);
        }
      }
    });
  }

  it('shed with its options changed and a small cap', () => {
    const input = { players: 3, seed: 5, options: { must_play: false, penalty: 1 } };
    expect(randomPlayout(shed, input)).toEqual(referencePlayout(shed, input));
    const capped = randomPlayout(shed, { ...input, maxActions: 7 });
    expect(capped).toEqual(referencePlayout(shed, { ...input, maxActions: 7 }));
    expect(capped).toMatchObject({ actions: 7, capped: true, result: null });
  });
});

describe('randomPlayout', () => {
  it('is deterministic per seed and depends on it', () => {
    const a = randomPlayout(shed, { players: 4, seed: 'x' });
    expect(randomPlayout(shed, { players: 4, seed: 'x' })).toEqual(a);
    const others = [1, 2, 3, 4, 5].map((seed) => JSON.stringify(randomPlayout(shed, { players: 4, seed })));
    expect(new Set([...others, JSON.stringify(a)]).size).toBeGreaterThan(1);
  });

  it('finishes games with a result', () => {
    const r = randomPlayout(shed, { players: 4, seed: 11 });
    expect(r.capped).toBe(false);
    expect(r.result?.endedBy).toBe('end');
    expect(r.result?.winners.length).toBeGreaterThan(0);
  });

  it('leaves the engine as the pure API expects it (events and view ids again)', () => {
    randomPlayout(react, { players: 3, seed: 2 });
    const state = setup(shed, { players: 2, seed: 3 });
    const frozen = JSON.stringify(state);
    const move = legalActions(shed, state, state.current)[0];
    const r = apply(shed, state, state.current, move, 10);
    expect('state' in r && r.events.some((e) => e.type === 'action')).toBe(true);
    expect(JSON.stringify(state)).toBe(frozen);
  });
});
