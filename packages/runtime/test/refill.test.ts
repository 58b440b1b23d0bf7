// `refill from … keeping top` moves a pile's cards but its top in one pass between two piles
// (zones/ops.ts refillKeepingTop): the same state, events and view ids as a move per card,
// bottom card first, for every visibility the two piles can have.
import { describe, expect, it } from 'vitest';
import { setup, type GameDef } from '../src/index.ts';
import { shed, Z_DISCARD, Z_DRAW } from './fixtures/shed.ts';
import { effect } from './helpers/util.ts';

type Vis = 'hidden' | 'top' | 'visible';

const withVisibility = (draw: Vis, discard: Vis): GameDef => ({
  ...shed,
  zones: shed.zones.map((z, d) => (d === Z_DRAW ? { ...z, visibility: draw } : d === Z_DISCARD ? { ...z, visibility: discard } : z)),
});

describe('refillKeepingTop', () => {
  const kinds: Vis[] = ['hidden', 'top', 'visible'];
  for (const draw of kinds) {
    for (const discard of kinds) {
      it(`between a ${draw} draw pile and a ${discard} discard: as one move per card`, () => {
        const def = withVisibility(draw, discard);
        const s0 = setup(def, { players: 3, seed: `refill ${draw} ${discard}` });
        const [drawZ, discardZ] = [s0.declBase[Z_DRAW]!, s0.declBase[Z_DISCARD]!];
        // Most of the draw pile onto the discard, so that the refill has cards to take.
        const s1 = effect(def, s0, (e) => {
          while (e.s.zones[drawZ]!.length > 3) e.move(e.top(drawZ), discardZ, 'top');
        }).state;
        const taken = s1.zones[discardZ]!.length - 1;
        expect(taken).toBeGreaterThan(20);
        const bulk = effect(def, s1, (e) => e.refillKeepingTop(drawZ, discardZ));
        const oneByOne = effect(def, s1, (e) => {
          const cards = e.s.zones[discardZ]!.slice(0, -1);
          for (const c of cards) e.move(c, drawZ, 'top');
        });
        expect(bulk.state.zones[discardZ]).toEqual([s1.zones[discardZ]!.at(-1)]);
        expect(bulk.state.zones[drawZ]).toEqual([...s1.zones[drawZ]!, ...s1.zones[discardZ]!.slice(0, -1)]);
        expect(bulk.events).toHaveLength(taken);
        expect(bulk.events).toEqual(oneByOne.events);
        expect(bulk.state).toEqual(oneByOne.state);
      });
    }
  }
});
