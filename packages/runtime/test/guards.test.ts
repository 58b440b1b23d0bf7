// Termination guards: triggers that never reach a fixed point and games that go on too long
// end as `stuck`; a rule bug never loops forever.
import { describe, expect, it } from 'vitest';
import { apply, isStalled, legalActions, setup, tick, type GameDef } from '../src/index.ts';
import { race } from './fixtures/race.ts';
import { shed } from './fixtures/shed.ts';

describe('termination guards', () => {
  it('ends the game as stuck when triggers keep firing', () => {
    const looping: GameDef = { ...shed, triggers: [{ name: 'again', during: [], test: () => 0, effect: (x) => x.announce('again') }] };
    const s = setup(looping, { players: 2, seed: 1 });
    expect(s.result).toEqual({ winners: [], scores: [0, 0], endedBy: 'stuck', reason: 'triggers' });
    expect(legalActions(looping, s, 1)).toEqual([]);
  });
  it('ends the game as stuck after maxMoves actions and timers', () => {
    let s = setup(shed, { players: 2, seed: 2, maxMoves: 5, options: { must_play: false, turn_time: 1000 } });
    for (let i = 0; i < 3; i++) {
      const r = apply(shed, s, s.current, legalActions(shed, s, s.current)[0], 100 * (i + 1));
      if ('rejected' in r) throw new Error(r.rejected.message);
      s = r.state;
    }
    s = tick(shed, s, 100_000).state;
    expect(s.moves).toBe(5);
    expect(s.result?.endedBy).toBe('stuck');
    expect(s.result?.reason).toBe('limit');
  });
  it('a window that reopens itself at once stops at the limit', () => {
    const def: GameDef = {
      ...race,
      windows: [{ name: 'loop', blocking: true, ms: () => 0, onTimeout: (x) => x.openWindow(0) }],
      triggers: [{ name: 'open', during: ['race'], test: (x) => (x.windowOpen() ? -1 : 0), effect: (x) => x.openWindow(0) }],
    };
    const s = setup(def, { players: 2, seed: 3, maxMoves: 50 });
    const t = tick(def, s, 5000).state;
    expect(t.result?.reason).toBe('limit');
  });
  it('detects a stalemate: nobody can act and no timer is pending', () => {
    const s = setup(shed, { players: 2, seed: 4 });
    expect(isStalled(shed, s)).toBe(false);
    const frozen: GameDef = { ...shed, actions: shed.actions.map((a) => ({ ...a, guard: () => ({ code: 'x/no', message: 'no' }) })) };
    expect(isStalled(frozen, setup(frozen, { players: 2, seed: 4 }))).toBe(true);
    expect(isStalled(frozen, setup(frozen, { players: 2, seed: 4, options: { turn_time: 1000 } }))).toBe(false);
  });
});
