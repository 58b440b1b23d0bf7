// The table's newcomer logic, pure: cards that offer more than the others, why a card cannot be
// played, where actions put cards, hand arrangements, round summaries and readable names.
import { describe, expect, it } from 'vitest';
import type { ViewEvent, WireAction } from '../src/net/protocol.ts';
import { extraActions, extraPrompt, learnLandings, whyNot } from '../src/state/card-choices.ts';
import { arrange, moveCard } from '../src/state/hand-order.ts';
import { ownedName, readable } from '../src/state/names.ts';
import { howMade, roundEnd, summarise } from '../src/state/round-summary.ts';
import { card, def, view } from './fixtures.ts';

const discardOrOut: WireAction[] = [
  { type: 'discard', args: { c: 21 } },
  { type: 'discard', args: { c: 22 } },
  { type: 'discard', args: { c: 23 } },
  { type: 'play', args: { c: 22 } },
];

describe('cards that offer more than the others', () => {
  it('marks only the card with an action the others lack, and the prompt names it', () => {
    const extras = extraActions(def, discardOrOut);
    expect([...extras]).toEqual([[22, ['play']]]);
    expect(extraPrompt(def, extras)).toBe('Marked cards can also Play: choosing one asks which.');
  });

  it('marks nothing when every card offers the same actions', () => {
    expect(extraActions(def, discardOrOut.slice(0, 3)).size).toBe(0);
    expect(extraPrompt(def, new Map())).toBe('');
  });

  it('a lone card with two actions is marked with the second', () => {
    expect([...extraActions(def, [{ type: 'discard', args: { c: 21 } }, { type: 'play', args: { c: 21 } }])]).toEqual([[21, ['play']]]);
  });
});

describe('why a card cannot be played', () => {
  it('asks the server with another card’s action, its other arguments kept', () => {
    const why = whyNot(def, view(), [{ type: 'build', args: { c: 22, p: 8 } }], 21, '');
    expect(why).toEqual({ kind: 'ask', action: { type: 'build', args: { c: 21, p: 8 } } });
  });

  it('names the buttons to press first when no card action is open', () => {
    expect(whyNot(def, view(), [{ type: 'draw_card' }], 21, '')).toEqual({ kind: 'say', text: 'Not now: first Draw card.' });
  });

  it('says whose turn it is when nothing is open', () => {
    expect(whyNot(def, view(), [], 21, 'it is Bot 2’s turn')).toEqual({ kind: 'say', text: 'Not now: it is Bot 2’s turn.' });
  });
});

describe('where actions put their cards', () => {
  it('learns the zone an action’s first move went to, first seen wins', () => {
    const into = new Map<string, string>();
    const events = [
      { type: 'action', seat: 1, action: 'play' },
      { type: 'move', from: 4, to: 1, at: 1, card: 9, face: 0, shown: 'R1' },
      { type: 'action', seat: 2, action: 'play' },
      { type: 'move', from: 4, to: 0, at: 3, back: 2 },
    ] as ViewEvent[];
    learnLandings(events, view(), into);
    expect([...into]).toEqual([['play', 'discard']]);
  });
});

describe('arranging a hand', () => {
  const cards = [card(1, 4), card(2, 0), card(3, 6), card(4, 2), card(5, 3)]; // B2 R1 W RK B1

  it('sorts by suit (colour, then rank) or by rank, keeping the zone indices', () => {
    expect(arrange(def, cards, { sort: 'suit', order: [] }).map((x) => x.index)).toEqual([2, 1, 3, 4, 0]);
    expect(arrange(def, cards, { sort: 'rank', order: [] }).map((x) => x.index)).toEqual([2, 1, 4, 0, 3]);
    expect(arrange(def, cards, { sort: 'dealt', order: [] }).map((x) => x.index)).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps a free order, new cards at the end', () => {
    expect(arrange(def, cards, { sort: 'free', order: [5, 3, 1] }).map((x) => x.index)).toEqual([4, 2, 0, 1, 3]);
    expect(moveCard([1, 2, 3, 4], 4, 2)).toEqual([1, 4, 2, 3]);
    expect(moveCard([1, 2, 3, 4], 1, null)).toEqual([2, 3, 4, 1]);
  });
});

describe('round summary', () => {
  it('gives each player the round’s points, what scoring added, totals and cards held', () => {
    const events = [{ type: 'announce', text: 'x' }, { type: 'round', round: 2, phase: 'end', scores: [12, 30, 5], scored: [2, 30, 0] }] as ViewEvent[];
    const end = roundEnd(events)!;
    const s = summarise(end, [0, 10, 5], view(), (v, p) => v.zones.filter((z) => z.owner === p && z.name === 'hand').reduce((n, z) => n + z.count, 0), ['Cy goes out!'], true);
    expect(s.round).toBe(2);
    expect(s.rows.map((r) => [r.points, r.atEnd, r.total, r.held])).toEqual([[12, 2, 12, 3], [20, 30, 30, 2], [0, 0, 5, 4]]);
    expect(howMade(s.rows[0]!)).toBe('+12 (+10 in play, +2 when the round was scored)');
    expect(howMade(s.rows[1]!)).toBe('+20 (-10 in play, +30 when the round was scored)');
    expect(howMade(s.rows[2]!)).toBe('0');
    expect(s.notes).toEqual(['Cy goes out!']);
    expect(roundEnd([{ type: 'round', round: 2, phase: 'start' }] as ViewEvent[])).toBeUndefined();
  });
});

describe('names', () => {
  it('uses the layout’s readable names, else humanises', () => {
    const named = { ...def, layout: { ...def.layout, names: { draw_card: 'Draw a card' } } };
    expect(readable(named, 'draw_card')).toBe('Draw a card');
    expect(readable(def, 'draw_card')).toBe('Draw card');
    expect(ownedName('Hand', 'You')).toBe('Your hand');
    expect(ownedName('Hand', 'Bot 2 (random)')).toBe('Bot 2 (random)’s hand');
    expect(ownedName('Discard', null)).toBe('Discard');
  });
});
