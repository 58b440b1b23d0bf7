// `option … basic | advanced`: the new-table form's group of an option, parsed after the description,
// carried to the GameDef's options table (absent when the file says neither), and no reserved word.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from '../../src/index.ts';
import { compileRulesInMemory, importCompiled } from '../../src/node/compile-in-memory.ts';

const rules = `game grouped "Grouped"
players 2..4
option hand_size: 1..10 = 5   "Cards dealt to each player" basic
option fast: bool = false     "Quick turns" advanced
option basic: 1..3 = 1        "An option named basic, no group"
option plain: 1..3 = 2
card Plain { n: 1..9 }
deck d { 4 × Plain }
zone draw: pile, hidden
zone hand: per player, fan, owner
rounds {
  count 1
  setup { shuffle d into draw  deal hand_size from draw to hand(each player) }
  stages play
}
stage play turns from player 1
action take by current during play {
  move top of draw to hand(me)
  if fast and basic + plain > 2 { move top of draw to hand(me) }
  if count(draw) < 10 { end game }
}
winner highest score
`;

const dir = mkdtempSync(join(tmpdir(), 'option-group-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('option groups', () => {
  it('parses the group after the description, and none when absent', () => {
    const r = parse(rules, 'grouped.rules');
    expect(r.diagnostics).toEqual([]);
    const options = r.file!.items.filter((i) => i.kind === 'option');
    expect(options.map((o) => [o.name.text, o.group])).toEqual([
      ['hand_size', 'basic'],
      ['fast', 'advanced'],
      ['basic', null],
      ['plain', null],
    ]);
  });

  it('puts the group in the GameDef options table', async () => {
    const path = join(dir, 'grouped.rules');
    writeFileSync(path, rules);
    const compiled = await compileRulesInMemory(path);
    expect(compiled.report).toEqual([]);
    const { game } = await importCompiled<{ game: { options: { name: string; group?: string }[] } }>(compiled.js!);
    expect(game.options.map((o) => [o.name, o.group])).toEqual([
      ['hand_size', 'basic'],
      ['fast', 'advanced'],
      ['basic', undefined],
      ['plain', undefined],
    ]);
  });
});
