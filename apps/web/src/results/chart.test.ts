// The score chart's geometry: one point per round and player, higher totals drawn higher, negative totals below the zero line.
import { describe, expect, it } from 'vitest';
import { chartOf } from './chart.ts';

describe('chartOf', () => {
  it('places one point per round for every player, left to right', () => {
    const c = chartOf({ totals: [[3, 0, 1], [3, 10, 2], [8, 10, 2]], players: 3, width: 300, height: 100, pad: 10 });
    expect(c.series).toHaveLength(3);
    for (const s of c.series) {
      expect(s.points.map((p) => p.round)).toEqual([1, 2, 3]);
      expect(s.points[0]!.x).toBe(10);
      expect(s.points[2]!.x).toBe(290);
    }
    // Player 1's 10 is the top of the range, player 1's opening 0 the bottom.
    expect(c.series[1]!.points[1]!.y).toBe(10);
    expect(c.series[1]!.points[0]!.y).toBe(90);
    expect(c.series[0]!.points[2]!.y).toBeLessThan(c.series[0]!.points[0]!.y);
  });

  it('puts negative totals under the zero line, and a single round in the middle', () => {
    const c = chartOf({ totals: [[-5, 5]], players: 2, width: 200, height: 100, pad: 0 });
    expect(c.min).toBe(-5);
    expect(c.zeroY).toBe(50);
    expect(c.series[0]!.points[0]!).toMatchObject({ x: 100, y: 100, total: -5 });
  });
});
