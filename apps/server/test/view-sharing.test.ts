// Views built from a viewer's previous view (structural sharing) and after the seat's legal actions were listed (the names memo) are exactly the views computed from scratch, in every generated game; unchanged zones are the previous objects, and zones a viewer sees nothing of are one object for every such viewer.
import type { GameView } from '@decksmith/runtime';
import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { discoverWorkspaceGames } from '../src/games/discover.ts';
import { asSent } from './choices.ts';

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
        const s0 = engine.setup({ players, options: {}, seed: `share-${seed}` });
        if (typeof s0 === 'object' && s0 !== null && 'rejected' in s0) throw new Error(`setup: ${JSON.stringify(s0.rejected)}`);
        let state = s0;
        const viewers = [...Array.from({ length: players }, (_, i) => i), 'spectator' as const];
        const last = viewers.map((v) => ({ view: engine.view(state, v) as GameView, state }));
        let r = seed;
        const random = (n: number) => ((r = (Math.imul(r, 1103515245) + 12345) >>> 0) % n);
        let now = 0;
        for (let step = 0; step < STEPS && !engine.result(state); step++) {
          now += 50 + random(1500);
          const due = engine.nextDeadline(state);
          const moves = viewers.slice(0, players).flatMap((seat) => engine.legalActions(state, seat as number, now).map((a) => [seat as number, a] as const));
          if (due !== null && (due <= now || moves.length === 0)) {
            now = Math.max(now, due);
            state = engine.tick(state, now).state;
          } else if (moves.length > 0) {
            const [seat, action] = moves[random(moves.length)]!;
            const next = engine.apply(state, seat, asSent(action, random), now);
            if ('rejected' in next) throw new Error(`legal action rejected: ${next.rejected.code}`);
            state = next.state;
          } else break;
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
