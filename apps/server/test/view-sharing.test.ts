// Views built from a viewer's previous view (structural sharing) and after the seat's legal actions were listed (the names memo) are exactly the views computed from scratch, in every generated game; unchanged zones are the previous objects, and zones a viewer sees nothing of are one object for every such viewer.
import type { GameView } from '@decksmith/runtime';
import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { discoverWorkspaceGames } from '../src/games/discover.ts';
import { randomPlayout, viewersOf } from './random-playout.ts';

const games = await discoverWorkspaceGames(pino({ level: 'silent' }));
/** A copy sharing no array with the original: no cache keyed by the state or its arrays can answer for it. */
const fresh = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
const STEPS = 200;

describe.skipIf(games.length === 0).each(games.map((g) => [g.id, g] as const))('views of %s shared with the previous view', (_id, game) => {
  it('equal the views computed from scratch, reuse unchanged zones, and share zones nobody sees into', { timeout: 120_000 }, () => {
    const engine = game.engine;
    let reused = 0;
    let zones = 0;
    fc.assert(
      fc.property(fc.integer({ min: game.minPlayers, max: Math.min(game.maxPlayers, 5) }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (players, seed) => {
        const viewers = viewersOf(players);
        let last: { view: GameView; state: unknown }[] = [];
        for (const { state, step } of randomPlayout(engine, { players, seed, label: 'share', steps: STEPS })) {
          if (step < 0) {
            last = viewers.map((v) => ({ view: engine.view(state, v) as GameView, state }));
            continue;
          }
          // The server's order: the frame's legal list at the state's own time, then the view.
          for (let seat = 0; seat < players; seat++) engine.legalActions(state, seat);
          const blind = new Map<number, unknown>();
          for (const [i, v] of viewers.entries()) {
            const prev = last[i]!.view;
            const view = engine.view(state, v, last[i]) as GameView;
            expect(view, `step ${step}, viewer ${v}`).toEqual(engine.view(fresh(state), v));
            // Viewing the same state again from its own view changes nothing: every zone is reused.
            expect((engine.view(state, v, { view, state }) as GameView).zones).toBe(view.zones);
            for (const [z, zv] of view.zones.entries()) {
              zones++;
              if (zv === prev.zones[z]) reused++;
              // A zone showing no card is the same object for every viewer who sees none of it.
              if (zv.cards === undefined || (zv.cards.some((c) => c !== null) && zv.cards.every((c) => c === null || 'back' in c))) {
                if (blind.has(z)) expect(zv, `step ${step}, zone ${z}`).toBe(blind.get(z));
                blind.set(z, zv);
              }
            }
            last[i] = { view, state };
          }
        }
      }),
      { numRuns: 3 },
    );
    // Most actions touch a few zones: most zone objects carry over from one view to the next.
    expect(reused / zones).toBeGreaterThan(0.5);
  });
});
