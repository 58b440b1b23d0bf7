// The generated header's source hash: SHA-256 over path, NUL, text, NUL of each source, the same bytes node:crypto hashes.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sourceHash } from '../../src/codegen/header.ts';

const reference = (sources: readonly { file: string; text: string }[]): string => {
  const h = createHash('sha256');
  for (const s of sources) h.update(`${s.file.replace(/\\/g, '/')}\0${s.text}\0`);
  return h.digest('hex');
};

describe('sourceHash', () => {
  it('matches node:crypto over one source, a variant with its base, non-ASCII text and Windows paths', () => {
    const cases = [
      [{ file: 'games/a/a.rules', text: 'game a "A"\n' }],
      [{ file: 'games/b/b.rules', text: 'game b "B" extends a\n' }, { file: 'games/a/a.rules', text: 'game a "A"\n' }],
      [{ file: 'x.rules', text: 'layout { symbols { red "♦" } } — “Go Wacky!” ü' }],
      [{ file: 'games\\c\\c.rules', text: '' }],
    ];
    for (const sources of cases) expect(sourceHash(sources)).toBe(reference(sources));
  });

  it('hashes no source to the SHA-256 of the empty input', () => {
    expect(sourceHash([])).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
