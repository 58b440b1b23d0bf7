// Replay: a log of timestamped actions rebuilds byte-identical states, timers included.
import { describe, expect, it } from 'vitest';
import { replay, setup, type ActionLog, type GameDef } from '../src/index.ts';
import { race } from './fixtures/race.ts';
import { react } from './fixtures/react.ts';
import { shed } from './fixtures/shed.ts';
import { playRandom } from './helpers/play.ts';

function logOf(def: GameDef, players: number, seed: string, options = {}): { log: ActionLog; final: string } {
  const start = setup(def, { players, seed, options });
  const r = playRandom(def, start, 99);
  return { log: { v: 1, game: def.id, seed, players, options, actions: r.log }, final: JSON.stringify(r.state) };
}

describe('replay', () => {
  it.each([
    ['shed', shed, 4, { turn_time: 700 }],
    ['race', race, 3, {}],
    ['react', react, 3, { turn_time: 900 }],
  ] as const)('replays a random %s game to the same bytes', (_, def, players, options) => {
    const { log, final } = logOf(def, players, 'replay', options);
    expect(log.actions.length).toBeGreaterThan(10);
    const a = replay(def, log);
    expect(a.rejected).toEqual([]);
    expect(JSON.stringify(a.state)).toBe(final);
    const b = replay(def, JSON.parse(JSON.stringify(log)) as ActionLog);
    expect(JSON.stringify(b.state)).toBe(JSON.stringify(a.state));
  });
  it('reports rejected entries and goes on', () => {
    const { log } = logOf(shed, 2, 'rej');
    log.actions.splice(1, 0, { at: log.actions[0].at, seat: 0, action: { type: 'nope' } });
    const r = replay(shed, log);
    expect(r.rejected).toEqual([{ index: 1, rejection: { code: 'action/unknown', message: 'Shed has no action "nope".' } }]);
  });
  it('refuses a log of another game', () => {
    expect(() => replay(race, { v: 1, game: 'shed', seed: 1, players: 2, options: {}, actions: [] })).toThrow(/not race/);
  });
});
