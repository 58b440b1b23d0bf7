// The checked model of a small valid game: enums, attributes, faces and notation, options, vars, decks, refs and types.
import { describe, expect, it } from 'vitest';
import type { CheckedGame } from '../../src/check/index.ts';
import { checkText, nodesAt } from './helpers.ts';

const SOURCE = `game mini "Mini"
players 2..5
option hand_size: 1..10 = 4          "Cards dealt"
option think: 1s..10s = 2500ms
option strict: bool = true
option pace: slow | fast = fast
option copies: 1..3 = 2
enum Colour { red "R", blue "B" }
card Number { colour: Colour, rank: 1..2 | 11 "J" } shown "{colour}{rank}"
card Action { colour: Colour, figure: hop "S" | again "A" } shown "{colour}{figure}"
card Special { figure: wild "W" } shown "{figure}"
deck main { copies × Number  1 × Action where figure != again  1 × Special }
zone draw: pile, hidden, refill from discard keeping top
zone discard: pile, visible
zone hand: per player, fan, owner
var colour: Colour? = none
var red: number = 0       # also an enum value: the context decides
player var said: bool = false
define lead: Card? = top of discard
define fits(c: Card): bool = c.colour == colour or lead == none
define rank_of(c: Card): number = if c is Number then c.rank else 0
rounds {
  count 2
  value dealt = round + hand_size
  setup { shuffle main into draw  deal dealt from draw to hand(each player)  set colour = red }
  stages play
}
stage play turns from left of dealer { turn timer think { pass } }
action play(c: card in hand(me) where fits(c), pick: Colour if c.figure == wild) by current during play {
  require strict or pace == fast else play/slow "Too slow."
  move c to discard
  if c.colour == red { add 1 to red }
  if pick != none { set colour = pick } else { set colour = c.colour }
  set said(me) = count(hand(me)) == 1
  add rank_of(c) to score(me)
}
action pass by current during play { move top of draw to hand(me) }
winner highest red
`;

const { game, diagnostics } = checkText(SOURCE);
const g = game as CheckedGame;
const at = (source: string, kind?: string) => {
  const [node] = nodesAt(g.ast, SOURCE, source, kind);
  if (!node) throw new Error(`no node ${source}`);
  return node;
};

describe('checked model of a small game', () => {
  it('checks clean', () => {
    expect(diagnostics).toEqual([]);
    expect(g).not.toBeNull();
    expect([g.id, g.title, g.minPlayers, g.maxPlayers]).toEqual(['mini', 'Mini', 2, 5]);
  });

  it('collects declared and inline enums, in that order', () => {
    expect(g.enums.map((e) => [e.name, e.values, e.symbols])).toEqual([
      ['Colour', ['red', 'blue'], ['R', 'B']],
      ['Pace', ['slow', 'fast'], ['slow', 'fast']],
      ['Figure', ["hop", "again", "wild"], ['S', 'A', 'W']],
    ]);
  });

  it('unifies attributes across kinds', () => {
    expect(g.attrs.map((a) => [a.name, a.enumName, a.numbers, a.numberSymbols])).toEqual([
      ['colour', 'Colour', [], {}],
      ['rank', null, [1, 2, 11], { 11: 'J' }],
      ['figure', 'Figure', [], {}],
    ]);
    expect(g.kinds.map((k) => [k.name, k.attrs])).toEqual([['Number', [0, 1]], ['Action', [0, 2]], ['Special', [2]]]);
  });

  it('expands faces with their notation', () => {
    expect(g.faces.map((f) => f.notation)).toEqual(['R1', 'R2', 'RJ', 'B1', 'B2', 'BJ', 'RS', 'RA', 'BS', 'BA', 'W']);
    expect(g.faces[2]).toEqual({ index: 2, kind: 0, values: [0, 11, -1], notation: 'RJ' });
    expect(g.faces[10]).toEqual({ index: 10, kind: 2, values: [-1, -1, 2], notation: 'W' });
  });

  it('encodes option defaults as runtime numbers', () => {
    expect(g.options.map((o) => [o.name, o.index, o.kind, o.min, o.max, o.enumName, o.default])).toEqual([
      ['hand_size', 0, 'int', 1, 10, undefined, 4],
      ['think', 1, 'duration', 1000, 10000, undefined, 2500],
      ['strict', 2, 'bool', undefined, undefined, undefined, 1],
      ['pace', 3, 'enum', undefined, undefined, 'Pace', 1],
      ['copies', 4, 'int', 1, 3, undefined, 2],
    ]);
    expect(g.options[0]!.description).toBe('Cards dealt');
  });

  it('indexes vars: declared, then round values, then the implicit score', () => {
    expect(g.vars.map((v) => [v.index, v.name, v.scope, v.type.t, v.implicit])).toEqual([
      [0, 'colour', 'global', 'optional', false],
      [1, 'red', 'global', 'number', false],
      [2, 'said', 'player', 'bool', false],
      [3, 'dealt', 'global', 'number', false],
      [4, 'score', 'player', 'number', true],
    ]);
    expect(g.scoreVar).toBe(4);
    expect(g.vars[3]!.roundValue).not.toBeNull();
  });

  it('resolves zones, refill, decks and their lines', () => {
    expect(g.zones.map((z) => [z.name, z.scope, z.shape, z.visibility, z.refill])).toEqual([
      ['draw', 'shared', 'pile', 'hidden', 1],
      ['discard', 'shared', 'pile', 'visible', null],
      ['hand', 'player', 'fan', 'owner', null],
    ]);
    const deck = g.decks[0]!;
    expect(deck.home).toBe(0);
    expect(deck.lines.map((l) => [l.kind, l.candidates, l.faces])).toEqual([
      [0, [0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 4, 5]],
      [1, [6, 7, 8, 9], [6, 8]],
      [2, [10], [10]],
    ]);
  });

  it('types action parameters (a conditional one is optional)', () => {
    const play = g.actions.find((a) => a.name === 'play')!;
    expect(play.params.map((p) => [p.name, p.type])).toEqual([
      ['c', { t: 'card' }],
      ["pick", { t: "optional", of: { t: "enum", name: "Colour" } }],
    ]);
  });

  it('records refs: enum value by expected type, vars, params, defines, zones, builtins, flow names', () => {
    // `red` is a Colour where a Colour is expected, else the variable.
    const red = nodesAt(g.ast, SOURCE, 'red', 'name').map((n) => g.refs.get(n));
    expect(red.map((r) => (r?.kind === 'var' ? `var ${r.info.index}` : r?.kind === 'enum_value' ? `${r.enumName}.${r.ordinal}` : r?.kind))).toEqual([
      'Colour.0', 'Colour.0', 'var 1', 'var 1',
    ]);
    const colour = nodesAt(g.ast, SOURCE, 'colour', 'name').map((n) => g.refs.get(n)?.kind);
    expect(colour).toEqual(['attr', 'attr', 'var', 'var', 'var', 'var']);
    expect(g.refs.get(at('fits(c)', 'call'))).toMatchObject({ kind: 'define', info: { name: 'fits' } });
    expect(g.refs.get(at('hand(me)', 'call'))).toMatchObject({ kind: 'zone', info: { name: 'hand' } });
    expect(g.refs.get(at('said(me)', 'call'))).toMatchObject({ kind: 'var', info: { name: 'said', scope: 'player' } });
    expect(g.refs.get(at("pick", "name"))).toEqual({ kind: 'param', index: 1, type: { t: 'optional', of: { t: 'enum', name: 'Colour' } } });
    expect(g.refs.get(at('fast', 'name'))).toEqual({ kind: 'enum_value', enumName: 'Pace', ordinal: 1 });
    const during = g.actions[0]!.decl.during[0]!;
    expect(g.refs.get(during)).toMatchObject({ kind: 'stage', info: { name: 'play' } });
    const stage = g.stages[0]!.decl;
    if (stage.mode.kind !== 'turns' || !stage.mode.turnTimer) throw new Error('turns');
    expect(g.refs.get(stage.mode.turnTimer.action)).toMatchObject({ kind: 'action', info: { name: 'pass' } });
  });

  it('records types', () => {
    expect(g.types.get(at('top of discard') as never)).toEqual({ t: 'optional', of: { t: 'card' } });
    expect(g.types.get(at('c.colour == colour') as never)).toEqual({ t: 'bool' });
    expect(g.types.get(at('c.figure') as never)).toEqual({ t: 'optional', of: { t: 'enum', name: 'Figure' } });
    expect(g.types.get(at('c.colour') as never)).toEqual({ t: 'optional', of: { t: 'enum', name: 'Colour' } });
    expect(g.types.get(at('round + hand_size') as never)).toEqual({ t: 'number' });
    // Narrowed by `c is Number`: every Number has a rank.
    expect(g.types.get(at('c.rank') as never)).toEqual({ t: 'number' });
    expect(g.types.get(at('count(hand(me))') as never)).toEqual({ t: 'number' });
    expect(g.types.get(at('hand(me)', 'call') as never)).toEqual({ t: 'zone', decl: 'hand' });
  });
});

describe('variants', () => {
  const base = `game base "Base"
players 2..4
option hand_size: 1..5 = 3
zone draw: pile, hidden
zone hand: per player, fan, owner
card Plain { n: 1..3 }
deck d { 1 × Plain }
rounds { count 1  setup { shuffle d into draw  deal hand_size from draw to hand(each player) } stages play }
stage play turns
action take by current during play { move top of draw to hand(me) }
action give by current during play { move top of draw to hand(next after me) }
winner lowest score
`;
  it('merges a variant onto its base: overrides, replacements, removals, additions', () => {
    const variant = `game plus "Plus" extends base
option hand_size = 5
remove action give
action take by current during play { move 2 from draw to hand(me) }
var extra: number = 1
action more by current during play { add extra to score(me) }
`;
    const { game, diagnostics } = checkText(variant, { base });
    expect(diagnostics).toEqual([]);
    expect(game!.id).toBe('plus');
    expect(game!.options[0]!.default).toBe(5);
    expect(game!.actions.map((a) => a.name)).toEqual(['take', 'more']);
    expect(game!.actions[0]!.decl.loc.file).toBe('test.rules');
    expect(game!.sources.map((s) => s.file)).toEqual(['test.rules', 'base.rules']);
  });
});
