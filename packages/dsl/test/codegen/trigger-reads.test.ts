// Each trigger's read set (TriggerDef.reads, issue 24): the zones, variables and seat/flow facts its
// test reads, through the defines it calls; undefined (test after every action) when it reads the
// time, the actor or chance. The same for each memoised define (GameDef.memoReads, one per
// Ctx.memo slot), whose value the runtime keeps until a write there; one that reads the actor is
// memoised per actor and state version, without a read set.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileRulesInMemory, importCompiled } from '../../src/node/compile-in-memory.ts';

const RULES = `game reads "Reads"
players 2..4
card Plain { n: 1..9 }
deck d { 4 × Plain }
zone draw: pile, hidden
zone centre: pile, visible
zone hand: per player, fan, owner
var total: 0..999 = 0
player var passes: 0..99 = 0
define low(p: Player): bool = count(hand(p)) < 2
define big: bool = total > 50
define near: [number] = plus_minus((top of centre).n, total, 1, 9)
define held: number = sum c.n for c in hand(current)
define mine: [number] = [count(hand(me)), 1]
rounds {
  count 1
  setup { shuffle d into draw  deal 2 from draw to hand(each player) }
  stages play
}
stage play turns from player 1
action take by current during play { move top of draw to hand(me) }
action put(c: card in hand(me)) by current during play {
  require c.n in near and held < 40 and count(hand(me)) in mine else put/no "No."
  move c to centre
}
when exists p in players where low(p) and passes(p) > 3 { end round }
when big and current == dealer { end round }
when count(centre) > 3 and (top of centre).n == 1 { end round }
when elapsed > 10s { end round }
when next after current == player 1 and count(draw) == 0 { end round }
winner lowest count(hand(p))
`;

interface Reads { zones: number[]; vars: number[]; seats: boolean; current: boolean; anyZone: boolean; flow: boolean }

const dir = mkdtempSync(join(tmpdir(), 'trigger-reads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const none = { zones: [], vars: [], seats: false, current: false, anyZone: false, flow: false };

async function compile(): Promise<{ source: string; game: { triggers: { reads: Reads | undefined }[]; memoReads?: (Reads | undefined)[] } }> {
  const path = join(dir, 'reads.rules');
  writeFileSync(path, RULES);
  const compiled = await compileRulesInMemory(path);
  expect(compiled.report).toEqual([]);
  return { source: compiled.source ?? '', ...(await importCompiled<{ game: { triggers: { reads: Reads | undefined }[] } }>(compiled.js!)) };
}

describe('read sets', () => {
  it('lists what each trigger test reads, through defines; time makes a trigger tested every time', async () => {
    const { game } = await compile();
    // zones: draw 0, centre 1, hand 2; vars: total 0, passes 1
    expect(game.triggers.map((t) => t.reads)).toEqual([
      { ...none, zones: [2], vars: [1], seats: true },
      { ...none, vars: [0], current: true, flow: true },
      { ...none, zones: [1] },
      undefined,
      { ...none, zones: [0], current: true, seats: true, flow: true },
    ]);
    // Every entry has the same properties in the same order (one object shape for the runtime).
    expect(new Set(game.triggers.map((t) => Object.keys(t).join()))).toHaveProperty('size', 1);
  });

  it('lists what each memoised define and mask reads, in slot order; a define reading the actor has none', async () => {
    const { game, source } = await compile();
    const slot = (fn: string): number => Number(new RegExp(`return x\\.memo\\((\\d+), ${fn}_value`).exec(source)![1]);
    expect(game.memoReads).toHaveLength(4);
    // zones: draw 0, centre 1, hand 2; vars: total 0
    expect(game.memoReads![slot('near')]).toEqual({ ...none, zones: [1], vars: [0] });
    expect(game.memoReads![slot('near_mask')]).toEqual({ ...none, zones: [1], vars: [0] });
    expect(game.memoReads![slot('held')]).toEqual({ ...none, zones: [2], current: true });
    expect(game.memoReads![slot('mine')]).toBeUndefined();
    expect(source).toMatch(/return x\.memo\(\d+, mine_value\);/);
  });
});
