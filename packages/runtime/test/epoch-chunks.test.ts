// Per-viewer id epochs (views/view-ids.ts): a card gets a fresh id for a viewer when it lands
// where that viewer cannot see it and the viewer may have seen its id; a card that only ever sat
// hidden from a viewer keeps its unseen id. Epochs are stored in chunks of 16 cards, so a bump
// copies one small chunk per such viewer and the new state shares every other chunk.
import { describe, expect, it } from 'vitest';
import { setup, type GameState } from '../src/index.ts';
import type { Engine } from '../src/core/engine.ts';
import { EPOCH_CHUNK, epochChunks, epochIndex, epochOf, viewIdOf, cardOfViewId } from '../src/views/view-ids.ts';
import { shed, Z_DISCARD, Z_DRAW } from './fixtures/shed.ts';
import { effect as writeEffect, ok } from './helpers/util.ts';

const players = 3;
const viewers = [0, 1, 2, 3];
const hand = (s: GameState, p: number) => s.declBase[2] + p;
const start = (): GameState => setup(shed, { players, seed: 'chunks', options: { hand_size: 5, must_play: false } });
const copiedChunks = (a: GameState, b: GameState): number[] => b.epochs.flatMap((chunk, i) => (chunk === a.epochs[i] ? [] : [i])).sort((x, y) => x - y);

/** Runs `write` on a writable working copy of `s` (as an effect would) and returns the new state. */
const effect = (s: GameState, write: (e: Engine) => void): GameState => writeEffect(shed, s, write).state;

function expectOnlyBumped(s0: GameState, s1: GameState, card: number, bumped: number[]): void {
  for (const v of viewers) {
    expect(epochOf(s1, v, card) - epochOf(s0, v, card), `viewer ${v}`).toBe(bumped.includes(v) ? 1 : 0);
    expect(cardOfViewId(s1, v, viewIdOf(s1, v, card))).toBe(card);
    for (let c = 0; c < s0.face.length; c++) if (c !== card) expect(epochOf(s1, v, c)).toBe(epochOf(s0, v, c));
  }
  // One chunk per bumped viewer, the rest shared.
  expect(copiedChunks(s0, s1)).toEqual(bumped.map((v) => epochIndex(s1, v, card)).sort((x, y) => x - y));
}

describe('epoch chunks', () => {
  it('start with one chunk of 16 per viewer and card range', () => {
    const s0 = start();
    expect(s0.epochs).toHaveLength((players + 1) * epochChunks(s0.face.length));
    expect(s0.epochs.every((chunk) => chunk.length === EPOCH_CHUNK)).toBe(true);
  });

  it('a draw from the hidden pile into a hand bumps nobody: no viewer has seen that card', () => {
    const s0 = start();
    const seat = s0.current;
    const drawn = s0.zones[Z_DRAW]![s0.zones[Z_DRAW]!.length - 1]!;
    const s1 = ok(shed, s0, seat, { type: 'draw_card' }).state;
    expect(s1.zones[hand(s1, seat)]).toContain(drawn);
    expectOnlyBumped(s0, s1, drawn, []);
  });

  it('a card seen on the discard taken into a hand: fresh ids for everyone but the hand’s owner', () => {
    const s0 = start();
    const top = s0.zones[Z_DISCARD]![s0.zones[Z_DISCARD]!.length - 1]!;
    const before = viewers.map((v) => viewIdOf(s0, v, top));
    const s1 = effect(s0, (e) => e.move(top, hand(s0, 1)));
    expectOnlyBumped(s0, s1, top, [0, 2, 3]);
    // The ids the others saw on the discard no longer name the card.
    for (const v of [0, 2, 3]) expect(cardOfViewId(s1, v, before[v])).toBe(-1);
    expect(viewIdOf(s1, 1, top)).toBe(before[1]);
  });

  it('a card from a hand to the hidden pile: a fresh id for its owner only, who saw it', () => {
    const s0 = start();
    const card = s0.zones[hand(s0, 2)]![0]!;
    const s1 = effect(s0, (e) => e.move(card, e.zone(Z_DRAW)));
    expectOnlyBumped(s0, s1, card, [2]);
  });

  it('a card covered on the discard (sight there depends on its place) then moved hidden: fresh ids for all', () => {
    const s0 = start();
    const under = s0.zones[Z_DISCARD]![s0.zones[Z_DISCARD]!.length - 1]!;
    // Cover it with a card from the pile, then send it to seat 0's hand from under the top.
    const covered = effect(s0, (e) => e.move(e.top(e.zone(Z_DRAW)), e.zone(Z_DISCARD)));
    const s1 = effect(covered, (e) => e.move(under, hand(covered, 0)));
    expectOnlyBumped(covered, s1, under, [1, 2, 3]);
  });

  it('shuffling the hidden pile bumps nothing; shuffling the discard gives its hidden places fresh ids', () => {
    const s0 = start();
    const quietPile = effect(s0, (e) => e.shuffle(e.zone(Z_DRAW)));
    expect(quietPile.epochs).toEqual(s0.epochs);
    expect(copiedChunks(s0, quietPile)).toEqual([]);
    // Three cards on the discard: all but the top are hidden from every viewer after a shuffle.
    const stacked = effect(s0, (e) => {
      e.move(e.top(e.zone(Z_DRAW)), e.zone(Z_DISCARD));
      e.move(e.top(e.zone(Z_DRAW)), e.zone(Z_DISCARD));
    });
    const shuffled = effect(stacked, (e) => e.shuffle(e.zone(Z_DISCARD)));
    const pile = shuffled.zones[Z_DISCARD]!;
    for (let i = 0; i < pile.length - 1; i++) for (const v of viewers) expect(epochOf(shuffled, v, pile[i]!)).toBe(epochOf(stacked, v, pile[i]!) + 1);
  });
});
