// Helpers for generated modules: list intersection, removal, and side assignment.
import { describe, expect, it } from 'vitest';
import { assignSides, intersects, without, sameList } from './generated-support.ts';

describe('generated-support', () => {
  it('intersects lists', () => {
    expect(intersects([0, 3], [3])).toBe(true);
    expect(intersects([0, 1], [2, 3])).toBe(false);
    expect(intersects([], [1])).toBe(false);
  });

  it('removes a value and row holes', () => {
    expect(without([4, -1, 7, 9], 7)).toEqual([4, 9]);
  });

  it('assigns sides one per player or in pairs with an odd player alone', () => {
    expect(assignSides(3, 'one_per_player', 2)).toEqual({ sideOf: [0, 1, 2], roles: [3, 3, 3] });
    expect(assignSides(5, 'pairs_odd_alone', 2)).toEqual({ sideOf: [0, 0, 1, 1, 2], roles: [1, 2, 1, 2, 3] });
    expect(assignSides(4, 'pairs', 2)).toEqual({ sideOf: [0, 0, 1, 1], roles: [1, 2, 1, 2] });
    expect(assignSides(4, 'pairs_across', 2)).toEqual({ sideOf: [0, 1, 0, 1], roles: [1, 1, 2, 2] });
    expect(assignSides(6, 'pairs_across', 0)).toEqual({ sideOf: [0, 1, 2, 0, 1, 2], roles: [0, 0, 0, 0, 0, 0] });
    expect(assignSides(5, 'pairs_across', 2)).toEqual({ sideOf: [0, 1, 2, 0, 1], roles: [1, 1, 3, 2, 2] });
  });
});

describe('sameList', () => {
  it('compares values in order', () => {
    expect(sameList([2, 6], [2, 6])).toBe(true);
    expect(sameList([2, 6], [6, 2])).toBe(false);
    expect(sameList([2], [2, 6])).toBe(false);
    expect(sameList([], [])).toBe(true);
  });
});
