// Every card of every game in the repository, drawn as the client draws it: each text colour
// reads on what it sits on at WCAG AA (4.5:1), and every colour a layout fills cards with has
// a colour-blind symbol. Also the contrast helpers themselves.
import { describe, expect, it } from 'vitest';
import type { ClientDef } from '../src/state/def.ts';
import { AA, contrast, inkFor, readableOn } from '../src/table/contrast.ts';
import { faceModel, needsUnderline } from '../src/table/face.ts';

const modules = import.meta.glob<{ game?: ClientDef }>('../../../games/*/generated/*.generated.ts', { eager: true });
const games = Object.entries(modules).flatMap(([path, m]) => (m.game ? [{ path, def: m.game }] : []));

describe('contrast helpers', () => {
  it('computes WCAG ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 1);
    expect(contrast('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // The figure: a yellow label on white.
    expect(contrast('#f9a825', '#ffffff')).toBeLessThan(2.1);
  });

  it('picks the ink that contrasts more and darkens a colour until it reads on white', () => {
    expect(inkFor('#fdd835')).toBe('#000000');
    expect(inkFor('#1565c0')).toBe('#ffffff');
    const amber = readableOn('#f9a825');
    expect(contrast(amber, '#ffffff')).toBeGreaterThanOrEqual(AA);
    expect(readableOn('#1565c0')).toBe('#1565c0');
  });

  it('underlines corners of digits with a 6 or a 9 only', () => {
    expect(['6', '9', '16', '69'].map(needsUnderline)).toEqual([true, true, true, true]);
    expect(['8', '10', 'K', '6±3', '+2'].map(needsUnderline)).toEqual([false, false, false, false, false]);
  });
});

describe('card text contrast in every game', () => {
  it('finds the games', () => {
    expect(games.length).toBeGreaterThanOrEqual(5);
  });

  for (const { path, def } of games) {
    it(`${path.split('/').pop()}: every corner, centre and symbol reads at 4.5:1`, () => {
      const failures: string[] = [];
      for (let face = 0; face < def.faces.kind.length; face++) {
        const m = faceModel(def, face);
        // Corners and symbols sit on the (first) fill, or on the dark special card, or on white.
        const under = m.fills[0] ?? (m.special ? '#1d1d1f' : '#fbfaf6');
        if (m.corner && contrast(m.ink, under) < AA) failures.push(`${m.label}: corner ${m.ink} on ${under}`);
        m.fills.forEach((fill, i) => {
          if (m.marks[i] && contrast(inkFor(fill), fill) < AA) failures.push(`${m.label}: symbol on ${fill}`);
        });
        // The centre label sits on the white oval (or straight on the off-white card).
        const oval = m.fills.length === 0 && !m.special ? '#fbfaf6' : '#ffffff';
        if (m.centre && contrast(m.centreInk, oval) < AA) failures.push(`${m.label}: centre ${m.centreInk} on ${oval}`);
      }
      expect(failures).toEqual([]);
    });

    it(`${path.split('/').pop()}: every colour that fills cards has a colour-blind symbol or the face names it`, () => {
      const missing = new Set<string>();
      for (let face = 0; face < def.faces.kind.length; face++) {
        const m = faceModel(def, face);
        // A colour told apart by a symbol on the face (a suit, say) needs no extra mark.
        m.fills.forEach((fill, i) => {
          if (!m.marks[i] && !(m.fills.length === 1 && /[^\w\s]/u.test(m.corner + m.centre))) missing.add(fill);
        });
      }
      expect([...missing]).toEqual([]);
    });
  }
});
