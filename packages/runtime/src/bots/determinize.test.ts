// determinize: conserves cards, never changes what the seat sees, and really re-deals what it cannot see.
import { describe, expect, it } from 'vitest';
import { checkInvariants, setup, view, type GameDef, type GameState } from '../index.ts';
import { deriveRng } from '../rng/index.ts';
import { playRandom } from '../../test/helpers/play.ts';
import { shed } from '../../test/fixtures/shed.ts';
import { race } from '../../test/fixtures/race.ts';
import { rummy } from '../../test/fixtures/rummy.ts';
import { teams } from '../../test/fixtures/teams.ts';
import { determinize, hiddenCards } from './determinize.ts';

const FIXTURES: [GameDef, number][] = [[shed, 3], [race, 2], [rummy, 3], [teams, 4]];

function statesOf(def: GameDef, players: number): GameState[] {
  const out: GameState[] = [];
  for (let g = 0; g < 3; g++) {
    const start = setup(def, { players, seed: `det-${g}` });
    out.push(start);
    playRandom(def, start, g, { maxSteps: 120, onStep: (s) => { if (s.after.result === null && s.at % 4 === 0) out.push(s.after); } });
  }
  return out;
}

const sortedFaces = (s: GameState) => s.face.slice().sort((a, b) => a - b);

describe('determinize', () => {
  for (const [def, players] of FIXTURES) {
    it(`keeps cards, zones and every seat's own view in ${def.id}`, () => {
      let changed = 0;
      for (const [i, s] of statesOf(def, players).entries()) {
        for (let seat = 0; seat < players; seat++) {
          const before = JSON.stringify(view(def, s, seat));
          const d = determinize(def, s, seat, deriveRng(`d${i}`, `seat${seat}`));
          // Same cards (the multiset of faces), same places, same sizes, same ids.
          expect(sortedFaces(d)).toEqual(sortedFaces(s));
          expect(d.zones).toEqual(s.zones);
          expect(d.cardZone).toEqual(s.cardZone);
          expect(checkInvariants(def, d)).toEqual([]);
          // What the seat sees is untouched; the caller's state is untouched.
          expect(JSON.stringify(view(def, d, seat))).toBe(before);
          expect(JSON.stringify(view(def, s, seat))).toBe(before);
          // Faces only move between cards the seat cannot see, with the same back.
          const hidden = new Set(hiddenCards(def, s, seat));
          for (let c = 0; c < s.face.length; c++) {
            if (d.face[c] === s.face[c]) continue;
            changed++;
            expect(hidden.has(c)).toBe(true);
          }
          const byBack = (st: GameState) => {
            const m: Record<string, number[]> = {};
            for (const c of hidden) (m[`${st.deck[c]}/${st.owner[c]}`] ??= []).push(st.face[c]);
            for (const k of Object.keys(m)) m[k].sort((a, b) => a - b);
            return m;
          };
          expect(byBack(d)).toEqual(byBack(s));
          expect(d.rng).not.toEqual(s.rng);
        }
      }
      expect(changed).toBeGreaterThan(0);
    });
  }

  it('keeps remembered cards fixed', () => {
    const s = setup(shed, { players: 2, seed: 'known' });
    const hidden = hiddenCards(shed, s, 0);
    const known = new Set(hidden.slice(0, 5));
    for (let k = 0; k < 10; k++) {
      const d = determinize(shed, s, 0, deriveRng('known', String(k)), { known });
      for (const c of known) expect(d.face[c]).toBe(s.face[c]);
    }
  });

  it('gives different worlds for different streams and the same for the same', () => {
    const s = setup(shed, { players: 3, seed: 'worlds' });
    const a = determinize(shed, s, 1, deriveRng('w', 'a'));
    const b = determinize(shed, s, 1, deriveRng('w', 'b'));
    const a2 = determinize(shed, s, 1, deriveRng('w', 'a'));
    expect(a.face).not.toEqual(b.face);
    expect(a2).toEqual(a);
  });
});
