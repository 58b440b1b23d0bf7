// Property: for every generated game under games/ and random playouts, the patches of each step applied (after a JSON round trip, as on the wire) to the first view give every later view exactly, for every seat and the spectator.
import { applyViewPatch, diffView, type ViewPatch } from '@decksmith/runtime';
import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { discoverWorkspaceGames } from '../src/games/discover.ts';
import { asSent } from './choices.ts';

const games = await discoverWorkspaceGames(pino({ level: 'silent' }));
const wire = (x: unknown): unknown => JSON.parse(JSON.stringify(x));
/** Steps per playout: enough to cross rounds and timers in every launch game, short enough for CI. */
const STEPS = 250;

describe.skipIf(games.length === 0).each(games.map((g) => [g.id, g] as const))('view patches of %s', (_id, game) => {
  it('rebuild every view of random playouts exactly, for every seat and the spectator', { timeout: 120_000 }, () => {
    const engine = game.engine;
    fc.assert(
      fc.property(fc.integer({ min: game.minPlayers, max: Math.min(game.maxPlayers, 5) }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (players, seed) => {
        const s0 = engine.setup({ players, options: {}, seed: `patch-${seed}` });
        if (typeof s0 === 'object' && s0 !== null && 'rejected' in s0) throw new Error(`setup: ${JSON.stringify(s0.rejected)}`);
        let state = s0;
        const viewers = [...Array.from({ length: players }, (_, i) => i), 'spectator' as const];
        const sent = viewers.map((v) => engine.view(state, v));
        const held = sent.map(wire);
        let r = seed;
        const random = (n: number) => ((r = (Math.imul(r, 1103515245) + 12345) >>> 0) % n);
        let now = 0;
        let patched = 0;
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
