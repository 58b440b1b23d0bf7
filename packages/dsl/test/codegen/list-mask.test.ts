// `v in L` compiled to a bit test (codegen/list-mask.ts) when v is a card attribute of small
// integers and L a constant list or a memoised define: the same legal actions and rejections as
// the `includes` form, at every state of seeded games, the attribute of no card (-1) included.
// The plain twin writes each test so that the mask cannot apply (`c.n + 0`, a define around the
// enum attribute), which compiles to `includes`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileRulesInMemory, importCompiled } from '../../src/node/compile-in-memory.ts';

const rules = (plain: boolean): string => {
  const n = (v: string): string => (plain ? `${v} + 0` : v);
  const tint = (c: string): string => (plain ? `tint_of(${c})` : `${c}.tint`);
  return `game list-mask "Membership masks"
players 2..3
card Chip { n: 0..12, tint: red | blue | green } shown "{n}{tint}"
deck chips { 1 × Chip }
zone stock: pile, hidden
zone hand: per player, fan, owner
zone table: pile, visible
rounds {
  count 1
  setup {
    shuffle chips into stock
    deal 5 from stock to hand(each player)
  }
  stages play
}
winner highest score
stage play turns from player 1
define near: [number] = plus_minus((top of table).n, 2, 0, 12)
define picks: [number] = [(top of table).n, 31, -1, 40]
define tint_of(c: Card): Tint = c.tint
action put(c: card in hand(me)) by current during play {
  require count(table) == 0 or ${n('c.n')} in near or ${tint('c')} in [red, green] else put/no "Not near."
  move c to table
}
action odd(c: card in hand(me)) by current during play {
  require ${n('c.n')} in picks else odd/no "Not picked."
  move c to table
}
action start by current during play {
  require ${n('(top of table).n')} in [-1, 3] and count(stock) > 0 else start/no "Not now."
  move top of stock to table
}
action pass by current during play { require count(hand(me)) < 2 or count(stock) == 0 else pass/early "Play first." }
`;
};

interface State { result: unknown; current: number; players: number }
interface Wire { type: string; args?: Record<string, unknown> }
interface Runtime {
  setup(def: unknown, input: { players: number; seed: number }): State;
  legalActions(def: unknown, state: State, seat: number, now?: number): Wire[];
  apply(def: unknown, state: State, seat: number, action: unknown, now: number): { state: State } | { rejected: { code: string } };
  listMask(list: readonly number[]): number;
}
const runtimeModule: string = '@decksmith/runtime';
const dir = mkdtempSync(join(tmpdir(), 'list-mask-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function compile(name: string, text: string): Promise<{ game: unknown; source: string }> {
  const file = join(dir, `${name}.rules`);
  writeFileSync(file, text);
  const compiled = await compileRulesInMemory(file);
  expect(compiled.report.filter((d) => d.includes('error['))).toEqual([]);
  const { game } = await importCompiled<{ game: unknown }>(compiled.js!);
  return { game, source: compiled.source ?? '' };
}

describe('membership masks', () => {
  it('listMask holds a bit for exactly the values a small attribute can be tested for', async () => {
    const rt = (await import(runtimeModule)) as Runtime;
    const pool = [-3, -1, -0.5, 0, 1, 2, 7, 7.5, 12, 30, 31, 32, 40, 1e9];
    for (let seed = 1; seed <= 200; seed++) {
      const list = pool.filter((_, i) => ((seed * 2654435761) >>> i) % 3 === 0);
      const mask = rt.listMask(list);
      for (let v = -1; v <= 30; v++) expect(((mask >>> v) & 1) === 1, `${v} in [${list.join(', ')}]`).toBe(list.includes(v));
    }
  });

  it('the masked tests list and reject what the includes tests do, at every state of seeded games', async () => {
    const masked = await compile('masked', rules(false));
    const plain = await compile('plain', rules(true));
    // The memoised define's mask is memoised beside it; the constant lists are mask constants.
    expect(masked.source).toMatch(/function near_mask\(x: Ctx\): number \{\n {2}return x\.memo\(\d+, near_mask_value, true\);/);
    expect(masked.source).toMatch(/>>> x\.attr\(c, 0\)\) & 1\) === 1/);
    expect(masked.source).toMatch(/const RED_GREEN_MASK = 5;/);
    // [-1, 3]: bit 3, and bit 31 for -1 (the top of an empty table).
    expect(masked.source).toMatch(/const LIST_MASK = -2147483640;/);
    expect(masked.source).toMatch(/picks_mask\(x\)/);
    expect(masked.source).not.toMatch(/\.includes\(/);
    expect(plain.source.match(/\.includes\(/g)?.length).toBeGreaterThanOrEqual(4);
    const rt = (await import(runtimeModule)) as Runtime;
    const seen = new Set<string>();
    let compared = 0;
    for (let seed = 1; seed <= 16; seed++) {
      let state = rt.setup(masked.game, { players: 2 + (seed % 2), seed });
      for (let step = 0; step < 30 && state.result === null; step++) {
        for (let seat = 0; seat < state.players; seat++) {
          const got = rt.legalActions(masked.game, state, seat, 0);
          expect(got).toEqual(rt.legalActions(plain.game, state, seat, 0));
          for (const a of got) seen.add(a.type);
          compared++;
        }
        // Every card in hand tried for each card action: the guards agree on each.
        const mover = state.current;
        for (const type of ['put', 'odd']) {
          for (const a of rt.legalActions(masked.game, state, mover, 0).filter((x) => x.type === 'put' || x.type === 'odd')) {
            const tried = { type, args: a.args };
            const m = rt.apply(masked.game, state, mover, tried, 0);
            const p = rt.apply(plain.game, state, mover, tried, 0);
            expect('rejected' in m ? m.rejected.code : 'ok').toBe('rejected' in p ? p.rejected.code : 'ok');
          }
        }
        const options = rt.legalActions(masked.game, state, mover, 0);
        if (options.length === 0) break;
        const r = rt.apply(masked.game, state, mover, options[(seed * 7 + step) % options.length], 0);
        if ('rejected' in r) throw new Error(r.rejected.code);
        state = r.state;
      }
    }
    expect(compared).toBeGreaterThan(200);
    // Each test came out both ways: start on an empty table (the -1 bit) and after a 3.
    expect([...seen].sort()).toEqual(['odd', 'pass', 'put', 'start']);
  });
});
