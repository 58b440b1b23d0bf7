// Explicit arrangements with per-side decks (the teams fixture): a side's zone takes its own
// deck's copy of a face, rows land in the listed slot order, and a card claimed away from a
// full row makes room for the row's own cards.
import { describe, expect, it } from 'vitest';
import { arrange, checkInvariants, setup, type GameState } from '../src/index.ts';
import { teams, Z_SLOTS, Z_STOCK, Z_WASTE } from './fixtures/teams.ts';
import { setUp } from './helpers/util.ts';

const slots = (s: GameState, side: number) => s.declBase[Z_SLOTS] + side;
const stock = (s: GameState, side: number) => s.declBase[Z_STOCK] + side;
const waste = (s: GameState, side: number) => s.declBase[Z_WASTE] + side;
const shown = (s: GameState, z: number) => s.zones[z].map((c) => (c < 0 ? '_' : teams.faces.notation[s.face[c]]));

describe('arrange with per-side decks', () => {
  it("takes the zone's side's own copy of a face", () => {
    const s0 = setup(teams, { players: 3, seed: 'own' });
    const s = setUp(teams, s0, [{ zone: waste(s0, 2), cards: ['R1', 'W'] }, { zone: waste(s0, 0), cards: ['R1'] }, { zone: slots(s0, 1), cards: ['B2', 'R1'] }]);
    for (const side of [0, 1, 2]) {
      for (const z of [waste(s, side), slots(s, side)]) for (const c of s.zones[z]) if (c >= 0) expect(s.owner[c]).toBe(side);
    }
    expect(shown(s, waste(s, 2))).toEqual(['R1', 'W']);
    expect(checkInvariants(teams, s)).toEqual([]);
  });
  it('falls back to another side’s copy when the side has none left', () => {
    const s0 = setup(teams, { players: 2, seed: 'fallback' });
    const s = setUp(teams, s0, [{ zone: waste(s0, 0), cards: ['W', 'W'] }]);
    expect(s.zones[waste(s, 0)].map((c) => s.owner[c]).sort()).toEqual([0, 1]);
  });
  it('puts a row’s cards in the listed slot order, even when a full row gives a card away', () => {
    const s0 = setup(teams, { players: 2, seed: 'rows' });
    const [a, b] = s0.zones[slots(s0, 0)].map((c) => teams.faces.notation[s0.face[c]]!);
    // Side 0's dealt slot cards: the first goes to its waste, the second to the other slot.
    const s = setUp(teams, s0, [{ zone: slots(s0, 0), cards: ['B4', b!] }, { zone: waste(s0, 0), cards: [a!] }]);
    expect(shown(s, slots(s, 0))).toEqual(['B4', b]);
    expect(shown(s, waste(s, 0))).toEqual([a]);
    expect(checkInvariants(teams, s)).toEqual([]);
  });
  it('refuses more cards than a row has slots', () => {
    const s0 = setup(teams, { players: 2, seed: 'full' });
    expect(arrange(teams, s0, [{ zone: slots(s0, 0), cards: ['R1', 'R2', 'R3'] }])).toMatchObject({ code: 'setup/invalid' });
    expect(arrange(teams, s0, [{ zone: stock(s0, 0), cards: ['R1', 'R2', 'R3'] }])).not.toHaveProperty('code');
  });
});
