// docs/patterns.md: every `rules` block is a complete game that parses and checks with no
// diagnostic at all (not even a warning), so the worked examples an author copies compile.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkGame } from '../src/check/index.ts';
import { parse } from '../src/parse/index.ts';

const doc = readFileSync(fileURLToPath(new URL('../../../docs/patterns.md', import.meta.url)), 'utf8');
const blocks = [...doc.matchAll(/```rules\n([\s\S]*?)```/g)].map((m) => m[1]!);

describe('docs/patterns.md', () => {
  it('has a worked example for tricks, passing, bidding, melds, races and dice', () => {
    const ids = blocks.map((b) => /^game ([a-z0-9-]+)/m.exec(b)?.[1]);
    expect(ids).toEqual(['tricks', 'passing', 'bidding', 'melds', 'races', 'dice']);
  });
  blocks.forEach((text, i) => {
    const name = /^game ([a-z0-9-]+)/m.exec(text)?.[1] ?? `block ${i + 1}`;
    it(`${name} parses and checks clean`, () => {
      const file = `patterns/${name}.rules`;
      const parsed = parse(text, file);
      expect(parsed.diagnostics).toEqual([]);
      const checked = checkGame(parsed.file!, { sources: [{ file, text }], loadBase: () => null });
      expect(checked.diagnostics.map((d) => `${d.code} ${d.line}:${d.col} ${d.message}`)).toEqual([]);
    });
  });
});
