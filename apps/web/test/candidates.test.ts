// From clicks to actions: which cards are playable, what a click binds, and what is left to ask.
import { describe, expect, it } from 'vitest';
import { answer, bindCard, bindPile, buttonActions, candidates, nextQuestion, playableCards } from '../src/state/candidates.ts';
import { def, legal } from './fixtures.ts';

describe('candidates', () => {
  it('lists the cards some legal action names, and buttons for the others (not the turn timer’s)', () => {
    expect([...playableCards(def, legal).keys()].sort()).toEqual([21, 22, 23]);
    expect(buttonActions(def, legal)).toEqual(['draw_card', 'end_run']);
  });

  it('sends a card that allows exactly one action', () => {
    const b = bindCard(def, legal, { args: {} }, 22)!;
    expect(nextQuestion(def, legal, b)).toMatchObject({ kind: 'param', param: { name: 'p' }, values: [8, 'new'] });
    const onPile = bindPile(def, legal, b, 8)!;
    expect(nextQuestion(def, legal, onPile)).toEqual({ kind: 'send', action: legal[4] });
  });

  it('asks which action when a card allows several, then narrows', () => {
    const b = bindCard(def, legal, { args: {} }, 21)!;
    const q = nextQuestion(def, legal, b);
    expect(q).toEqual({ kind: 'type', options: ['play', 'discard'] });
    expect(nextQuestion(def, legal, answer(b, q, 'discard'))).toEqual({ kind: 'send', action: legal[3] });
  });

  it('asks for a colour for a wild, and yes or no for a flag', () => {
    const q = nextQuestion(def, legal, bindCard(def, legal, { args: {} }, 23)!);
    expect(q).toMatchObject({ kind: 'param', param: { name: 'chosen', kind: 'enum' }, values: ['red', 'blue'] });
    const run = nextQuestion(def, legal, { type: 'end_run', args: {} });
    expect(run).toMatchObject({ kind: 'param', param: { kind: 'bool' }, values: [true, false] });
    expect(nextQuestion(def, legal, answer({ type: 'end_run', args: {} }, run, false))).toEqual({ kind: 'send', action: legal[8] });
  });

  it('finds nothing for a card no action names', () => {
    expect(bindCard(def, legal, { args: {} }, 99)).toBeNull();
    expect(nextQuestion(def, legal, { args: { c: 99 } })).toEqual({ kind: 'none' });
    expect(candidates(legal, { type: 'draw_card', args: {} })).toEqual([legal[6]]);
  });
});
