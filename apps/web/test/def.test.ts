// Lookups over a game's tables: the enum of a die or a variable comes from the declared metadata, never from names or counts.
import { describe, expect, it } from 'vitest';
import { dieEnum, humanize, varEnum } from '../src/state/def.ts';
import { def } from './fixtures.ts';

describe('def lookups', () => {
  it("a die's enum is the one its DieDef names; a numeric die has none, whatever its face count", () => {
    expect(dieEnum(def, 'colour_die')?.name).toBe('Colour');
    expect(dieEnum(def, 'coin')).toBeUndefined(); // two faces, like Colour, but numeric
    expect(dieEnum(def, 'missing')).toBeUndefined();
  });
  it("a variable's enum comes from its declared type, optional or not; a name alone says nothing", () => {
    expect(varEnum(def, 'colour')?.name).toBe('Colour');
    expect(varEnum({ ...def, vars: [{ name: 'trump', scope: 'global', type: 'enum:Colour' }] }, 'trump')?.name).toBe('Colour');
    expect(varEnum(def, 'score')).toBeUndefined();
    expect(varEnum(def, 'blue')).toBeUndefined();
    expect(varEnum({ ...def, vars: [{ name: 'colour', scope: 'global' }] }, 'colour')).toBeUndefined();
  });
  it('humanizes names', () => {
    expect(humanize('draw_card')).toBe('Draw card');
    expect(humanize('RunEnd')).toBe('Run end');
  });
});
