// The studio's checker gets a repository base for a variant (`extends go-fish`) from the server,
// once per id; a base among the draft's own files wins; chains of bases are followed.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkText } from '../src/studio/check-worker.ts';
import { cachedRules, extendsOf, withRepoBases } from '../src/studio/repo-bases.ts';

const repo = (id: string, file = id): string => readFileSync(fileURLToPath(new URL(`../../../games/${id}/${file}.rules`, import.meta.url)), 'utf8');
const VARIANT = 'game fish-five "Go Fish of five" extends go-fish\nsummary "Five cards each."\n';

describe('a variant of a repository game in the studio', () => {
  it('checks clean once the base comes from the server, and fails without it', async () => {
    const asked: string[] = [];
    const fetchRules = cachedRules(async (id) => {
      asked.push(id);
      if (id !== 'go-fish') throw new Error('404');
      return repo('go-fish');
    });
    const others = await withRepoBases(VARIANT, [], fetchRules);
    expect(others.map((f) => f.name)).toEqual(['games/go-fish/go-fish.rules']);
    expect(checkText('variant.rules', VARIANT, others)).toMatchObject({ diagnostics: [], game: { title: 'Go Fish of five' } });
    expect(checkText('variant.rules', VARIANT, []).diagnostics.some((d) => d.severity === 'error')).toBe(true);
    // Asked once: the second check uses the cached text.
    await withRepoBases(VARIANT, [], fetchRules);
    expect(asked).toEqual(['go-fish']);
  });

  it("prefers the draft's own base, follows a base's base, and leaves an unknown id to the checker", async () => {
    const own = { name: 'fish.rules', text: repo('go-fish') };
    const none = async (): Promise<string | null> => null;
    expect(await withRepoBases(VARIANT, [own], async () => { throw new Error('not asked'); })).toEqual([own]);
    const quick = repo('five-crowns', 'five-crowns-quick');
    expect(extendsOf(quick)).toBe('five-crowns');
    const onQuick = 'game fc-q2 "Quicker" extends five-crowns-quick\nsummary "x"\n';
    const texts: Record<string, string> = { 'five-crowns-quick': quick, 'five-crowns': repo('five-crowns') };
    const chain = await withRepoBases(onQuick, [], async (id) => texts[id] ?? null);
    expect(chain.map((f) => f.name)).toEqual(['games/five-crowns-quick/five-crowns-quick.rules', 'games/five-crowns/five-crowns.rules']);
    expect(await withRepoBases('game x "X" extends nope\n', [], none)).toEqual([]);
  });
});
