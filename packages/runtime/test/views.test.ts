// Views and events: redaction per seat, opaque per-viewer ids that change when a card passes
// through a place the viewer cannot see, spectators, and the invariant checker catching leaks.
import { describe, expect, it } from 'vitest';
import { checkInvariants, checkViews, eventsFor, setup, view, type GameState } from '../src/index.ts';
import { cardOfViewId, feistelDecode, feistelEncode, viewIdOf } from '../src/views/view-ids.ts';
import { cardZoneOf } from '../src/core/state.ts';
import { rummy, V_DEALT, Z_HAND } from './fixtures/rummy.ts';
import { shed, Z_DISCARD, Z_DRAW } from './fixtures/shed.ts';
import { cardIn, ok, setUp } from './helpers/util.ts';

const hand = (s: GameState, p: number) => s.declBase[2] + p;

function ids(v: ReturnType<typeof view>): number[] {
  const out: number[] = [];
  for (const z of v.zones) for (const c of z.cards ?? []) if (c !== null && 'id' in c) out.push(c.id);
  return out;
}

describe('view ids', () => {
  it('the cipher is a bijection and decodes only current ids', () => {
    const keys = [1, 2, 3, 4];
    for (const x of [0, 1, 77, 0xffff, 0x10000, 0xfffffffe]) expect(feistelDecode(keys, 0, feistelEncode(keys, 0, x))).toBe(x);
    const s = setup(shed, { players: 2, seed: 'ids' });
    const c = s.zones[hand(s, 0)][0];
    expect(cardOfViewId(s, 0, viewIdOf(s, 0, c))).toBe(c);
    expect(cardOfViewId(s, 0, viewIdOf(s, 1, c))).not.toBe(c);
    expect(cardOfViewId(s, 0, -3)).toBe(-1);
    expect(cardOfViewId(s, 0, 1.5)).toBe(-1);
  });
  it('hidden cards are backs without ids; each seat sees only its own hand', () => {
    const s = setup(shed, { players: 3, seed: 'v' });
    const v0 = view(shed, s, 0);
    const h1 = v0.zones.find((z) => z.name === 'hand' && z.owner === 1)!;
    expect(h1.cards!.every((c) => c !== null && 'back' in c && Object.keys(c).length === 1)).toBe(true);
    const h0 = v0.zones.find((z) => z.name === 'hand' && z.owner === 0)!;
    expect(h0.cards!.every((c) => c !== null && 'id' in c)).toBe(true);
    expect(v0.zones[Z_DRAW].cards!.every((c) => c !== null && 'back' in c)).toBe(true);
    const spectator = view(shed, s, 'spectator');
    expect(ids(spectator)).toHaveLength(1); // only the discard's top
    expect(spectator.actions).toEqual([]);
    expect(view(shed, s, 1).actions.length).toBeGreaterThan(0);
    // Ids differ between viewers for the same visible card.
    expect(ids(view(shed, s, 1))).not.toContain(ids(spectator)[0]);
  });
  it('a card that goes out of sight comes back under a fresh id', () => {
    let s = setup(shed, { players: 2, seed: 'track', options: { must_play: false, penalty: 0 } });
    s = setUp(shed, s, [{ zone: Z_DISCARD, cards: ['G1', 'R2'] }, { zone: Z_DRAW, cards: [] }, { zone: hand(s, 1), cards: ['G2', 'B4'] }]);
    const r2 = cardIn(shed, s, Z_DISCARD, 'R2');
    const g1 = cardIn(shed, s, Z_DISCARD, 'G1');
    const seenBefore = viewIdOf(s, 0, g1);
    // Player 1 plays G2 on R2: G1 is now buried (not visible), R2 covered.
    s = ok(shed, s, 1, { type: 'play', args: { c: viewIdOf(s, 1, cardIn(shed, s, hand(s, 1), 'G2')) } }).state;
    expect(ids(view(shed, s, 0))).not.toContain(viewIdOf(s, 0, r2));
    // Player 0 draws: the draw pile refills from the discard (G1, R2 go into the hidden pile).
    s = ok(shed, s, 0, { type: 'draw_card' }).state;
    expect(cardZoneOf(s, g1) === Z_DRAW || cardZoneOf(s, g1) === hand(s, 0)).toBe(true);
    const g1Now = viewIdOf(s, 0, g1);
    expect(g1Now).not.toBe(seenBefore);
    expect(cardOfViewId(s, 0, seenBefore)).toBe(-1);
    expect(checkInvariants(shed, s)).toEqual([]);
  });
  it('id order says nothing about faces', () => {
    const faces: number[][] = [];
    for (let seed = 0; seed < 5; seed++) {
      const s = setup(shed, { players: 2, seed });
      const own = s.zones[hand(s, 0)].map((c) => ({ id: viewIdOf(s, 0, c), face: s.face[c] }));
      own.sort((a, b) => a.id - b.id);
      faces.push(own.map((o) => o.face));
    }
    expect(faces.some((f) => f.some((x, i) => i > 0 && x < f[i - 1]))).toBe(true);
  });
});

describe('events', () => {
  it('moves show a face and id only to viewers who saw the card', () => {
    let s = setup(shed, { players: 3, seed: 'ev', options: { must_play: false, penalty: 0 } });
    s = setUp(shed, s, [{ zone: Z_DISCARD, cards: ['R1'] }, { zone: hand(s, 1), cards: ['R3', 'G4'] }]);
    s = { ...s, vars: s.vars.slice() };
    s.vars[s.varBase[2]] = 0; // the colour to match: red
    const played = viewIdOf(s, 1, cardIn(shed, s, hand(s, 1), 'R3'));
    const r = ok(shed, s, 1, { type: 'play', args: { c: played } });
    const mine = eventsFor(shed, r.state, r.events, 1).find((e) => e.type === 'move')!;
    expect(mine).toMatchObject({ type: 'move', from: hand(s, 1), to: Z_DISCARD, card: played, shown: 'R3' });
    const theirs = eventsFor(shed, r.state, r.events, 0).find((e) => e.type === 'move')!;
    expect(theirs).toMatchObject({ shown: 'R3' });
    expect('card' in theirs && theirs.card).toBe(viewIdOf(r.state, 0, cardIn(shed, r.state, Z_DISCARD, 'R3')));
    // A draw is seen only by the drawer.
    const d = ok(shed, r.state, 2, { type: 'draw_card' });
    const drawn = eventsFor(shed, d.state, d.events, 0).filter((e) => e.type === 'move');
    expect(drawn.every((e) => 'back' in e)).toBe(true);
    const drawnByMe = eventsFor(shed, d.state, d.events, 2).filter((e) => e.type === 'move');
    expect(drawnByMe.every((e) => 'card' in e)).toBe(true);
    expect(JSON.stringify(eventsFor(shed, d.state, d.events, 'spectator'))).not.toMatch(/"card"/);
  });
});

describe('wild cards', () => {
  const wildInHand = (s: GameState, seat: number, owner: number): Record<string, boolean> => {
    const z = view(rummy, s, seat).zones.find((x) => x.name === 'hand' && x.owner === owner)!;
    return Object.fromEntries(z.cards!.map((c) => (c !== null && 'shown' in c ? [c.shown, c.wild === true] : ['back', 'wild' in c!])));
  };
  it('marks visible cards wild under the meld rules, following the per-round wild rank', () => {
    let s = setup(rummy, { players: 2, seed: 'wild' });
    s = setUp(rummy, s, [{ zone: s.declBase[Z_HAND], cards: ['3S', '4H', 'Jk'] }]);
    expect(s.vars[s.varBase[V_DEALT]]).toBe(3); // round 1: threes are wild
    expect(wildInHand(s, 0, 0)).toEqual({ '3S': true, '4H': false, Jk: true });
    const next = structuredClone(s);
    next.vars[next.varBase[V_DEALT]] = 4;
    expect(wildInHand(next, 0, 0)).toEqual({ '3S': false, '4H': true, Jk: true });
    // Backs say nothing, wild or not.
    expect(wildInHand(s, 1, 0)).toEqual({ back: false });
    // A game without meld rules never marks a card.
    expect(JSON.stringify(view(shed, setup(shed, { players: 2, seed: 'wild' }), 0))).not.toMatch(/"wild"/);
  });
});

describe('invariant checker', () => {
  it('reports lost, duplicated and mis-indexed cards, and leaks in views', () => {
    const s = setup(shed, { players: 2, seed: 'inv' });
    const lost = { ...s, zones: s.zones.map((z, i) => (i === Z_DRAW ? z.slice(1) : z)) };
    expect(checkInvariants(shed, lost).some((m) => /in no zone/.test(m))).toBe(true);
    const dup = { ...s, zones: s.zones.map((z, i) => (i === Z_DISCARD ? [...z, s.zones[Z_DRAW][0]] : z)) };
    expect(checkInvariants(shed, dup).some((m) => /is in zone/.test(m))).toBe(true);
    const leakyDef = { ...shed, zones: shed.zones.map((z, i) => (i === Z_DRAW ? { ...z, visibility: 'visible' as const } : z)) };
    expect(checkViews(leakyDef, s)).toEqual([]); // a visible zone may show faces
    expect(checkInvariants(shed, s)).toEqual([]);
  });
});
