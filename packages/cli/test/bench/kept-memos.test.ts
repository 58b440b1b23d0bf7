// Issue 24: defines kept by what they read. A shared memoised define whose read set the codegen
// knows (GameDef.memoReads) keeps its value until a write there, across actions and calls on the
// states that follow from one another, not just within one state version (runtime Engine.memo).
// Against the reference (the same game without `memoReads`: memoised per version as before): the
// same state at every step through the public API and the same whole games on the fast path for
// every generated game that memoises a define; kept across a write elsewhere, recomputed after one
// there; and never carried to a state of another line: another table's, or the caller's state
// after an apply that wrote and was then rejected.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apply, legalActions, setup, tick, nextDeadline, type Action, type GameDef, type GameState } from '@decksmith/runtime';
import { keptMemoComputes } from '@decksmith/runtime/test-fixtures/memo-counts';
import { compileRulesInMemory, importCompiled } from '@decksmith/dsl/node/compile-in-memory.ts';
import { loadGame } from '../../src/simulate/load-game.ts';
import { loadBenchRuntime } from '../../src/bench/runtime-api.ts';
import { generatedGames } from './generated-games.ts';
import { expectSameGames } from './same-games.ts';

/** The same game memoised per state version: no read sets. */
function reference(def: GameDef): GameDef {
  const { memoReads: _reads, ...rest } = def;
  return rest;
}

/** Moves per game whose states are compared step by step (the whole game by randomPlayout). */
const COMPARED_MOVES = 300;

// A table whose `near` reads the table pile only; `draw` writes elsewhere; `overflow` writes the
// table, reads `near` there, then writes a variable out of its range: rejected, nothing changes.
const RULES = `game kept "Kept memos"
players 2..3
card Chip { n: 0..9 }
deck chips { 2 × Chip }
zone stock: pile, hidden
zone hand: per player, fan, owner
zone table: pile, visible
var tally: 0..1 = 0
define near: [number] = plus_minus((top of table).n, 1, 0, 9)
rounds {
  count 1
  setup {
    shuffle chips into stock
    deal 4 from stock to hand(each player)
    move top of stock to table
  }
  stages play
}
winner lowest count(hand(p))
stage play turns from player 1
action put(c: card in hand(me)) by current during play {
  require c.n in near else put/no "Not near."
  move c to table
}
action draw by current during play {
  require count(stock) > 0 else draw/empty "The stock is empty."
  move top of stock to hand(me)
}
action overflow(c: card in hand(me)) by current during play {
  move c to table
  set tally = count(near) + 1
}
`;

async function keptGame(): Promise<GameDef> {
  const path = join(mkdtempSync(join(tmpdir(), 'kept-memos-')), 'kept.rules');
  writeFileSync(path, RULES);
  const compiled = await compileRulesInMemory(path);
  expect(compiled.report.filter((d) => d.startsWith('error'))).toEqual([]);
  return (await importCompiled<{ game: GameDef }>(compiled.js!)).game;
}

const puts = (def: GameDef, state: GameState): string => JSON.stringify(legalActions(def, state, state.current).filter((a) => a.type === 'put'));

describe('defines kept by what they read', () => {
  it('the generated games that memoise a define carry its read set, one per slot', async () => {
    const tiv = (await loadGame('tiv-miv/tiv-miv')) as unknown as GameDef;
    // `targets` and its mask read the centre pile (zone declaration 1) only.
    expect(tiv.memoReads).toEqual([0, 1].map(() => ({ zones: [1], vars: [], seats: false, current: false, anyZone: false, flow: false })));
    const taki = (await loadGame('super-taki/super-taki')) as unknown as GameDef;
    expect(taki.memoReads?.length).toBe(2);
  });

  it.each(generatedGames())('%s: the same state at every step through the public API, and the same whole games', async (spec) => {
    const def = (await loadGame(spec)) as unknown as GameDef;
    if (def.memoReads === undefined) return;
    const rt = await loadBenchRuntime();
    const ref = reference(def);
    expectSameGames(rt, def, ref, COMPARED_MOVES);
  });

  it("Tiv-Miv's targets: kept across a draw, recomputed after a play moves the centre's top", async () => {
    const def = (await loadGame('tiv-miv/tiv-miv')) as unknown as GameDef;
    let state = setup(def, { players: 2, seed: 4 });
    const due = nextDeadline(state)!;
    state = tick(def, state, due).state; // the countdown ends: the race
    const act = (type: string): void => {
      const a = legalActions(def, state, 0, due).find((x) => x.type === type);
      if (a === undefined) throw new Error(`no ${type}`);
      const r = apply(def, state, 0, a, due);
      if ('rejected' in r) throw new Error(r.rejected.code);
      state = r.state;
    };
    // The first apply on a state no settled apply returned tests every trigger afresh (CH_ALL), the memos with them.
    act('draw');
    legalActions(def, state, 0, due);
    const before = keptMemoComputes();
    act('draw');
    act('draw');
    legalActions(def, state, 1, due);
    expect(keptMemoComputes()).toBe(before);
    // Seed 4 gives seat 0 a playable card within its first draws.
    while (!legalActions(def, state, 0, due).some((a) => a.type === 'play')) act('draw');
    const kept = keptMemoComputes();
    act('play');
    legalActions(def, state, 0, due);
    expect(keptMemoComputes()).toBeGreaterThan(kept);
  });

  it('never carries a kept value to another table: two tables on one engine, asked in turn, list what each lists alone', async () => {
    const def = await keptGame();
    const ref = reference(def);
    expect(def.memoReads?.length).toBeGreaterThan(0);
    for (let seed = 1; seed <= 12; seed++) {
      const a = setup(def, { players: 2, seed });
      const b = setup(def, { players: 2, seed: seed + 100 });
      for (const s of [a, b, a, b]) expect(puts(def, s)).toBe(puts(ref, s));
    }
  });

  it("never carries a kept value out of a rejected apply: after a write to the table, `near` read there, then a range error, the caller's state lists as before", async () => {
    const def = await keptGame();
    for (let seed = 1; seed <= 12; seed++) {
      const a = setup(def, { players: 2, seed });
      const before = puts(def, a);
      const c: Action = legalActions(def, a, a.current).find((x) => x.type === 'overflow')!;
      const r = apply(def, a, a.current, c, a.lastAt);
      expect('rejected' in r && r.rejected.code).toBe('var/out_of_range');
      expect(puts(def, a)).toBe(before);
    }
  });
});
