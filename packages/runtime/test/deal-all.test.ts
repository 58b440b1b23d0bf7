// `deal all from <pile> to <zone>(each player)` in one pass (zones/ops.ts dealAllInOnePass):
// quiet, or with its events where sight is static, the same state, events and view ids as a
// move per card from the top, round the seats from the dealer's left; elsewhere a move per card.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../src/core/engine.ts';
import { setup, type GameDef, type GameState } from '../src/index.ts';
import { shed, Z_DISCARD, Z_DRAW, Z_HAND } from './fixtures/shed.ts';
import { effect } from './helpers/util.ts';

type Vis = 'hidden' | 'top' | 'visible' | 'owner';

const withVisibility = (draw: Vis, hand: Vis): GameDef => ({
  ...shed,
  zones: shed.zones.map((z, d) => (d === Z_DRAW ? { ...z, visibility: draw } : d === Z_HAND ? { ...z, visibility: hand } : z)),
});

/** The reference: a move per card from the top of `from`, round the seats in play from the dealer's left. */
function oneByOne(e: Engine, from: number): void {
  const s = e.s;
  const seats: number[] = [];
  for (let i = 0, p = e.leftOf(s.dealer < 0 ? s.players - 1 : s.dealer); i < s.players; i++, p = (p + 1) % s.players) if (s.out[p] === 0) seats.push(p);
  for (let i = 0; e.count(from) > 0; i = (i + 1) % seats.length) e.move(e.top(from), e.zone(Z_HAND, seats[i]!), 'top');
}

describe('deal all', () => {
  const cases: [Vis, Vis][] = [['hidden', 'owner'], ['top', 'owner'], ['visible', 'owner'], ['hidden', 'visible'], ['hidden', 'top']];
  for (const [draw, hand] of cases) {
    for (const quiet of [false, true]) {
      it(`from a ${draw} pile to ${hand} hands${quiet ? ', quiet' : ''}: as a move per card`, () => {
        const def = withVisibility(draw, hand);
        const s0 = setup(def, { players: 4, seed: `deal ${draw} ${hand}` });
        const drawZ = s0.declBase[Z_DRAW]!;
        // A seat out of play is dealt nothing; the hands already hold cards.
        const s1: GameState = { ...s0, out: s0.out.map((o, p) => (p === 2 ? 1 : o)) };
        const dealt = s1.zones[drawZ]!.length;
        expect(dealt).toBeGreaterThan(20);
        const bulk = effect(def, s1, (e) => e.deal(-1, drawZ, Z_HAND, 'player'), quiet);
        const reference = effect(def, s1, (e) => oneByOne(e, drawZ), quiet);
        expect(bulk.state.zones[drawZ]).toEqual([]);
        expect(bulk.state.zones[s1.declBase[Z_HAND]! + 2]).toEqual(s1.zones[s1.declBase[Z_HAND]! + 2]);
        expect(bulk.events.filter((x) => x.type === 'move')).toHaveLength(quiet ? 0 : dealt);
        expect(bulk.events).toEqual(reference.events);
        expect(bulk.state).toEqual(reference.state);
      });
    }
  }
  it('from a pile to the discard of every seat (one shared zone): as a move per card', () => {
    const def: GameDef = { ...shed, zones: shed.zones.map((z, d) => (d === Z_DISCARD ? { ...z, visibility: 'visible' } : z)) };
    const s0 = setup(def, { players: 3, seed: 'deal shared' });
    const drawZ = s0.declBase[Z_DRAW]!;
    const discardZ = s0.declBase[Z_DISCARD]!;
    const bulk = effect(def, s0, (e) => e.deal(-1, drawZ, Z_DISCARD, 'player'));
    const reference = effect(def, s0, (e) => {
      while (e.count(drawZ) > 0) e.move(e.top(drawZ), discardZ, 'top');
    });
    expect(bulk.events).toEqual(reference.events);
    expect(bulk.state).toEqual(reference.state);
  });
});
