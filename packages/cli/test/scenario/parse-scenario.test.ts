// The Scenario start rule and the two expression forms it brought to the rules grammar.
import { describe, expect, it } from 'vitest';
import type * as A from '@decksmith/dsl/ast/index.ts';
import { parse } from '@decksmith/dsl/parse/index.ts';
import { parseScenario } from '@decksmith/dsl/parse/parse-scenario.ts';

const ok = (text: string): A.ScenarioAst => {
  const r = parseScenario(text, 't.scenario');
  expect(r.diagnostics).toEqual([]);
  return r.scenario!;
};

describe('parseScenario', () => {
  it('reads the header, the table, the arrangement and every kind of step', () => {
    const s = ok(`scenario "all" for super-taki
players 4
option hand_size = 3; option turn_time = 0s
seed "room-1"
arrange {
  hand(p1) = ['R+2', 'G5']
  slots(s1) = ['R1', _, 'B2']
  draw = rest + ['Y1']
  set colour = red
  set declared(p2) = true
  turn to p1
  dealer p4
  stage play
  round 2
  open window breaker_window
}
p1 does play(c: 'R+2', chosen: red, p: new, q: pile 2)
p2 does draw_card rejected
p3 does play(c: 'G4') rejected penalty/active
together { p1 does a  p2 does b rejected race/beaten }
at 2.5s p1 does draw_card
after 4s
expect count(hand(p3)) == 7 and current == p4
expect announced "Wackee Six!"
expect not announced "x"
expect game over
expect not round over
expect winners [p1, p3]
expect stage play
expect step discard
expect window breaker_window
expect no window
`);
    expect(s.name.value).toBe('all');
    expect(s.game).toMatchObject({ kind: 'id', id: { text: 'super-taki' } });
    expect(s.items.map((i) => i.kind)).toEqual([
      'sc_players', 'sc_option', 'sc_option', 'sc_seed', 'sc_arrange', 'st_does', 'st_does', 'st_does', 'st_together', 'st_at',
      'st_after', 'st_expect', 'st_expect_announced', 'st_expect_announced', 'st_expect_over', 'st_expect_over',
      'st_expect_winners', 'st_expect_flow', 'st_expect_flow', 'st_expect_flow', 'st_expect_flow',
    ]);
    const arrange = s.items[4] as A.ArrangeBlock;
    expect(arrange.items.map((i) => i.kind)).toEqual(['ar_zone', 'ar_zone', 'ar_zone', 'ar_set', 'ar_set', 'ar_turn', 'ar_dealer', 'ar_stage', 'ar_round', 'ar_window']);
    const slots = arrange.items[1] as A.ArrangeZone;
    expect(slots.cards.map((c) => (c.kind === 'face' ? c.text : '_'))).toEqual(['R1', '_', 'B2']);
    expect((arrange.items[2] as A.ArrangeZone).rest).toBe(true);
    const does = s.items[5] as A.DoesStep;
    expect(does.seat).toMatchObject({ kind: 'seat', of: 'player', number: 1 });
    expect(does.args.map((a) => a.value.kind)).toEqual(['face', 'name', 'arg_new', 'arg_pile']);
    expect((s.items[7] as A.DoesStep).code?.text).toBe('penalty/active');
    expect((s.items[9] as A.AtStep).time.ms).toBe(2500);
  });

  it('a quoted rule-file path; p1/s1 are seats only in scenarios', () => {
    const s = ok('scenario "x" for "my/game.rules"\nexpect p2 == player 2 and s1 == side 1\n');
    expect(s.game).toMatchObject({ kind: 'path', path: { value: 'my/game.rules' } });
    const e = (s.items[0] as A.ExpectStep).expr as A.BinaryExpr;
    expect((e.left as A.BinaryExpr).left).toMatchObject({ kind: 'seat', of: 'player', number: 2 });
    expect((e.right as A.BinaryExpr).left).toMatchObject({ kind: 'seat', of: 'side', number: 1 });
    const rules = parse('game g "G"\ndefine x: bool = p1 == player 1\n', 'g.rules');
    expect(rules.diagnostics).toEqual([]);
    const body = (rules.file!.items[1] as A.DefineDecl).body as A.BinaryExpr;
    expect(body.left).toMatchObject({ kind: 'name', name: { text: 'p1' } });
    expect(body.right).toMatchObject({ kind: 'seat', of: 'player', number: 1 });
  });

  it('face literals: escapes, and an unterminated one', () => {
    const s = ok("scenario \"x\" for g\nexpect c == '9±3' or c == 'K♠' or c == 'a\\'b'\n");
    const faces: string[] = [];
    JSON.stringify(s, (k, v: unknown) => {
      if (v !== null && typeof v === 'object' && (v as { kind?: string }).kind === 'face') faces.push((v as A.FaceLit).text);
      return v;
    });
    expect(faces).toEqual(['9±3', 'K♠', "a'b"]);
    const bad = parseScenario("scenario \"x\" for g\nexpect c == 'R5\n", 'b.scenario');
    expect(bad.scenario).toBeNull();
    expect(bad.diagnostics.map((d) => [d.code, d.line, d.col])).toEqual([['string_unterminated', 2, 13]]);
  });

  it('never throws: syntax errors are located diagnostics', () => {
    for (const text of ['', 'scenario', 'scenario "x" for', 'scenario "x" for g\np1 does\n', 'scenario "x" for g\narrange { hand(p1) = [R5] }\n', '\u0000']) {
      const r = parseScenario(text, 'b.scenario');
      expect(r.scenario).toBeNull();
      expect(r.diagnostics).toHaveLength(1);
      expect(r.diagnostics[0]!.file).toBe('b.scenario');
    }
  });
});
