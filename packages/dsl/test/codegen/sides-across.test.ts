// `sides { … pairs across }`: partners sit opposite, so turns alternate between the sides
// (compiled to the runtime's 'pairs_across' arrangement), beside the neighbouring `pairs`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileRulesInMemory, importCompiled } from '../../src/node/compile-in-memory.ts';

const rules = (arrangement: string): string => `game partners "Partners"
players 2..6
card Plain { n: 1..9 }
deck d { 4 × Plain }
zone draw: pile, hidden
zone hand: per player, fan, owner
sides {
  when players == 2: one per player
  otherwise: ${arrangement}
}
rounds {
  count 1
  setup { shuffle d into draw  deal 2 from draw to hand(each player) }
  stages play
}
stage play turns from player 1
action take by current during play {
  move top of draw to hand(me)
  add 1 to score(my side)
  if count(draw) < 10 { end game }
}
winner highest score
`;

// The runtime through a variable, so that \`tsc -p packages/dsl\` does not compile its sources.
interface State { sideOf: number[] }
interface Runtime { setup(def: unknown, input: { players: number; seed: number }): State }
const runtimeModule: string = '@decksmith/runtime';

const dir = mkdtempSync(join(tmpdir(), 'sides-across-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function sidesOf(arrangement: string, players: number): Promise<number[]> {
  const path = join(dir, `${arrangement.replace(/\W+/g, '-')}.rules`);
  writeFileSync(path, rules(arrangement));
  const compiled = await compileRulesInMemory(path);
  expect(compiled.report).toEqual([]);
  const { game } = await importCompiled<{ game: unknown }>(compiled.js!);
  const runtime = (await import(runtimeModule)) as Runtime;
  return runtime.setup(game, { players, seed: 1 }).sideOf;
}

describe('sides pairs across', () => {
  it('seats partners opposite: 1 and 3 against 2 and 4', async () => {
    expect(await sidesOf('pairs across', 4)).toEqual([0, 1, 0, 1]);
    expect(await sidesOf('pairs across', 6)).toEqual([0, 1, 2, 0, 1, 2]);
  });

  it('leaves the seat without an opposite alone at an odd count', async () => {
    expect(await sidesOf('pairs across', 5)).toEqual([0, 1, 2, 0, 1]);
  });

  it('keeps neighbouring pairs and the other arrangements as they were', async () => {
    expect(await sidesOf('pairs', 4)).toEqual([0, 0, 1, 1]);
    expect(await sidesOf('pairs, odd player alone', 5)).toEqual([0, 0, 1, 1, 2]);
    expect(await sidesOf('pairs across', 2)).toEqual([0, 1]);
  });
});
