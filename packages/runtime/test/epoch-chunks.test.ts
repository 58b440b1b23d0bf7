// Per-viewer id epochs are stored in chunks of 16 cards (views/view-ids.ts): a card drawn into a
// hand gets fresh ids for the viewers who cannot see it, and the new state shares every other
// chunk with the state before it, so an action allocates (and a holder of both states keeps)
// one small chunk per such viewer instead of a copy of every viewer's whole row.
import { describe, expect, it } from 'vitest';
import { setup, type GameState } from '../src/index.ts';
import { EPOCH_CHUNK, epochChunks, epochIndex, epochOf, viewIdOf, cardOfViewId } from '../src/views/view-ids.ts';
import { shed, Z_DRAW } from './fixtures/shed.ts';
import { ok } from './helpers/util.ts';

const hand = (s: GameState, p: number) => s.declBase[2] + p;

describe('epoch chunks', () => {
  it('a draw copies one chunk per viewer the card is hidden from and shares the rest', () => {
    const players = 3;
    const s0 = setup(shed, { players, seed: 'chunks', options: { hand_size: 5, must_play: false } });
    const cards = s0.face.length;
    expect(s0.epochs).toHaveLength((players + 1) * epochChunks(cards));
    expect(s0.epochs.every((chunk) => chunk.length === EPOCH_CHUNK)).toBe(true);
    const seat = s0.current;
    const drawn = s0.zones[Z_DRAW]![s0.zones[Z_DRAW]!.length - 1]!;
    const before = [0, 1, 2, 3].map((v) => viewIdOf(s0, v, drawn));
    const s1 = ok(shed, s0, seat, { type: 'draw_card' }).state;
    expect(s1.zones[hand(s1, seat)]).toContain(drawn);

    // The drawn card lands in a hand only its owner sees: fresh epochs (and ids) for every other viewer.
    for (let v = 0; v <= players; v++) {
      expect(epochOf(s1, v, drawn) - epochOf(s0, v, drawn)).toBe(v === seat ? 0 : 1);
      expect(viewIdOf(s1, v, drawn) === before[v]).toBe(v === seat);
      expect(cardOfViewId(s1, v, viewIdOf(s1, v, drawn))).toBe(drawn);
    }
    expect(cardOfViewId(s1, (seat + 1) % players, before[(seat + 1) % players])).toBe(-1);

    // Only the chunks holding the drawn card for those viewers are new arrays.
    const copied = s1.epochs.flatMap((chunk, i) => (chunk === s0.epochs[i] ? [] : [i]));
    const expected = [0, 1, 2, 3].filter((v) => v !== seat).map((v) => epochIndex(s1, v, drawn));
    expect(copied.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    // Every other card keeps its epoch for every viewer.
    for (let v = 0; v <= players; v++) for (let c = 0; c < cards; c++) if (c !== drawn) expect(epochOf(s1, v, c)).toBe(epochOf(s0, v, c));
  });
});
