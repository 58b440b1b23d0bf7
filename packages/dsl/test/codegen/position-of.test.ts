// `position of` a quantifier's variable over one zone compiles to the loop's index (compile-expr.ts
// loopLines), not a search of the zone: `first`, `last` (a loop from the top) and `count`, each
// checked against the state's own zone array by applying the one card the rule allows.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileRulesInMemory, importCompiled } from '../../src/node/compile-in-memory.ts';

const RULES = `game position-of "Positions"
players 2
card Chip { n: 1..9 } shown "{n}"
deck chips { 1 × Chip }
zone stock: pile, hidden
zone table: pile, visible
zone out: pile, visible
rounds {
  count 1
  setup {
    shuffle chips into stock
    move 6 from stock to table
  }
  stages play
}
winner highest score
stage play turns from player 1
action second(c: card in table) by current during play {
  require c == first d in table where position of d == count(table) - 2 else pos/no "Not the second from the top."
  move c to out
}
action low(c: card in table) by current during play {
  require c == last d in table where position of d < 2 else pos/no "Not the higher of the two lowest."
  move c to out
}
action third(c: card in table) by current during play {
  require (count d in table where position of d < position of c) == 2 else pos/no "Not the third from the bottom."
  move c to out
}
`;

interface State { current: number; zones: number[][]; zoneDecl: number[] }
interface Wire { type: string; args?: Record<string, unknown> }
interface Runtime {
  setup(def: unknown, input: { players: number; seed: number }): State;
  legalActions(def: unknown, state: State, seat: number, now?: number): Wire[];
  apply(def: unknown, state: State, seat: number, action: unknown, now: number): { state: State } | { rejected: { code: string } };
}
const runtimeModule: string = '@decksmith/runtime';
const dir = mkdtempSync(join(tmpdir(), 'position-of-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('position of a loop variable', () => {
  it('is the card at that index of the zone, from the bottom, in first, last and count loops', async () => {
    const file = join(dir, 'position-of.rules');
    writeFileSync(file, RULES);
    const compiled = await compileRulesInMemory(file);
    expect(compiled.report.filter((d) => d.includes('error['))).toEqual([]);
    // The loops count their index; only `position of c` (the action's parameter) searches.
    expect(compiled.source).not.toMatch(/x\.positionOf\(d\)/);
    expect(compiled.source).toMatch(/x\.positionOf\(c\)/);
    const { game } = await importCompiled<{ game: unknown }>(compiled.js!);
    const rt = (await import(runtimeModule)) as Runtime;
    for (let seed = 1; seed <= 5; seed++) {
      const state = rt.setup(game, { players: 2, seed });
      const table = state.zoneDecl.indexOf(1);
      const cards = state.zones[table]!;
      expect(cards).toHaveLength(6);
      const expected: Record<string, number> = { second: cards[4]!, low: cards[1]!, third: cards[2]! };
      for (const [type, card] of Object.entries(expected)) {
        const legal = rt.legalActions(game, state, state.current, 0).filter((a) => a.type === type);
        expect(legal, type).toHaveLength(1);
        const r = rt.apply(game, state, state.current, legal[0], 0);
        if ('rejected' in r) throw new Error(r.rejected.code);
        expect(r.state.zones[table]).toEqual(cards.filter((c) => c !== card));
      }
    }
  });
});
