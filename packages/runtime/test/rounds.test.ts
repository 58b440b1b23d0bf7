// Rounds and steps on the rummy fixture: steps in a turn, per-round values, dealer rotation,
// the meld solver through Ctx, last turns after going out, round scoring and winners.
import { describe, expect, it } from 'vitest';
import { checkInvariants, legalActions, setup, view, type GameState } from '../src/index.ts';
import { rummy, Z_DISCARD, Z_HAND, Z_LAID, Z_STOCK, V_SCORE, V_WENT_OUT } from './fixtures/rummy.ts';
import { playRandom } from './helpers/play.ts';
import { idIn, ok, rejected, setUp, shown } from './helpers/util.ts';

const hand = (s: GameState, p: number) => s.declBase[Z_HAND] + p;
const laid = (s: GameState, p: number) => s.declBase[Z_LAID] + p;

describe('steps', () => {
  it('a turn is a draw then a discard; the last step passes the turn', () => {
    let s = setup(rummy, { players: 3, seed: 'steps' });
    const p = s.current;
    expect(view(rummy, s, p).stage?.step).toBe('draw');
    expect(legalActions(rummy, s, p).map((a) => a.type)).toEqual(['draw_stock', 'take_discard']);
    const anyCard = s.zones[hand(s, p)][0];
    expect(rejected(rummy, s, p, { type: 'discard', args: { c: idIn(rummy, s, p, hand(s, p), rummy.faces.notation[s.face[anyCard]]) } })).toBe('stage/not_now');
    s = ok(rummy, s, p, { type: 'draw_stock' }).state;
    expect(s.current).toBe(p);
    expect(view(rummy, s, p).stage?.step).toBe('discard');
    const c = legalActions(rummy, s, p).find((a) => a.type === 'discard')!;
    const r = ok(rummy, s, p, c);
    expect(r.state.current).toBe((p + 1) % 3);
    expect(r.state.step).toBe(0);
  });
});

describe('rounds', () => {
  it('recomputes per-round values and rotates the dealer', () => {
    const s = setup(rummy, { players: 3, seed: 'rounds' });
    expect(s.vars[s.varBase[1]]).toBe(3);
    for (let p = 0; p < 3; p++) expect(s.zones[hand(s, p)]).toHaveLength(3);
    const dealer1 = s.dealer;
    let rounds = 1;
    const end = playRandom(rummy, s, 3, {
      currentOnly: true,
      onStep: ({ before, after }) => {
        expect(checkInvariants(rummy, after)).toEqual([]);
        if (after.round !== before.round && after.result === null) {
          rounds++;
          expect(after.dealer).toBe((before.dealer + 1) % 3);
          expect(after.vars[after.varBase[1]]).toBe(after.round + 2);
          for (let p = 0; p < 3; p++) expect(after.zones[hand(after, p)]).toHaveLength(after.round + 2);
          expect(after.zones[laid(after, 0)].filter((c) => c >= 0)).toHaveLength(0);
        }
      },
    });
    expect(rounds).toBe(3);
    expect(dealer1).toBeGreaterThanOrEqual(0);
    const res = end.state.result!;
    expect(res.endedBy).toBe('end');
    const best = Math.min(...res.scores);
    expect(res.winners).toEqual(res.scores.flatMap((v, p) => (v === best ? [p] : [])));
  });
  it('goes out with melds, gives everyone a last turn, then scores', () => {
    let s = setup(rummy, { players: 2, seed: 'out' });
    const p = s.current;
    const q = 1 - p;
    // Round 1: 3s are wild. p holds 4S 5S 6S + draws; q holds junk.
    s = setUp(rummy, s, [
      { zone: hand(s, p), cards: ['4S', '5S', '6S'] },
      { zone: hand(s, q), cards: ['1H', '2C', '6H'] },
      { zone: Z_STOCK, cards: ['1S', '4C'], onTop: true },
      { zone: Z_DISCARD, cards: ['5C'] },
    ]);
    s = ok(rummy, s, p, { type: 'draw_stock' }).state; // 4C
    expect(rejected(rummy, s, p, { type: 'go_out', args: { c: idIn(rummy, s, p, hand(s, p), '4S') } })).toBe('meld/invalid');
    s = ok(rummy, s, p, { type: 'go_out', args: { c: idIn(rummy, s, p, hand(s, p), '4C') } }).state;
    expect(s.vars[s.varBase[V_WENT_OUT]]).toBe(p);
    expect(shown(rummy, s, laid(s, p)).sort()).toEqual(['4S', '5S', '6S']);
    expect(s.current).toBe(q);
    s = ok(rummy, s, q, { type: 'draw_stock' }).state; // 1S
    const r = ok(rummy, s, q, { type: 'discard', args: { c: idIn(rummy, s, q, hand(s, q), '6H') } });
    // q laid 1H 1S + ... no meld of three: leftovers 1H 2C 1S = 4 points.
    expect(r.state.round).toBe(2);
    expect(r.state.vars.slice(r.state.varBase[V_SCORE], r.state.varBase[V_SCORE] + 2)[q]).toBe(4);
    expect(r.state.vars.slice(r.state.varBase[V_SCORE], r.state.varBase[V_SCORE] + 2)[p]).toBe(0);
  });
  it('moveTop refills an empty stock from the discard before taking its top', () => {
    let s = setup(rummy, { players: 2, seed: 'refill' });
    const p = s.current;
    s = setUp(rummy, s, [{ zone: Z_STOCK, cards: [] }, { zone: Z_DISCARD, cards: ['1S', '2S', '3S'] }]);
    s = ok(rummy, s, p, { type: 'draw_stock' }).state;
    expect(shown(rummy, s, Z_DISCARD)).toEqual(['3S']);
    expect(s.zones[Z_STOCK]).toHaveLength(1);
  });
});
