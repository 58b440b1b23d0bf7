// The rules account generated from a game's tables (every action, the options at this table) and an author's README split into text blocks.
import { describe, expect, it } from 'vitest';
import { dealLines, describeGame, roundLines } from '../src/rules/describe.ts';
import { toBlocks } from '../src/rules/markdown.ts';
import type { ClientDef } from '../src/state/def.ts';
import type { OptionInfo } from '../src/net/api.ts';

import { def as fixtureDef } from './fixtures.ts';

// Every game's panel (through the server's client def) is checked in the browser: e2e/table-social.e2e.ts.
const games: { path: string; def: ClientDef }[] = [{ path: 'fixture', def: fixtureDef }];

describe('describeGame', () => {
  it.each(games.map((g) => [g.path, g.def] as const))('%s: names every action, and says what the cards, the table, the flow and the scoring are', (_path, def) => {
    const a = describeGame(def, []);
    expect(a.actions.map((x) => x.name)).toEqual(def.actions.map((x) => x.name));
    for (const x of a.actions) expect(x.what.length).toBeGreaterThan(2);
    expect(a.sections.map((s) => s.id)).toEqual(['cards', 'table', 'flow', 'scoring']);
    expect(a.sections.find((s) => s.id === 'table')!.lines).toHaveLength(def.zones.length);
    expect(a.sections.find((s) => s.id === 'scoring')!.lines.join(' ')).toContain(def.winner.by);
  });

  it('shows the options as chosen at this table, marking the changed ones', () => {
    const def = games[0]!.def;
    const options: OptionInfo[] = [
      { name: 'turn_time', description: 'Turn timer', kind: 'duration', default: 0 },
      { name: 'colour', description: 'Colour', kind: 'enum', values: ['red', 'blue'], default: 0 },
      { name: 'fast', description: 'Fast', kind: 'bool', default: 1 },
    ];
    const a = describeGame(def, options, { turn_time: 15000, colour: 'red' });
    expect(a.options).toEqual([
      { name: 'turn_time', label: 'Turn timer', value: '15 s', changed: true },
      { name: 'colour', label: 'Colour', value: 'red', changed: false },
      { name: 'fast', label: 'Fast', value: 'yes', changed: false },
    ]);
  });
});

describe('dealLines', () => {
  it('says each player’s share once when all get the same, shared piles by their total, and uneven shares per player', () => {
    const def = games[0]!.def;
    const hand = def.zones.find((z) => z.scope === 'player')!.name;
    const shared = def.zones.find((z) => z.scope === 'shared')!.name;
    expect(dealLines(def, [{ zone: shared, owner: -1, count: 30 }, { zone: hand, owner: 0, count: 7 }, { zone: hand, owner: 1, count: 7 }], 2).join(' ')).toMatch(/At a table of 2:.*30 cards\..*7 cards for each player\./);
    expect(dealLines(def, [{ zone: hand, owner: 0, count: 2 }, { zone: hand, owner: 1, count: 1 }], 2).join(' ')).toContain('2 cards for player 1, 1 card for player 2');
    expect(dealLines(def, [], 3)).toEqual(['At a table of 3:', 'Nothing is dealt before play starts.']);
  });
});

describe('roundLines', () => {
  it('says how many rounds or that a condition ends the game, the dealer, scoring and ties', () => {
    expect(roundLines({ count: 11, until: false, dealer: { first: 'random', rotate: 'left' }, scoredEachRound: true, ties: 'shared' })).toEqual([
      'The game lasts 11 rounds.',
      'Points are scored at the end of every round.',
      'The first dealer is drawn at random, then the deal passes to the left.',
      'A tie for the win is a shared win.',
    ]);
    expect(roundLines({ count: null, until: true, dealer: { first: 'first', rotate: 'fixed' }, scoredEachRound: false, ties: 'replay' })).toEqual([
      'Rounds are played until the game’s end condition holds after a round’s scoring.',
      'Player 1 deals first and keeps dealing.',
      'A tie for the win is played off with another round.',
    ]);
  });

  it('quotes the end condition as the rule file writes it, when the server sends it', () => {
    const r = { count: null, until: true, untilText: 'max score(s) for s in sides >= target', dealer: { first: 'first', rotate: 'left' }, scoredEachRound: true, ties: 'replay' };
    expect(roundLines(r)[0]).toBe('Rounds are played until this holds after a round’s scoring: max score(s) for s in sides >= target.');
    expect(roundLines({ ...r, count: 5 })[0]).toBe('The game lasts 5 rounds, unless before that this holds after a round’s scoring: max score(s) for s in sides >= target.');
  });
});

describe('toBlocks', () => {
  it('keeps headings, lists, paragraphs and code as plain text, and drops markup', () => {
    const md = '# Go **Fish**\n\nAsk for a [rank](http://x) you hold.\nThen <b>wait</b>.\n\n- one `book`\n- two\n\n```\nplay c\n```\n';
    expect(toBlocks(md)).toEqual([
      { kind: 'h', level: 1, text: 'Go Fish' },
      { kind: 'p', text: 'Ask for a rank you hold. Then wait.' },
      { kind: 'li', text: 'one book' },
      { kind: 'li', text: 'two' },
      { kind: 'code', text: 'play c' },
    ]);
  });
});
