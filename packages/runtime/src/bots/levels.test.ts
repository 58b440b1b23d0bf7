// Every bot level only ever returns one of the seat's legal actions, over many random states of every fixture.
import { describe, expect, it } from 'vitest';
import { apply, legalActions, setup, type GameDef, type GameState } from '../index.ts';
import { deriveRng } from '../rng/index.ts';
import { playRandom } from '../../test/helpers/play.ts';
import { shed } from '../../test/fixtures/shed.ts';
import { race } from '../../test/fixtures/race.ts';
import { react } from '../../test/fixtures/react.ts';
import { rummy } from '../../test/fixtures/rummy.ts';
import { teams } from '../../test/fixtures/teams.ts';
import { BOT_LEVELS, botFor, chooseAction, parseBotLevel } from './levels.ts';
import { mayWait } from './situation.ts';

const FIXTURES: [GameDef, number][] = [[shed, 3], [race, 2], [react, 3], [rummy, 2], [teams, 4]];

/** Up to `count` states met while playing at random (several games), with the time they were met at. */
function randomStates(def: GameDef, players: number, count: number): { state: GameState; at: number }[] {
  const out: { state: GameState; at: number }[] = [];
  for (let g = 0; out.length < count && g < 20; g++) {
    const start = setup(def, { players, seed: `states-${g}` });
    playRandom(def, start, 100 + g, { maxSteps: 400, onStep: (s) => { if (s.at % 3 === 0 || out.length < 4) out.push({ state: s.before, at: s.at }); } });
  }
  return out.slice(0, count);
}

describe('bot levels', () => {
  it('parses levels and aliases', () => {
    expect(parseBotLevel('ISMCTS')).toBe('ismcts');
    expect(parseBotLevel('hard')).toBe('ismcts');
    expect(parseBotLevel('easy')).toBe('random');
    expect(parseBotLevel('genius')).toBeNull();
    expect(() => botFor('genius')).toThrow(/Unknown bot level/);
  });

  for (const [def, players] of FIXTURES) {
    it(`every level returns only legal actions in ${def.id}`, () => {
      const states = randomStates(def, players, 24);
      expect(states.length).toBeGreaterThan(10);
      let checked = 0;
      states.forEach(({ state, at }, i) => {
        for (let seat = 0; seat < players; seat++) {
          const legal = legalActions(def, state, seat, at).map((a) => JSON.stringify(a));
          for (const level of BOT_LEVELS) {
            const rng = deriveRng(`legal-${i}`, `${level}:${seat}`);
            const a = chooseAction(level, def, state, seat, rng, { now: at, iterations: 12 });
            if (legal.length === 0) {
              expect(a).toBeNull();
              continue;
            }
            if (a === null) {
              // Only a seat that may let the moment pass may decline.
              expect(mayWait(def, state, seat, at)).toBe(true);
              continue;
            }
            expect(legal).toContain(JSON.stringify(a));
            const r = apply(def, state, seat, a, at);
            expect('rejected' in r ? r.rejected : null).toBeNull();
            checked++;
          }
        }
      });
      expect(checked).toBeGreaterThan(20);
    });
  }
});
