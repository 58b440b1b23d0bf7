// Sides and roles on the teams fixture: pairs with roles, per-side decks and zones, piles
// created in play with pile variables, races on piles, families emptied each round, and
// `ties replay among tied`.
import { describe, expect, it } from 'vitest';
import { checkInvariants, legalActions, setup, tick, view, type Ctx, type GameState } from '../src/index.ts';
import { teams, Z_CENTRE, Z_SLOTS, Z_STOCK, Z_WASTE, V_HEIGHT, V_SCORE } from './fixtures/teams.ts';
import { idIn, ok, rejected, setUp } from './helpers/util.ts';

const slots = (s: GameState, side: number) => s.declBase[Z_SLOTS] + side;
const stock = (s: GameState, side: number) => s.declBase[Z_STOCK] + side;
const waste = (s: GameState, side: number) => s.declBase[Z_WASTE] + side;

describe('sides and roles', () => {
  it('pairs players into sides with roles', () => {
    const s = setup(teams, { players: 5, seed: 'sides' });
    expect(s.sideOf).toEqual([0, 0, 1, 1, 2]);
    const v = view(teams, s, 0);
    expect(v.roles).toEqual([['main'], ['stock'], ['main'], ['stock'], ['main', 'stock']]);
    expect(s.zones[slots(s, 2)].every((c) => c >= 0)).toBe(true);
    // Per-side decks: 9 cards each, backs show the side.
    expect(s.face).toHaveLength(27);
    const back = v.zones.find((z) => z.name === 'stock' && z.owner === 1)!.cards![0];
    expect(back).toEqual({ back: 1 });
    expect(checkInvariants(teams, s)).toEqual([]);
  });
  it('rejects an action of the other role', () => {
    const s = setup(teams, { players: 4, seed: 'roles' });
    expect(rejected(teams, s, 0, { type: 'flip_stock', expect: { height: 0, top: null } })).toBe('role/not_yours');
    expect(legalActions(teams, s, 1).map((a) => a.type)).toEqual(['flip_stock']);
  });
});

describe('piles created in play', () => {
  function ready(): GameState {
    const s = setup(teams, { players: 4, seed: 'piles' });
    return setUp(teams, s, [{ zone: slots(s, 0), cards: ['R1', 'R3'] }, { zone: slots(s, 1), cards: ['R2', 'B1'] }, { zone: stock(s, 0), cards: ['B4', 'W'] }]);
  }
  it('starts a new pile with a 1 and builds on it; races name the pile', () => {
    let s = ready();
    const r1 = idIn(teams, s, 0, slots(s, 0), 'R1');
    expect(rejected(teams, s, 0, { type: 'play_main', args: { c: idIn(teams, s, 0, slots(s, 0), 'R3'), p: 'new' } })).toBe('card/not_playable');
    s = ok(teams, s, 0, { type: 'play_main', args: { c: r1, p: 'new' } }, 100).state;
    const pile = s.families[Z_CENTRE][0];
    expect(pile).toBe(s.staticZones);
    expect(s.pileVars[s.varBase[V_HEIGHT]][pile]).toBe(1);
    // The freed slot is refilled from the stock's top (W), in place.
    expect(teams.faces.notation[s.face[s.zones[slots(s, 0)][0]]]).toBe('W');
    const r2 = idIn(teams, s, 2, slots(s, 1), 'R2');
    const top = idIn(teams, s, 2, pile, 'R1');
    expect(legalActions(teams, s, 2)).toContainEqual({ type: 'play_main', args: { c: r2, p: pile }, expect: { height: 1, top } });
    expect(rejected(teams, s, 2, { type: 'play_main', args: { c: r2, p: pile } })).toBe('input/invalid');
    expect(rejected(teams, s, 2, { type: 'play_main', args: { c: r2, p: 99 }, expect: { height: 1, top } })).toBe('input/invalid');
    const wild = idIn(teams, s, 0, slots(s, 0), 'W');
    const top0 = idIn(teams, s, 0, pile, 'R1');
    const s2 = ok(teams, s, 0, { type: 'play_main', args: { c: wild, p: pile }, expect: { height: 1, top: top0 } }, 200).state;
    expect(rejected(teams, s2, 2, { type: 'play_main', args: { c: r2, p: pile }, expect: { height: 1, top } }, 210)).toBe('race/beaten');
    expect(s2.pileVars[s2.varBase[V_HEIGHT]][pile]).toBe(2);
    expect(checkInvariants(teams, s2)).toEqual([]);
  });
  it('races on a visible-top waste by its height and top', () => {
    let s = ready();
    s = ok(teams, s, 1, { type: 'flip_stock', expect: { height: 0, top: null } }, 50).state;
    const w = waste(s, 0);
    expect(s.zones[w]).toHaveLength(1);
    const [flip] = legalActions(teams, s, 1).filter((a) => a.type === 'flip_stock');
    expect(flip.expect?.height).toBe(1);
    expect(flip.expect?.top).toBe(idIn(teams, s, 1, w, teams.faces.notation[s.face[s.zones[w][0]]]));
    expect(rejected(teams, s, 1, { type: 'flip_stock', expect: { height: 0, top: null } })).toBe('race/beaten');
  });
  it('empties families at the next round and scores per side', () => {
    let s = ready();
    s = ok(teams, s, 0, { type: 'play_main', args: { c: idIn(teams, s, 0, slots(s, 0), 'R1'), p: 'new' } }, 100).state;
    const r = tick(teams, s, 3100); // idle: the round ends
    const t = r.state;
    expect(t.round).toBe(2);
    expect(t.families[Z_CENTRE]).toEqual([]);
    expect(t.zones).toHaveLength(t.staticZones);
    expect(t.vars[t.varBase[V_SCORE]]).toBe(1);
    expect(view(teams, t, 0).scores).toEqual([1, 1, 0, 0]);
    expect(checkInvariants(teams, t)).toEqual([]);
  });
});

describe('ties', () => {
  it('replays a round among the tied players only', () => {
    let s = setup(teams, { players: 3, seed: 'ties', options: { target: 5 } });
    s = { ...s, vars: s.vars.slice() };
    s.vars[s.varBase[V_SCORE] + 0] = 3;
    s.vars[s.varBase[V_SCORE] + 1] = 7;
    s.vars[s.varBase[V_SCORE] + 2] = 4;
    // Player 0 empties their row: +3, +1 for the card in the centre → 7, tying player 1.
    s = setUp(teams, s, [{ zone: slots(s, 0), cards: ['R1'] }, { zone: stock(s, 0), cards: [] }]);
    const r = ok(teams, s, 0, { type: 'play_main', args: { c: idIn(teams, s, 0, slots(s, 0), 'R1'), p: 'new' } }, 100);
    expect(r.state.result).toBeNull();
    expect(r.state.round).toBe(2);
    expect(r.state.out).toEqual([0, 0, 1]);
    expect(rejected(teams, r.state, 2, { type: 'recycle' }, 200)).toBe('turn/not_yours');
    expect(view(teams, r.state, 2).out).toEqual([0, 0, 1]);
  });
});

describe('roles with a condition (`by player with role r if cond`)', () => {
  // The teams fixture with flip_stock's role required only while option 0 (target) is above 10.
  const withWhen = {
    ...teams,
    actions: teams.actions.map((a) => (a.name === 'flip_stock' ? { ...a, who: { kind: 'role' as const, role: 1, when: (x: Ctx) => x.opt(0) > 10 } } : a)),
  };
  it('requires the role while the condition holds, and lets anyone act when it does not', () => {
    const strict = setup(withWhen, { players: 4, seed: 'roles', options: { target: 12 } });
    expect(rejected(withWhen, strict, 0, { type: 'flip_stock', expect: { height: 0, top: null } })).toBe('role/not_yours');
    const free = setup(withWhen, { players: 4, seed: 'roles', options: { target: 5 } });
    expect(legalActions(withWhen, free, 0).map((a) => a.type)).toContain('flip_stock');
    expect(ok(withWhen, free, 0, { type: 'flip_stock', expect: { height: 0, top: null } }).state.zones[waste(free, 0)]).toHaveLength(1);
  });
});
