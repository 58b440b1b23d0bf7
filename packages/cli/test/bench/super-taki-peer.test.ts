// The boardgame.io Super Taki plays the rule file's game: in lockstep (the same deal, the same
// refill shuffles, Decksmith's random choices) both list the same actions for every seat and hold
// the same table at every decision; a peer with one rule wrong is caught; its own random deal is sound.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadGame } from '../../src/simulate/load-game.ts';
import { loadBenchRuntime, type BenchRuntime, type GameDef } from '../../src/bench/runtime-api.ts';
import type * as Lockstep from '../../bench/peer/super-taki-lockstep.ts';
import type * as Drive from '../../bench/peer/super-taki-drive.ts';
import { notation } from '../../bench/peer/super-taki-cards.ts';

let rt: BenchRuntime;
let def: GameDef;
let ls: typeof Lockstep;
let drive: typeof Drive;
const env = process.env.NODE_ENV;

beforeAll(async () => {
  // As the bench runs it: boardgame.io re-checks every move's state for JSON-safety outside production.
  process.env.NODE_ENV = 'production';
  // boardgame.io logs refused moves on the console; the variants below make it refuse some.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  rt = await loadBenchRuntime();
  def = (await loadGame('super-taki')) as unknown as GameDef;
  ls = await import('../../bench/peer/super-taki-lockstep.ts');
  drive = await import('../../bench/peer/super-taki-drive.ts');
});
afterAll(() => {
  process.env.NODE_ENV = env;
  vi.restoreAllMocks();
});

describe('Super Taki: the boardgame.io peer in lockstep with the rule file', () => {
  it.each([[4, 5], [3, 2], [2, 2]])('%i seats, %i seeded games: the same actions and the same table at every decision, the same winners', (players, games) => {
    const census: Record<string, number> = {};
    for (let seed = 0; seed < games; seed++) {
      const r = ls.lockstep(rt, def, seed, players);
      expect(r.mismatch).toBeNull();
      expect(r.winners.length).toBeGreaterThan(0);
      for (const [k, v] of Object.entries(r.census)) census[k] = (census[k] ?? 0) + v;
    }
    if (players === 4) {
      // The games went through every card's action, both +3 endings, runs, refills and "last card!".
      for (const k of ['play number', 'play +2', 'play Stop', 'play Dir', 'play Plus', 'play Taki', 'play SuperTaki', 'play King', 'play +3',
        'play Breaker', 'play ChangeColour', 'draw_card', 'end_run', 'end_turn', 'last_card', 'break_plus3 Breaker', 'timeouts', 'shuffles']) {
        expect(census[k], k).toBeGreaterThan(0);
      }
    }
  }, 300_000);

  it('a peer drawing 2 for any +2 chain (not 2 per +2) is caught: the tables differ', () => {
    const variant = ls.lockstepEngine((g) => ({
      ...g,
      moves: { ...g.moves, drawCard: (ctx: { G: { chain: number } }, ...a: unknown[]) => { ctx.G.chain = Math.min(ctx.G.chain, 1); return (g.moves!.drawCard as (...x: unknown[]) => unknown)(ctx, ...a); } },
    }) as typeof g);
    const r = ls.lockstep(rt, def, 0, 4, variant);
    expect(r.mismatch).toMatch(/tables differ/);
  }, 60_000);

  it('a peer that never lets a player say "last card!" is caught: the actions differ', () => {
    const variant = ls.lockstepEngine((g) => ({
      ...g,
      ai: { enumerate: (G, ctx, id) => g.ai!.enumerate(G, ctx, id).filter((m) => !('move' in m) || m.move !== 'lastCard') },
    }));
    const r = ls.lockstep(rt, def, 0, 4, variant);
    expect(r.mismatch).toMatch(/actions differ/);
    expect(r.mismatch).toMatch(/last_card/);
  }, 60_000);
});

describe('Super Taki: the peer on its own', () => {
  it('deals 8 each from the 116 cards and turns up a coloured starter', () => {
    for (let seed = 0; seed < 20; seed++) {
      const e = drive.engineOf((ls.lockstepEngine().game as unknown) as Parameters<typeof drive.engineOf>[0]);
      const G = e.initial(seed, 4).G;
      expect(G.hands.map((h) => h.length)).toEqual([8, 8, 8, 8]);
      expect(G.draw.length + G.discard.length + 32).toBe(116);
      const top = G.discard[G.discard.length - 1]!;
      expect(top.kind).not.toBe('special');
      expect(G.colour).toBe(top.colour);
      // Colourless cards flipped before it stay under it.
      expect(G.discard.slice(0, -1).every((c) => c.kind === 'special')).toBe(true);
      const all = [...G.draw, ...G.discard, ...G.hands.flat()].map(notation);
      expect(all.filter((x) => x.endsWith('+2')).length).toBe(8);
      expect(all.filter((x) => x === 'ChangeColour').length).toBe(4);
      expect(all.some((x) => x.endsWith('2') && !x.endsWith('+2'))).toBe(false);
    }
  });

  it('plays whole random games through boardgame.io\'s reducer to a winner', () => {
    for (let seed = 0; seed < 3; seed++) {
      const r = drive.playSuperTakiBgio(seed, 4);
      expect(r.moves).toBeGreaterThan(10);
      expect(r.winners.length).toBeGreaterThan(0);
    }
  }, 120_000);
});
