// Where zones sit: the game's place hints, defaults, opponents in seating order, pile families.
import { describe, expect, it } from 'vitest';
import { isMine, tableLayout, zonePlayer } from '../src/table/layout.ts';
import { def, view } from './fixtures.ts';

describe('tableLayout', () => {
  it('puts shared zones in the centre in the order of the hints, with the pile family after them', () => {
    const l = tableLayout(def, view());
    expect(l.centre.map((g) => g.name)).toEqual(['discard', 'draw', 'centre']);
    expect(l.centre[2]!.zones.map((z) => z.id)).toEqual([8]);
    expect(l.centre[2]!.declIndex).toBe(3);
  });

  it('puts my zones at the bottom or beside, and opponents in seating order after me', () => {
    const l = tableLayout(def, view({ seat: 1 }));
    expect(l.mine.map((g) => g.zones[0]!.id)).toEqual([3]);
    expect(l.mineSide.map((g) => g.zones[0]!.id)).toEqual([6]);
    expect(l.others.map((s) => s.player)).toEqual([2, 0]);
    expect(l.others[0]!.groups.map((g) => g.name)).toEqual(['hand', 'bank']);
  });

  it('shows a spectator every seat and no zone as theirs', () => {
    const l = tableLayout(def, view({ seat: 'spectator' }));
    expect(l.mine).toEqual([]);
    expect(l.others.map((s) => s.player)).toEqual([0, 1, 2]);
  });

  it('keeps an empty pile family so a new pile can be started', () => {
    const v = view();
    v.zones = v.zones.filter((z) => z.name !== 'centre');
    expect(tableLayout(def, v).centre.find((g) => g.name === 'centre')?.zones).toEqual([]);
  });

  it('knows whose a zone is, for players and sides', () => {
    const v = view({ sideOf: [0, 0, 1] });
    const side = { name: 'x', scope: 'side' as const, shape: 'pile' as const, visibility: 'visible' };
    const z = { id: 9, name: 'x', owner: 1, shape: 'pile' as const, visibility: 'visible' as const, count: 0 };
    expect(zonePlayer(side, z, v)).toBe(2);
    expect(isMine(side, { ...z, owner: 0 }, v)).toBe(true);
    expect(isMine(def.zones[0], v.zones[0]!, v)).toBe(false);
  });
});
