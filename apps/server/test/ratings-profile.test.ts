// Names and colours others will see: trimmed, bounded, no control or formatting characters.
import { describe, expect, it } from 'vitest';
import { checkProfile, NAME_MAX } from '../src/ratings/profile.ts';

describe('checkProfile', () => {
  it('trims, folds inner spaces and lower-cases the colour', () => {
    expect(checkProfile('  Ada   L. ', '#FF8800')).toEqual({ ok: true, name: 'Ada L.', colour: '#ff8800' });
  });

  it(`accepts ${NAME_MAX} characters (counting code points) and refuses one more`, () => {
    expect(checkProfile('é'.repeat(NAME_MAX), '#000000').ok).toBe(true);
    expect(checkProfile('🂡'.repeat(NAME_MAX), '#000000').ok).toBe(true);
    expect(checkProfile('a'.repeat(NAME_MAX + 1), '#000000')).toMatchObject({ ok: false, code: 'player/invalid_name' });
  });

  it('refuses empty names, control and bidi characters', () => {
    for (const bad of ['   ', '', 'a\u0000b', 'evil\u202Eeman', 'zero\u200Bwidth', 'bell\u0007']) {
      expect(checkProfile(bad, '#123456')).toMatchObject({ ok: false, code: 'player/invalid_name' });
    }
  });

  it('refuses colours that are not #rrggbb', () => {
    for (const bad of ['red', '#fff', '#12345g', 'url(x)', '#1234567']) {
      expect(checkProfile('Ada', bad)).toMatchObject({ ok: false, code: 'player/invalid_colour' });
    }
  });
});
