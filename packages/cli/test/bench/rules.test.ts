// The hand-written baseline's and the boardgame.io peer's Tiv-Miv rules, each checked on arranged
// tables: ± targets wrapping 1..10, drawing, the last card, stalls, blocked phases, scoring.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { wrap10 } from '../../bench/baseline/tiv-miv.ts';
import { implementations, type Face } from './tables.ts';

const hand10 = (): Face[] => Array.from({ length: 10 }, (_, i) => [i + 1, 1] as Face);

// boardgame.io logs refused moves on the console ("ERROR: invalid move"); the tests refuse some on purpose.
beforeAll(() => { vi.spyOn(console, 'error').mockImplementation(() => undefined); });
afterAll(() => { vi.restoreAllMocks(); });

describe('wrap10', () => {
  it('wraps into 1..10', () => {
    expect([wrap10(11), wrap10(0), wrap10(-4), wrap10(10), wrap10(1), wrap10(15)]).toEqual([1, 10, 6, 10, 1, 5]);
  });
});

describe.each(implementations)('Tiv-Miv rules: $name', ({ make }) => {
  it.each([
    [[5, 2], [3, 7]],
    [[9, 3], [2, 6]],
    [[1, 2], [3, 9]],
    [[10, 4], [4, 6]],
    [[7, 5], [2]],
  ] as [Face, number[]][])('on %j the playable values are %j (value ± index, wrapping 1..10)', (top, values) => {
    const t = make(2, { centre: [top], stacks: [[[8, 5]], [[2, 5], [3, 5]]], hands: [hand10(), [[4, 5], [6, 5]]] });
    const moves = t.moves(0);
    expect(moves[0]).toBe('draw');
    const mains = moves.filter((m): m is number => m !== 'draw').map((i) => t.seen().hands[0]![i]![0]);
    expect(mains.sort((a, b) => a - b)).toEqual(values);
    // A card off target is refused.
    const off = hand10().findIndex(([v]) => !values.includes(v));
    expect(t.play(0, off)).toBe(false);
  });

  it('a draw takes the top of your own stack into your hand; an empty stack cannot be drawn from', () => {
    const t = make(2, { centre: [[5, 2]], stacks: [[[1, 1], [2, 1]], []], hands: [[[9, 1], [10, 1]], [[8, 1], [4, 2]]] });
    expect(t.draw(0)).toBe(true);
    const s = t.seen();
    expect(s.stacks[0]).toEqual([[1, 1]]);
    expect(s.hands[0]).toEqual([[9, 1], [10, 1], [2, 1]]);
    expect(s.hands[1]).toEqual([[8, 1], [4, 2]]);
    expect(t.moves(1)).not.toContain('draw');
    expect(t.draw(1)).toBe(false);
  });

  it('down to one card: it is placed (even from the stack), the phase ends, the mains still held are scored, lowest wins', () => {
    const t = make(3, {
      centre: [[5, 2]],
      stacks: [[[4, 4]], [[10, 5]], []],
      hands: [[[7, 1]], [[1, 1], [2, 1]], [[9, 1], [8, 2]]],
    });
    expect(t.play(0, 0)).toBe(true);
    const s = t.seen();
    expect(s.centre.slice(-2)).toEqual([[7, 1], [4, 4]]);
    expect(s.phasesDone).toBe(1);
    expect(s.scores).toEqual([0, 13, 17]);
    expect(s.over).toBe(true);
    expect(s.winners).toEqual([0]);
  });

  it('stalled (every stack empty, nobody can play): the bottom card of the centre comes to the top and play goes on', () => {
    const t = make(2, {
      centre: [[5, 1], [5, 2]],
      stacks: [[[8, 3]], []],
      hands: [[[1, 1], [2, 1]], [[6, 1], [9, 1], [10, 1]]],
    });
    expect(t.moves(1)).toEqual([]);
    expect(t.draw(0)).toBe(true);
    const s = t.seen();
    expect(s.centre).toEqual([[5, 2], [5, 1]]);
    expect(s.phasesDone).toBe(0);
    expect(t.moves(1)).toEqual([0]);
    expect(t.play(1, 0)).toBe(true);
  });

  it('blocked after a full rotation with no play: the phase ends, everyone scores what they hold, ties are shared', () => {
    const t = make(2, {
      centre: [[5, 1], [5, 2]],
      stacks: [[[8, 3]], []],
      hands: [[[1, 1], [2, 1]], [[9, 1], [2, 2]]],
    });
    expect(t.draw(0)).toBe(true);
    const s = t.seen();
    expect(s.phasesDone).toBe(1);
    expect(s.centre).toEqual([[5, 1], [5, 2]]);
    expect(s.scores).toEqual([11, 11]);
    expect(s.over).toBe(true);
    expect(s.winners).toEqual([0, 1]);
  });
});
