// Bot ratings from real bot-vs-bot games (the runtime's playMatch on the shed fixture): tallies add up, the winner of a pairing rates higher, a rerun is identical.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as runtime from '@decksmith/runtime';
import { shed } from '@decksmith/runtime/test-fixtures/shed';
import { measureBotRatings } from './bot-ratings.ts';

const input = { def: shed, players: 2, games: 8, seed: 't', options: { hand_size: 3 }, iterations: 20 };

describe('measureBotRatings', () => {
  it('tallies every game of every pairing, and rates the level that won more of a pairing higher', () => {
    const file = measureBotRatings(runtime, { ...input, levels: ['random', 'greedy'] });
    expect(file.pairings).toHaveLength(1);
    const p = file.pairings[0]!;
    expect(p.wins[0] + p.wins[1] + p.draws).toBe(8);
    const [random, greedy] = file.levels;
    expect(p.wins[0]).not.toBe(p.wins[1]);
    if (p.wins[0] > p.wins[1]) expect(random!.rating).toBeGreaterThan(greedy!.rating);
    else expect(greedy!.rating).toBeGreaterThan(random!.rating);
    expect(random!.rd).toBeLessThan(350);
  });

  it('is reproducible from its seed (fixed iteration budget), with one period per game index', () => {
    const a = measureBotRatings(runtime, { ...input, games: 3, levels: runtime.BOT_LEVELS });
    const b = measureBotRatings(runtime, { ...input, games: 3, levels: runtime.BOT_LEVELS });
    expect(a).toEqual(b);
    expect(a.pairings.map((p) => p.levels.join('-'))).toEqual(['random-greedy', 'random-ismcts', 'greedy-ismcts']);
    expect(a.levels.map((l) => l.level)).toEqual(['random', 'greedy', 'ismcts']);
  });
});

const bin = fileURLToPath(new URL('../../bin/decksmith.js', import.meta.url));
const run = (...args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(process.execPath, [bin, 'bot-ratings', ...args], { env: { ...process.env, FORCE_COLOR: '0' } }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    ),
  );

describe('decksmith bot-ratings', () => {
  it('prints every pairing and level of a launch game (--no-write leaves the committed file alone), and refuses what is not a game id', { timeout: 60_000 }, async () => {
    const ok = await run('super-taki', '--games', '1', '--iterations', '5', '--no-write', '--option', 'hand_size=2');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^super-taki: 1 games per pairing at 2 seats, ismcts 5 iterations/m);
    for (const l of ['random vs greedy', 'random vs ismcts', 'greedy vs ismcts']) expect(ok.stdout).toContain(l);
    expect(ok.stdout).toMatch(/^ {2}ismcts +\d+ ± \d+$/m);
    expect(ok.stderr).not.toContain('wrote');
    const bad = await run('../games/x');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('is not a game id');
  });
});
