// The card→zone index is stored in chunks of 16 cards (core/state.ts `cardZoneOf`): a move copies
// the moved card's chunk and shares every other with the state before it, so an action allocates
// (and a room holding its state until the next action keeps) one small chunk, not a copy of the
// whole index.
import { describe, expect, it } from 'vitest';
import { checkInvariants, setup } from '../src/index.ts';
import { CARD_CHUNK, cardZoneOf } from '../src/core/state.ts';
import { shed, Z_DRAW } from './fixtures/shed.ts';
import { ok } from './helpers/util.ts';

describe('card→zone chunks', () => {
  it('a draw copies the drawn card’s chunk, shares the others, and indexes the card in its new zone', () => {
    const s0 = setup(shed, { players: 3, seed: 'zone-chunks', options: { hand_size: 5, must_play: false } });
    const cards = s0.face.length;
    expect(s0.cardZone).toHaveLength(Math.ceil(cards / CARD_CHUNK));
    for (let c = 0; c < cards; c++) expect(s0.zones[cardZoneOf(s0, c)]).toContain(c);

    const seat = s0.current;
    const drawn = s0.zones[Z_DRAW]![s0.zones[Z_DRAW]!.length - 1]!;
    const s1 = ok(shed, s0, seat, { type: 'draw_card' }).state;
    const to = cardZoneOf(s1, drawn);
    expect(to).not.toBe(Z_DRAW);
    expect(s1.zones[to]).toContain(drawn);

    const copied = s1.cardZone.flatMap((chunk, i) => (chunk === s0.cardZone[i] ? [] : [i]));
    expect(copied).toEqual([Math.floor(drawn / CARD_CHUNK)]);
    // The state before the draw is untouched.
    expect(cardZoneOf(s0, drawn)).toBe(Z_DRAW);
    for (let c = 0; c < cards; c++) if (c !== drawn) expect(cardZoneOf(s1, c)).toBe(cardZoneOf(s0, c));
    expect(checkInvariants(shed, s1)).toEqual([]);
  });
});
