// Every committed game module: the runtime's fast random playout (randomPlayout, in place, no
// events) plays exactly the game that the same loop over the public API plays (the runtime's
// reference-playout fixture): same accepted actions, logical time, rounds and result. And Go
// Wacky's random playouts finish although its rolls are rate-limited (the loops wait for them).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gamesDir as games, generatedModules as modules } from './generated-modules.ts';

// Imported through variables so that `tsc -p packages/dsl` does not compile the runtime's
// sources under the dsl's settings; this is the slice of its API the test uses.
interface PlayoutInput { players: number; seed: string | number; maxActions?: number }
type Playout = (def: unknown, input: PlayoutInput) => { actions: number; result: unknown; capped: boolean; time: number; rounds: number };
const runtimeModule: string = '@decksmith/runtime';
const referenceModule: string = '@decksmith/runtime/test-fixtures/reference-playout';

describe('the fast random playout plays the same game as the public API', () => {
  for (const file of modules()) {
    it(`${file.slice(games.length + 1)}: 2 and 4 players, 3 seeds each`, async () => {
      const { game } = (await import(pathToFileURL(file).href)) as { game: { minPlayers: number; maxPlayers: number } };
      const { randomPlayout } = (await import(runtimeModule)) as { randomPlayout: Playout };
      const { referencePlayout } = (await import(referenceModule)) as { referencePlayout: Playout };
      for (const players of [game.minPlayers, Math.min(4, game.maxPlayers)]) {
        for (let seed = 1; seed <= 3; seed++) {
          const input = { players, seed, maxActions: 5_000 };
          const fast = randomPlayout(game, input);
          expect(fast, `${players} players, seed ${seed}`).toEqual(referencePlayout(game, input));
          expect(fast.actions).toBeGreaterThan(0);
        }
      }
    }, 120_000);
  }
});

describe('Go Wacky random playouts finish', () => {
  it('at 4 players, at least 18 of 20 seeds end with a result (rate-limited rolls wait, not stall)', async () => {
    const { game } = (await import(pathToFileURL(join(games, 'go-wacky', 'generated', 'go-wacky.generated.ts')).href)) as { game: unknown };
    const { randomPlayout } = (await import(runtimeModule)) as { randomPlayout: Playout };
    let finished = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const r = randomPlayout(game, { players: 4, seed });
      if (r.result !== null && !r.capped) finished++;
    }
    expect(finished).toBeGreaterThanOrEqual(18);
  }, 120_000);
});
