// Every committed game module runs on the runtime: set up, then random legal actions and timers,
// with no exception and no rejection of an action the runtime itself listed as legal.
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gamesDir as games, generatedModules as modules } from './generated-modules.ts';

// Imported through variables so that `tsc -p packages/dsl` does not compile the runtime's
// sources under the dsl's settings; this is the slice of its API the test uses.
interface State { result: unknown }
interface Runtime {
  setup(def: unknown, input: { players: number; seed: number }): State;
  legalActions(def: unknown, state: State, seat: number, now?: number): unknown[];
  apply(def: unknown, state: State, seat: number, action: unknown, now: number): { state: State } | { rejected: { code: string; message: string } };
  tick(def: unknown, state: State, now: number): { state: State };
}
const runtimeModule: string = '@decksmith/runtime';

/** A legal entry as a player sends it: a counted choice (`choose`) becomes `min` of its candidates in args. */
function chosen(entry: unknown, rand: (n: number) => number): unknown {
  const { choose, ...action } = entry as { choose?: { param: string; from: number[]; min: number }; args?: Record<string, unknown> };
  if (!choose) return entry;
  const pool = [...choose.from];
  const picked = Array.from({ length: choose.min }, () => pool.splice(rand(pool.length), 1)[0]!);
  return { ...action, args: { ...action.args, [choose.param]: picked } };
}

describe('generated games play', () => {
  for (const file of modules()) {
    it(`${file.slice(games.length + 1)}: 300 random steps for 2 and 4 players`, async () => {
      const { game } = (await import(pathToFileURL(file).href)) as { game: { minPlayers: number; maxPlayers: number } };
      const rt = (await import(runtimeModule)) as Runtime;
      for (const players of [game.minPlayers, Math.min(4, game.maxPlayers)]) {
        let state = rt.setup(game, { players, seed: 3 });
        let seed = 99;
        const rand = (n: number): number => {
          seed = (seed * 1103515245 + 12345) & 0x7fffffff;
          return seed % n;
        };
        let now = 0;
        for (let step = 0; step < 300 && state.result === null; step++) {
          now += 400;
          state = rt.tick(game, state, now).state;
          const first = rand(players);
          for (let i = 0; i < players; i++) {
            const seat = (first + i) % players;
            const legal = rt.legalActions(game, state, seat, now);
            if (legal.length === 0) continue;
            const r = rt.apply(game, state, seat, chosen(legal[rand(legal.length)], rand), now);
            if ('rejected' in r) throw new Error(`a legal action was rejected: ${r.rejected.code} ${r.rejected.message}`);
            state = r.state;
            break;
          }
        }
        expect(state).toBeDefined();
      }
    }, 60_000);
  }
});
