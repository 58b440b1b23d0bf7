// Bot levels' measured ratings: a game's bot-ratings.json read, a malformed or foreign one ignored, and the committed files well formed.
import { mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isBotRatingsFile, loadBotRatings } from '../src/ratings/bot-ratings.ts';
import { WORKSPACE_GAMES } from '../src/games/discover.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function root(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'botr-'));
  dirs.push(dir);
  for (const [game, text] of Object.entries(files)) {
    mkdirSync(join(dir, game));
    writeFileSync(join(dir, game, 'bot-ratings.json'), text);
  }
  return dir;
}

const good = { v: 1, game: 'g', players: 2, gamesPerPairing: 4, seed: 's', iterations: 10, pairings: [], levels: [{ level: 'random', rating: 1200, rd: 80 }, { level: 'greedy', rating: 1650, rd: 90 }] };

describe('loadBotRatings', () => {
  it("reads a game's levels, and ignores a missing, malformed or other game's file", () => {
    const dir = root({ g: JSON.stringify(good), bad: '{"v":1,', other: JSON.stringify({ ...good, game: 'g' }), nan: JSON.stringify({ ...good, game: 'nan', levels: [{ level: 'x', rating: 'high', rd: 1 }] }) });
    expect(loadBotRatings('g', dir)).toEqual([{ level: 'random', rating: 1200, rd: 80 }, { level: 'greedy', rating: 1650, rd: 90 }]);
    expect(loadBotRatings('bad', dir)).toEqual([]);
    expect(loadBotRatings('other', dir)).toEqual([]);
    expect(loadBotRatings('nan', dir)).toEqual([]);
    expect(loadBotRatings('none', dir)).toEqual([]);
    expect(loadBotRatings('../g', dir)).toEqual([]);
  });

  it('finds every committed games/<id>/bot-ratings.json well formed', () => {
    const found = readdirSync(WORKSPACE_GAMES).filter((g) => existsSync(join(WORKSPACE_GAMES, g, 'bot-ratings.json')));
    expect(found.length).toBeGreaterThan(0);
    for (const g of found) {
      expect(isBotRatingsFile(JSON.parse(readFileSync(join(WORKSPACE_GAMES, g, 'bot-ratings.json'), 'utf8')), g), g).toBe(true);
      expect(loadBotRatings(g).map((l) => l.level).sort()).toEqual(['greedy', 'ismcts', 'random']);
    }
  });
});
