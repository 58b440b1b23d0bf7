// `by player with role r if cond`: parsed, the condition checked as a boolean, compiled as the
// role's `when` (the role is required only while the condition holds).
import { describe, expect, it } from 'vitest';
import { generateModule } from '../../src/codegen/index.ts';
import { checkText } from './helpers.ts';

const game = (cond: string) => `game demo "Demo"
players 2..8
option strict: bool = true
sides {
  when players <= 2: one per player
  otherwise: pairs, odd player alone
}
roles main, stock
zone draw: pile, hidden
zone hand: per player, fan, owner
card Plain { n: 1..3 }
deck d { 4 × Plain }
rounds {
  count 1
  setup { shuffle d into draw  deal 2 from draw to hand(each player) }
  stages play
}
stage play realtime
action take by player with role stock if ${cond} during play { move top of draw to hand(me) }
when draw is empty { end round }
winner lowest score
`;

describe('by player with role r if cond', () => {
  it('checks clean with a boolean condition and compiles it as the role’s when', () => {
    const r = checkText(game('strict'));
    expect(r.diagnostics).toEqual([]);
    const text = generateModule(r.game!);
    expect(text).toContain("who: { kind: 'role', role: 1, when: (x) => x.opt(0) !== 0 }");
  });
  it('reports a condition that is not a boolean', () => {
    const r = checkText(game('draw'));
    expect(r.diagnostics.map((d) => [d.code, d.line])).toEqual([['type_mismatch', 19]]);
    expect(r.diagnostics[0]!.message).toContain('as the condition of a role');
  });
  it('without a condition the role is always required', () => {
    const r = checkText(game('strict').replace(' if strict', ''));
    expect(generateModule(r.game!)).toContain("who: { kind: 'role', role: 1 }");
  });
});
