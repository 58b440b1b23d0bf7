// The fuel budget (runtime core/fuel.ts, #21): generated loops, `repeat`, `subsets of`, nested
// quantifiers and legal enumeration's cross products spend it; a call past its budget is refused
// with `rules/budget_exceeded` and changes nothing, the same way every time.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileRulesInMemory, importCompiled } from '../../src/node/compile-in-memory.ts';

const rules = (extra: string): string => `game heavy "Heavy"
players 2
option copies: 1..8 = 2 "Decks"
option times: 1..1000000000000 = 1000000000000 "Rounds"
enum Suit { clubs "C", diamonds "D", hearts "H", spades "S" }
card Standard { suit: Suit, rank: 1..13 }
deck standard { copies × Standard }
zone stock: pile, hidden
zone table: pile, visible
zone hand: per player, fan, owner
zone discard: pile, visible
var n: number = 0
rounds {
  count 1
  setup {
    shuffle standard into stock
    deal 16 from stock to hand(each player)
    move all of stock to table
  }
  stages play
}
stage play turns from player 1
action draw by current during play { move top of table to hand(me) }
${extra}
winner highest count(hand(p))
`;

const HEAVY: Record<string, string> = {
  // Without a bound: 10^12 rounds, hours of the event loop.
  repeat: 'action play by current during play { repeat times { set n = n + 1 } }',
  // 2^16 subsets, each against 2^16 subsets: 4.3 × 10^9 pairs.
  subsets: 'action play by current during play { require (count s in subsets of hand(me) where (count t in subsets of hand(me) where count(t) == count(s)) > 0) >= 0 else x/y "no" }',
  // 72^4 = 2.7 × 10^7 inner tests, each a loop: far more with more copies.
  nested: 'action play by current during play { require (count a in table where (count b in table where (count c in table where (count d in table where a.rank + b.rank + c.rank + d.rank == 60) > 0) > 0) > 0) >= 0 else x/y "no" }',
  // 72^4 candidates, every one failing its guard.
  cross: 'action play(a: card in table, b: card in table, c: card in table, d: card in table) by current during play { require a.rank + b.rank + c.rank + d.rank == 60 else x/y "no" }',
};

// The runtime through a variable, so that `tsc -p packages/dsl` does not compile its sources.
interface State {
  vars: number[];
  current: number;
}
type Action = { type: string; args?: Record<string, unknown> };
interface Runtime {
  setup(def: unknown, input: { players: number; seed: number; options?: Record<string, number> }): State;
  legalActions(def: unknown, state: State, seat: number, now?: number): Action[];
  apply(def: unknown, state: State, seat: number, action: Action, now: number): { rejected?: { code: string; message: string }; state?: State };
  setFuel(def: unknown, fuel: number): void;
  lastFuelSpent(def: unknown): number;
  DRAFT_FUEL: number;
}
const runtimeModule: string = '@decksmith/runtime';
const runtime = (await import(runtimeModule)) as Runtime;

const dir = mkdtempSync(join(tmpdir(), 'fuel-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function load(name: string, extra: string): Promise<unknown> {
  const path = join(dir, `${name}.rules`);
  writeFileSync(path, rules(extra));
  const compiled = await compileRulesInMemory(path);
  // Unused options and zones are only warnings here.
  expect(compiled.report.filter((l) => l.startsWith('error'))).toEqual([]);
  const { game } = await importCompiled<{ game: unknown }>(compiled.js!);
  runtime.setFuel(game, runtime.DRAFT_FUEL);
  return game;
}

describe('a call past its fuel budget', () => {
  for (const [name, action] of Object.entries(HEAVY)) {
    it(`${name}: the move is refused with rules/budget_exceeded, nothing changes, the other actions stay legal`, async () => {
      const game = await load(name, action);
      const state = runtime.setup(game, { players: 2, seed: 1 });
      const before = JSON.stringify(state);
      const seat = state.current;
      // Legal actions: a heavy guard or enumeration leaves its action out, `draw` is still there
      // (`repeat` is in the effect, which enumeration does not run).
      const legal = runtime.legalActions(game, state, seat, 0);
      expect(legal.map((a) => a.type)).toEqual(name === 'repeat' ? ['draw', 'play'] : ['draw']);
      const play: Action = name === 'cross' ? { type: 'play', args: {} } : { type: 'play' };
      if (name !== 'cross') {
        const r = runtime.apply(game, state, seat, play, 0);
        expect(r.rejected?.code).toBe('rules/budget_exceeded');
        expect(r.rejected?.message).toMatch(/2,000,000 steps/);
        expect(runtime.lastFuelSpent(game)).toBeGreaterThan(runtime.DRAFT_FUEL);
        // Deterministic: the same call is refused the same way; the caller's state is untouched.
        expect(runtime.apply(game, state, seat, play, 0).rejected?.code).toBe('rules/budget_exceeded');
      }
      expect(JSON.stringify(state)).toBe(before);
      const drawn = runtime.apply(game, state, seat, { type: 'draw' }, 0);
      expect(drawn.rejected).toBeUndefined();
    });
  }

  it('a light action is charged a few steps, far below the budget', async () => {
    const game = await load('light', 'action play by current during play { require (count c in hand(me) where c.rank > 3) >= 0 else x/y "no" }');
    const state = runtime.setup(game, { players: 2, seed: 1 });
    const r = runtime.apply(game, state, state.current, { type: 'play' }, 0);
    expect(r.rejected).toBeUndefined();
    const spent = runtime.lastFuelSpent(game);
    expect(spent).toBeGreaterThan(16);
    expect(spent).toBeLessThan(200);
  });

  it('the same action fits a larger budget: the bound, not the rule, refused it', async () => {
    const game = await load('repeat-small', 'option few: 1..100000 = 100000 "Few"\naction play by current during play { repeat few { set n = n + 1 } }');
    const state = runtime.setup(game, { players: 2, seed: 1 });
    expect(runtime.apply(game, state, state.current, { type: 'play' }, 0).rejected).toBeUndefined();
    runtime.setFuel(game, 50_000);
    expect(runtime.apply(game, state, state.current, { type: 'play' }, 0).rejected?.code).toBe('rules/budget_exceeded');
  });
});
