// Checker side of the language's second edition: a second `winner`, constant writes outside a
// variable's range, a `where` that swallows the comparison after it, conditions of stages and
// steps, and `move` with a list of cards.
import { describe, expect, it } from 'vitest';
import { generateModule } from '../../src/codegen/index.ts';
import { checkText } from '../check/helpers.ts';

const game = (extra: { vars?: string; stages?: string; steps?: string; body?: string; tail?: string } = {}) => `game demo "Demo"
players 2..4
option hand_size: 1..6 = 3
zone draw: pile, hidden
zone pool: pile, visible
zone hand: per player, fan, owner
card Plain { n: 1..3 }
deck d { 3 × Plain }
${extra.vars ?? ''}
rounds {
  count 2
  setup { shuffle d into draw  deal hand_size from draw to hand(each player) }
  stages ${extra.stages ?? 'play'}
}
stage play turns${extra.steps ?? ''}
action take(c: card in hand(me)) by current {
  ${extra.body ?? 'move c to pool'}
}
winner lowest score
${extra.tail ?? ''}
`;

const codes = (text: string) => checkText(text).diagnostics.map((d) => `${d.code}@${d.line}:${d.col}`);

describe('winner', () => {
  it('a second winner declaration is declaration_duplicate, noting the first', () => {
    const r = checkText(game({ tail: 'winner highest score' }));
    expect(r.diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([['declaration_duplicate', 20, '"winner" is given twice']]);
    expect(r.diagnostics[0]!.notes[0]).toMatchObject({ message: 'it is first given here', line: 19 });
  });
});

describe('ranges', () => {
  it('a literal write outside a literal range is var_range_exceeded (a warning)', () => {
    const r = checkText(game({ vars: 'var tricks: 0..13 = 0', body: 'move c to pool  set tricks = 14' }));
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([['var_range_exceeded', 'warning', '14 is outside the range 0..13 of "tricks"']]);
  });
  it('an initial value outside the range is reported too', () => {
    expect(codes(game({ vars: 'var tricks: 0..13 = -1', body: 'move c to pool  add 1 to tricks' }))).toEqual(['var_range_exceeded@9:21']);
  });
  it('a bound that is an option is compared with every value the option can take', () => {
    const per = (v: number) => codes(game({ vars: 'player var gave: 0..hand_size = 0', body: `move c to pool  set gave(me) = ${v}` }));
    expect(per(6)).toEqual([]); // hand_size may be 6
    expect(per(7)).toEqual(['var_range_exceeded@17:34']);
  });
  it('writes inside the range, and writes that are not constants, are not reported', () => {
    expect(codes(game({ vars: 'var tricks: 0..13 = 0', body: 'move c to pool  set tricks = 13  add 5 to tricks  set tricks = count(hand(me)) + 20' }))).toEqual([]);
  });
  it('the range is compiled into the variable table', () => {
    const r = checkText(game({ vars: 'var tricks: 0..13 = 0\nplayer var gave: 0..hand_size = 0\nvar free: number = 0', body: 'move c to pool  add 1 to tricks  add 1 to gave(me)  add 1 to free' }));
    const text = generateModule(r.game!);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain("{ name: 'tricks', scope: 'global', type: 'number', init: () => 0, range: [0, 13] }");
    expect(flat).toMatch(/\{ name: 'gave', scope: 'player', type: 'number', init: \(\) => 0, range: \[ ?0, \{ option: 0 \},? ?\] ?,? ?\}/);
    expect(flat).toContain("{ name: 'free', scope: 'global', type: 'number', init: () => 0 }");
  });
});

describe('where and the comparison after it', () => {
  it('count … where <bool> == n is where_captures_comparison, once, instead of two type errors', () => {
    const r = checkText(game({ vars: 'player var ready: bool = false', body: 'require count p in players where ready(p) == 2 else t/two "Two."\n  move c to pool' }));
    expect(r.diagnostics.map((d) => [d.code, d.line, d.col])).toEqual([['where_captures_comparison', 17, 45]]);
  });
  it('also for sum, max and min', () => {
    const r = checkText(game({ vars: 'player var ready: bool = false', body: 'require (sum 1 for p in players where ready(p) > 1) else t/two "Two."\n  move c to pool' }));
    expect(r.diagnostics.map((d) => d.code)).toEqual(['where_captures_comparison']);
  });
  it('a where with its own comparison leaves the outer one to the count, as an author expects', () => {
    expect(codes(game({ body: 'require count x in hand(me) where x.n > 1 == 2 else t/two "Two."\n  move c to pool' }))).toEqual([]);
  });
  it('any, all and exists have a boolean result: a boolean where is theirs', () => {
    expect(codes(game({ vars: 'player var ready: bool = false', body: 'require exists p in players where ready(p) == true else t/one "One."\n  move c to pool' }))).toEqual([]);
  });
});

describe('conditional stages and steps', () => {
  it('check clean with boolean conditions and compile to stageWhen / stepWhen', () => {
    const r = checkText(game({ stages: 'pass if round mod 2 == 1, play', steps: ' { steps lead, follow if count(hand(current)) > 1 }', tail: 'stage pass turns\naction pass_on by current during pass { end stage }', body: 'move c to pool' }).replace('by current {', 'by current during lead, follow {'));
    expect(r.diagnostics).toEqual([]);
    const text = generateModule(r.game!);
    expect(text).toContain('stageWhen: [(x) => x.round() % 2 === 1, null]');
    expect(text).toMatch(/stepWhen: \[null, \(x\) => /);
  });
  it('a condition that is not a boolean is type_mismatch', () => {
    const r = checkText(game({ stages: 'play if round' }));
    expect(r.diagnostics.map((d) => [d.code, d.message])).toEqual([['type_mismatch', 'expected bool as the condition of a stage, found number']]);
  });
  it('no player acts in a stage or step condition: me there is me_without_actor', () => {
    const stage = checkText(game({ stages: 'play if count(hand(me)) > 0' }));
    expect(stage.diagnostics.map((d) => [d.code, d.message])).toEqual([['me_without_actor', '"me" has no meaning in the condition of a stage: no player is acting there']]);
    const step = checkText(game({ steps: ' { steps lead, follow if count(hand(me)) > 1 }' }).replace('by current {', 'by current during lead, follow {'));
    expect(step.diagnostics.map((d) => d.code)).toEqual(['me_without_actor']);
  });
  it('without conditions nothing changes in the generated module', () => {
    expect(generateModule(checkText(game()).game!)).not.toMatch(/stageWhen|stepWhen/);
  });
});

describe('move with a list of cards', () => {
  it('moves a list (`hand(me) without c`, a cards parameter) and compiles one move per card', () => {
    const r = checkText(game({ body: 'move hand(me) without c to top of pool' }));
    expect(r.diagnostics).toEqual([]);
    expect(generateModule(r.game!)).toMatch(/for \(const \$c\d+ of \[\.\.\.[^\]]+\]\) x\.move\(\$c\d+, \$to\d+, 'top'\)/);
  });
  it('a list to a slot, or a number, is type_mismatch', () => {
    expect(checkText(game({ body: 'move hand(me) without c to pool at 1' })).diagnostics.map((d) => d.message)).toEqual(['expected one Card to move to a slot, found a list of cards']);
    expect(checkText(game({ body: 'move 3 to pool' })).diagnostics.map((d) => d.message)).toEqual(['expected Card or [Card] as the cards to move, found number']);
  });
});

describe('limits the checker reports instead of failing later', () => {
  it('a second idle timer in a realtime stage is clause_duplicate (it used to reach the generator as internal_error)', () => {
    const text = game({ stages: 'play', tail: '' }).replace('stage play turns', 'stage play realtime { idle 5s { end round }  idle 9s { end round } }').replace('by current {', 'by any player {');
    const r = checkText(text);
    expect(r.diagnostics.map((d) => [d.code, d.message])).toEqual([['clause_duplicate', '"idle" is given twice in this stage: a realtime stage has one idle timer']]);
  });
});

describe('count of a pile', () => {
  it('count(p) of a pile parameter counts its cards (it compiled to p.length, always undefined)', () => {
    const text = game({ tail: 'zone table: piles, visible' }).replace('action take(c: card in hand(me)) by current {\n  move c to pool\n}', 'action take(c: card in hand(me), p: pile in table or new) by current {\n  require p == none or count(p) < 4 else pile/full "That pile is full."\n  move c to pool\n}');
    const r = checkText(text);
    expect(r.diagnostics).toEqual([]);
    const out = generateModule(r.game!);
    // A family's pile has no holes: its length (x.size), as for any zone that is not a row.
    expect(out).toContain('x.size(p) < 4');
    expect(out).not.toContain('p.length');
  });
});
