// Property: for every generated game under games/ and random playouts, the patches of each step applied (after a JSON round trip, as on the wire) to the first view give every later view exactly, for every seat and the spectator.
import { applyViewPatch, diffView, type ViewPatch } from '@decksmith/runtime';
import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { discoverWorkspaceGames } from '../src/games/discover.ts';
import { randomPlayout, viewersOf } from './random-playout.ts';

const games = await discoverWorkspaceGames(pino({ level: 'silent' }));
const wire = (x: unknown): unknown => JSON.parse(JSON.stringify(x));
/** Steps per playout: enough to cross rounds and timers in every launch game, short enough for CI. */
const STEPS = 250;

describe.skipIf(games.length === 0).each(games.map((g) => [g.id, g] as const))('view patches of %s', (_id, game) => {
  it('rebuild every view of random playouts exactly, for every seat and the spectator', { timeout: 120_000 }, () => {
    const engine = game.engine;
    fc.assert(
      fc.property(fc.integer({ min: game.minPlayers, max: Math.min(game.maxPlayers, 5) }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (players, seed) => {
        const viewers = viewersOf(players);
        let sent: unknown[] = [];
        let held: unknown[] = [];
        let patched = 0;
        for (const { state, step } of randomPlayout(engine, { players, seed, label: 'patch', steps: STEPS })) {
          if (step < 0) {
            sent = viewers.map((v) => engine.view(state, v));
            held = sent.map(wire);
            continue;
          }
          for (const [i, v] of viewers.entries()) {
            const view = engine.view(state, v);
            const patch = wire(diffView(sent[i], view)) as ViewPatch;
            const got = applyViewPatch(held[i], patch);
            if ('error' in got) throw new Error(`step ${step}, viewer ${v}: ${got.error}`);
            expect(got.value, `step ${step}, viewer ${v}`).toEqual(wire(view));
            sent[i] = view;
            held[i] = got.value;
            patched++;
          }
        }
        expect(patched).toBeGreaterThan(players);
      }),
      { numRuns: 4 },
    );
  });
});
