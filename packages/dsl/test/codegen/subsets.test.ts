// `subsets of cs`: every combination of a zone's or a card list's cards, as a list of card lists
// that quantifiers and aggregates range over (Cribbage's fifteens, pairs and runs).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkGame } from '../../src/check/index.ts';
import { compileRulesInMemory, importCompiled } from '../../src/node/compile-in-memory.ts';
import { parse } from '../../src/parse/index.ts';

const rules = (cards: number, body: string): string => `game combos "Combos"
players 2
card Plain { n: 1..${cards} }
deck d { 1 × Plain }
zone draw: pile, hidden
zone hand: per player, fan, owner
var found: 0..100000 = 0
var pairs: 0..100000 = 0
rounds {
  count 1
  setup {
    move all of draw to hand(player 1)
    ${body}
  }
  stages play
}
stage play turns from player 1
action stop by current during play { add found + pairs to score(me)  end game }
winner highest score
`;

// The runtime through a variable, so that \`tsc -p packages/dsl\` does not compile its sources.
interface State { vars: number[] }
interface Runtime {
  setup(def: unknown, input: { players: number; seed: number }): State;
  legalActions(def: unknown, state: State, seat: number): { type: string }[];
  apply(def: unknown, state: State, seat: number, action: { type: string; args: Record<string, unknown> }, now: number): { rejected?: { code: string } };
  checkSetup(def: unknown, input: { players: number; seed: number }): { code: string; message: string } | null;
}
const runtimeModule: string = '@decksmith/runtime';

const dir = mkdtempSync(join(tmpdir(), 'subsets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(name: string, cards: number, body: string): Promise<State | { code: string; message: string }> {
  // A table the rules cannot set up is refused with a coded rejection (checkSetup), never a crash.
  const path = join(dir, `${name}.rules`);
  writeFileSync(path, rules(cards, body));
  const compiled = await compileRulesInMemory(path);
  expect(compiled.report).toEqual([]);
  const { game } = await importCompiled<{ game: unknown }>(compiled.js!);
  const runtime = (await import(runtimeModule)) as Runtime;
  return runtime.checkSetup(game, { players: 2, seed: 1 }) ?? runtime.setup(game, { players: 2, seed: 1 });
}

/** Subsets of {1..n} adding to `total`, counted by brute force. */
function sumsTo(n: number, total: number): number {
  let k = 0;
  for (let mask = 0; mask < 1 << n; mask++) {
    let t = 0;
    for (let i = 0; i < n; i++) if (mask & (1 << i)) t += i + 1;
    if (t === total) k++;
  }
  return k;
}

function diagnostics(text: string): string[] {
  const parsed = parse(text, 'combos.rules');
  expect(parsed.diagnostics).toEqual([]);
  return checkGame(parsed.file!, { sources: [{ file: 'combos.rules', text }], loadBase: () => null }).diagnostics.map((d) => d.code);
}

describe('subsets of', () => {
  it('counts the combinations that add to 15, and the pairs, of the cards 1 to 9', async () => {
    const s = await run('nine', 9, `set found = count s in subsets of hand(player 1) where (sum c.n for c in s) == 15
    set pairs = count s in subsets of hand(player 1) + draw where count(s) == 2`);
    expect('vars' in s).toBe(true);
    const { vars } = s as State;
    expect(vars[0]).toBe(sumsTo(9, 15));
    expect(vars[0]).toBeGreaterThan(0);
    expect(vars[1]).toBe(36);
  });

  it('stops a table whose rule combines more than 16 cards (subsets/too_large) instead of hanging', async () => {
    const s = await run('seventeen', 17, 'set found = count s in subsets of hand(player 1) where count(s) == 1');
    expect(s).toMatchObject({ code: 'setup/invalid' });
    expect('vars' in s).toBe(false);
    expect((s as { message: string }).message).toMatch(/at most 16 cards/);
  });

  it('in a condition past 16 cards, makes that action not legal (listed without it, apply rejects it) instead of throwing', async () => {
    // The table deals 17 cards to player 1 in the round, after setup, so setup itself succeeds.
    const text = rules(17, 'set found = 0').replace(
      'action stop by current',
      `action big by current during play {
  require (count s in subsets of hand(me) where count(s) == 1) > 0 else big/none "No single cards."
  set found = 1
}
action stop by current`,
    );
    const path = join(dir, 'guard.rules');
    writeFileSync(path, text);
    const compiled = await compileRulesInMemory(path);
    expect(compiled.report).toEqual([]);
    const { game } = await importCompiled<{ game: unknown }>(compiled.js!);
    const runtime = (await import(runtimeModule)) as Runtime;
    const state = runtime.setup(game, { players: 2, seed: 1 });
    const names = runtime.legalActions(game, state, 0).map((a) => a.type);
    expect(names).toContain('stop');
    expect(names).not.toContain('big');
    const before = JSON.stringify(state);
    expect(runtime.apply(game, state, 0, { type: 'big', args: {} }, 1).rejected?.code).toBe('subsets/too_large');
    expect(JSON.stringify(state)).toBe(before);
  });

  it('is checked: its source must be cards, and the result is a list of card lists', () => {
    expect(diagnostics(rules(9, 'set found = count s in subsets of hand(player 1) where count(s) == 2'))).toEqual([]);
    expect(diagnostics(rules(9, 'set found = count s in subsets of 3 where true'))).toContain('type_mismatch');
    expect(diagnostics(rules(9, 'set found = subsets of hand(player 1)'))).toContain('type_mismatch');
    expect(diagnostics(rules(9, 'set found = count s in subsets of hand(player 1) where s.n == 2'))).toContain('type_mismatch');
  });

  it('leaves `subsets` free as a name (it is contextual, not reserved)', () => {
    expect(diagnostics(rules(9, 'set found = 1').replace('var pairs', 'var subsets'))).not.toContain('syntax_error');
  });
});
