// A player's name and colour as others will see them: normalised and bounded, or a coded refusal.

/** Longest name, in characters (code points) after trimming. */
export const NAME_MAX = 24;

export type ProfileCheck = { ok: true; name: string; colour: string } | { ok: false; code: 'player/invalid_name' | 'player/invalid_colour'; message: string };

/**
 * Checks a name and colour. The name is trimmed, inner runs of spaces become one space, and it
 * is NFC-normalised; it must then be 1–24 characters with no control or format characters
 * (no newlines, no bidi overrides). The colour is `#rrggbb` (stored lower-case).
 *
 * @example
 * checkProfile('  Ada   L. ', '#FF8800') // { ok: true, name: 'Ada L.', colour: '#ff8800' }
 */
export function checkProfile(name: string, colour: string): ProfileCheck {
  const n = name.normalize('NFC').trim().replace(/\s+/gu, ' ');
  const length = [...n].length;
  if (length === 0 || length > NAME_MAX) return { ok: false, code: 'player/invalid_name', message: `A name is 1 to ${NAME_MAX} characters (after trimming spaces).` };
  if (/[\p{Cc}\p{Cf}\p{Co}\p{Cn}\u2028\u2029]/u.test(n)) return { ok: false, code: 'player/invalid_name', message: 'A name may not hold control, formatting or unassigned characters.' };
  if (!/^#[0-9a-f]{6}$/i.test(colour)) return { ok: false, code: 'player/invalid_colour', message: 'A colour is written #rrggbb (six hex digits).' };
  return { ok: true, name: n, colour: colour.toLowerCase() };
}
