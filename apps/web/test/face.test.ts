// Card faces from the face table and layout hints: fills, labels, specials, ink and abbreviations.
import { describe, expect, it } from 'vitest';
import { abbreviate, backColour, faceModel, faceValues, fillTemplate, inkFor, lines } from '../src/table/face.ts';
import { def } from './fixtures.ts';

describe('faceModel', () => {
  it('fills a number card with its colour and writes its labels from the templates', () => {
    const m = faceModel(def, 2);
    expect(m).toMatchObject({ kind: 'Number', fills: ['#d32f2f'], corner: 'K', centre: 'RK', special: false, ink: '#ffffff' });
    expect(m.label).toBe('Red K');
  });

  it('draws a split card in two colours', () => {
    expect(faceModel(def, 7).fills).toEqual(['#d32f2f', '#1565c0']);
  });

  it('draws a colourless kind as a special card with the palette', () => {
    const m = faceModel(def, 6);
    expect(m).toMatchObject({ kind: 'Wild', fills: [], corner: 'W', centre: 'Wild', special: true });
    expect(m.palette).toEqual(['#d32f2f', '#1565c0']);
  });

  it('falls back to the notation when the layout says nothing about a kind', () => {
    const bare = { ...def, layout: { ...def.layout, cards: {}, colours: {} } };
    expect(faceModel(bare, 4)).toMatchObject({ corner: 'B2', centre: 'B2', special: false });
  });
});

describe('helpers', () => {
  it('reads attribute values with enum and number symbols', () => {
    const v = faceValues(def, 5);
    expect(v.get('colour')).toMatchObject({ symbol: 'B', name: 'blue' });
    expect(v.get('number')).toMatchObject({ symbol: 'K', name: '3' });
    expect(v.has('second')).toBe(false);
    expect(fillTemplate('{number}{colour}!', v)).toBe('KB!');
  });

  it('picks readable ink, abbreviates corners and splits long labels', () => {
    expect(inkFor('#f9a825')).toBe('#000000');
    expect(inkFor('#1565c0')).toBe('#ffffff');
    expect(abbreviate('ChangeColour')).toBe('CC');
    expect(abbreviate('Breaker')).toBe('Bre');
    expect(abbreviate('+2')).toBe('+2');
    expect(lines('ChangeColour')).toEqual(['Change', 'Colour']);
    expect(lines('Go Wacky')).toEqual(['Go', 'Wacky']);
    expect(lines('King')).toEqual(['King']);
    expect(backColour(-1)).not.toBe(backColour(0));
  });
});

describe('readable faces', () => {
  const named: typeof def = {
    ...def,
    layout: { ...def.layout, symbols: { red: '●' }, names: { red: 'Crimson', Wild: 'Joker card' }, cards: { ...def.layout.cards, Number: { fill: ['colour'], corner: '{number}', centre: '{colour}' } } },
  };

  it('labels and centres use the readable names; corners keep the symbols', () => {
    const m = faceModel(named, 0);
    expect(m.label).toBe('Crimson 1');
    expect(m.centre).toBe('Crimson');
    expect(m.corner).toBe('1');
    expect(faceModel(named, 6).label).toBe('Joker card');
  });

  it('marks each fill with its colour-blind symbol', () => {
    expect(faceModel(named, 0).marks).toEqual(['●']);
    expect(faceModel(named, 3).marks).toEqual(['']);
    expect(faceModel(named, 7).marks).toEqual(['●', '']);
  });

  it('a name too long for the centre keeps the symbol there', () => {
    const long = { ...named, layout: { ...named.layout, names: { red: 'Extraordinarily crimson and scarlet' } } };
    expect(faceModel(long, 0).centre).toBe('R');
    expect(faceModel(long, 0).label).toBe('Extraordinarily crimson and scarlet 1');
  });

  it('wraps a long centre label at spaces into at most three lines', () => {
    expect(lines('Everybody Go Wacky!')).toEqual(['Everybody', 'Go Wacky!']);
    expect(lines('Change Direction')).toEqual(['Change', 'Direction']);
  });
});
