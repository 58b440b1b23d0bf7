// Parameters with `if <cond>` in the generated enumeration (ActionDef.legal, emit-legal.ts): left
// out (absent) when the condition does not hold, with requires that read them and a nested
// conditional parameter; and define calls cached at the loop their arguments are fixed by (not
// one reading a quantifier's variable), or in their own loop when made more than once there;
// options and global variables read once at the enumeration's top, those the defines it calls
// read included (passed to their legal-enumeration form).
// The same candidates, in the same order, as the runtime's reference walk.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileRulesInMemory, importCompiled } from '../../src/node/compile-in-memory.ts';

const RULES = `game param-if "Conditional parameters"
players 2..3
card Chip { n: 1..4 } shown "{n}"
deck chips { 2 × Chip }
option low: 1..4 = 2 "Chips at or below it are low"
zone stock: pile, hidden
zone hand: per player, fan, owner
zone table: pile, visible
rounds {
  count 1
  setup {
    shuffle chips into stock
    deal 3 from stock to hand(each player)
  }
  stages play
}
winner highest score
stage play turns from player 1
action pick(c: card in hand(me), big: bool if c.n > 2, k: 1..3 if big and c.n == 4) by current during play {
  require big != none or c.n > 1 else pick/tiny "A 1 must say whether it is big."
  require not big or c.n > 3 or k == none else pick/small "Only a 4 may be big with a k."
  require k == none or k != 2 else pick/two "Not 2."
  move c to table
}
define above(c: Card, k: number): bool = c.n > k
define twins(c: Card): number = count d in hand(me) where d.n == c.n
action pair(c: card in hand(me), d: card in hand(me)) by current during play {
  require c != d and twins(c) >= 2 and above(d, 1) else pair/no "No pair."
  require any e in hand(me) where e != d and above(e, c.n) or twins(c) > 2 else pair/top "Nothing above."
  move c to table
}
action triple(c: card in hand(me)) by current during play {
  require twins(c) >= 1 and above(c, 1) else triple/no "No twin."
  require twins(c) < 3 or c.n > 2 else triple/low "Too low."
  require c.n >= low or c.n + low > 4 else triple/lower "Lower still."
  move c to table
}
define lowish(c: Card): bool = c.n <= low
define fits(c: Card): bool = lowish(c) or c.n == 4
action drop(c: card in hand(me)) by current during play {
  require fits(c) else drop/no "Too high."
  move c to table
}
action pass by current during play { require count(hand(me)) < 3 else pass/early "Play first." }
`;

interface State { result: unknown; current: number }
interface Wire { type: string; args?: Record<string, unknown> }
interface Runtime {
  setup(def: unknown, input: { players: number; seed: number }): State;
  legalActions(def: unknown, state: State, seat: number, now?: number): Wire[];
  apply(def: unknown, state: State, seat: number, action: unknown, now: number): { state: State } | { rejected: { code: string } };
}
interface Def { actions: { name: string; legal?: unknown }[] }
const runtimeModule: string = '@decksmith/runtime';
const dir = mkdtempSync(join(tmpdir(), 'param-if-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('conditional parameters in the generated enumeration', () => {
  it('list what the reference walk lists, at every state of seeded games, both absent and present', async () => {
    const file = join(dir, 'param-if.rules');
    writeFileSync(file, RULES);
    const compiled = await compileRulesInMemory(file);
    expect(compiled.report.filter((d) => d.includes('error['))).toEqual([]);
    const { game } = await importCompiled<{ game: Def }>(compiled.js!);
    expect(game.actions.find((a) => a.name === 'pick')?.legal).toBeTypeOf('function');
    const reference = { ...game, actions: game.actions.map((a) => ({ ...a, legal: undefined })) };
    const rt = (await import(runtimeModule)) as Runtime;
    const shapes = new Set<string>();
    let compared = 0;
    for (let seed = 1; seed <= 12; seed++) {
      let state = rt.setup(game, { players: 2 + (seed % 2), seed });
      for (let step = 0; step < 12 && state.result === null; step++) {
        for (let seat = 0; seat < 2; seat++) {
          const got = rt.legalActions(game, state, seat, 0);
          expect(got).toEqual(rt.legalActions(reference, state, seat, 0));
          for (const a of got) shapes.add(Object.keys(a.args ?? {}).sort().join(','));
          compared++;
        }
        const options = rt.legalActions(game, state, state.current, 0);
        if (options.length === 0) break;
        const r = rt.apply(game, state, state.current, options[(seed * 7 + step) % options.length], 0);
        if ('rejected' in r) throw new Error(r.rejected.code);
        state = r.state;
      }
    }
    expect(compared).toBeGreaterThan(100);
    // Each form came up: no optional parameter, `big` alone, and `big` with `k`.
    expect([...shapes].sort()).toEqual(['', 'big,c,k', 'big,c', 'c', 'c,d'].sort());
    // The calls reading only c are cached in c's loop; the one reading the quantifier's e is not.
    expect(compiled.source).toMatch(/\?\?= twins\(x, c\)/);
    expect(compiled.source).not.toMatch(/\?\?= above\(x, e/);
    // In its own loop, a call is cached when the conditions make it twice (twins(c)), not once (above(c, 1)).
    const triple = /function triple_legal[\s\S]*?\n}/.exec(compiled.source ?? '')?.[0] ?? '';
    expect(triple.match(/\?\?= twins\(x, c\)/g)).toHaveLength(2);
    expect(triple).toMatch(/[^=] above\(x, c, 1\)/);
    expect(triple).not.toMatch(/\?\?= above/);
    // The option it reads twice per card is read once, before the loop (nothing writes while it runs).
    expect(triple.match(/x\.opt\(/g)).toHaveLength(1);
    expect(triple).toMatch(/^ {2}const \$d\d+ = x\.opt\(0\);$/m);
    // A define with parameters that reads the option, itself or through another, takes it from
    // the enumeration's top as an argument (define-variants.ts); guards keep the plain define.
    const drop = /function drop_legal[\s\S]*?\n}/.exec(compiled.source ?? '')?.[0] ?? '';
    const read = /^ {2}const (\$d\d+) = x\.opt\(0\);$/m.exec(drop)?.[1];
    expect(read).toBeDefined();
    expect(drop.match(/x\.opt\(/g)).toHaveLength(1);
    expect(drop).toContain(`fits_in_legal(x, c, ${read})`);
    const variants = /function fits_in_legal[\s\S]*?\n}/.exec(compiled.source ?? '')?.[0] ?? '';
    expect(variants).toMatch(/lowish_in_legal\(x, c, \$d\d+\)/);
    expect(/function lowish_in_legal\(x: Ctx, c: number, (\$d\d+): number\): boolean \{\n {2}return x\.attr\(c, 0\) <= \1;/.test(compiled.source ?? '')).toBe(true);
    expect(compiled.source).toMatch(/function fits\(x: Ctx, c: number\): boolean \{\n {2}return lowish\(x, c\)/);
  });
});
