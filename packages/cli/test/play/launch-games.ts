// Shared by the launch-game play tests: play a game's table configurations and expect clean endings.
import { expect, it } from 'vitest';
import { loadGame } from '../../src/play/load-game.ts';
import { playGames } from '../../src/play/play-games.ts';
import { loadRuntime, type OptionValue } from '../../src/play/runtime-api.ts';

export interface Table {
  players: number;
  bots: string;
  games: number;
  options?: Record<string, OptionValue>;
}

/**
 * One test per game: every table plays its seeded games with the invariants checked after
 * every action and timer; none may violate one or get stuck. A game whose rule file does not
 * compile (yet) is skipped.
 */
export function playsCleanly(game: string, tables: Table[], why: string): void {
  const total = tables.reduce((n, t) => n + t.games, 0);
  it(`${game}: ${total} games, no invariant violation, none stuck (${why})`, async (ctx) => {
    const g = await loadGame(game);
    if ('error' in g) {
      ctx.skip(`${game} does not compile: ${g.error[0] ?? ''}`);
      return;
    }
    const rt = await loadRuntime();
    let seed = 1;
    for (const t of tables) {
      const r = playGames(rt, g.def, {
        players: t.players, seed, games: t.games, bots: new Array<string>(t.players).fill(t.bots), options: t.options ?? {}, maxActions: 20_000,
      });
      const bad = r.games.filter((x) => x.endedBy !== 'end' || x.violations > 0).map((x) => `seed ${x.seed}: ${x.endedBy} ${x.firstViolation ?? ''}`);
      expect(bad, `${t.players} players, ${t.bots}`).toEqual([]);
      expect(r.invariantViolations).toBe(0);
      expect(r.stuckGames).toBe(0);
      seed += t.games;
    }
  }, 120_000);
}
