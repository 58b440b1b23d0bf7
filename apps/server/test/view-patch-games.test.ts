// Property: for every generated game under games/ and random playouts, the patches of each step applied (after a JSON round trip, as on the wire) to the first view give every later view exactly, for every seat and the spectator — both the diff of two views and the patch the engine computes from two states (what the fan-out sends), the latter from a state one to three steps back too.
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

  it('rebuild every view from the states (engine.viewPatch), from the last state or one a few steps back, no bigger than the views\' diff', { timeout: 120_000 }, () => {
    const engine = game.engine;
    expect(engine.viewPatch).toBeDefined();
    fc.assert(
      fc.property(fc.integer({ min: game.minPlayers, max: Math.min(game.maxPlayers, 5) }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (players, seed) => {
        const viewers = viewersOf(players);
        const states: unknown[] = [];
        let bytes = 0;
        let viewBytes = 0;
        for (const { state, step } of randomPlayout(engine, { players, seed, label: 'state-patch', steps: STEPS })) {
          states.push(state);
          if (step < 0) continue;
          const i = states.length - 1;
          for (const [k, v] of viewers.entries()) {
            // Each viewer holds a state 1–3 steps old, in turn.
            const from = states[Math.max(0, i - 1 - ((i + k) % 3))];
            const patch = engine.viewPatch!(from, state, v);
            const got = applyViewPatch(wire(engine.view(from, v)), wire(patch) as ViewPatch);
            if ('error' in got) throw new Error(`step ${step}, viewer ${v}: ${got.error}`);
            expect(got.value, `step ${step}, viewer ${v}`).toEqual(wire(engine.view(state, v)));
            bytes += JSON.stringify(patch).length;
            viewBytes += JSON.stringify(diffView(engine.view(from, v), engine.view(state, v))).length;
          }
        }
        expect(states.length).toBeGreaterThan(1);
        // A zone is patched where the views' diff may have replaced it whole when shorter: within 2 %.
        expect(bytes).toBeLessThanOrEqual(viewBytes * 1.02);
      }),
      { numRuns: 4 },
    );
  });
});
